import Foundation
import Testing
import TestSupport
@testable import LuaRuntime

/// Issue 9 ("Hardening"): each case an attacker tried, as a test that failed on the old code.
/// Hangs run under `withDeadline`, so a regression fails the test instead of hanging the suite.
@Suite struct HardeningTests {
    // MARK: 1–2, each script its own view of every library and module

    @Test func rawsetOnALibraryChangesOnlyThatScriptsView() throws {
        let lua = try LuaState()
        defer { lua.close() }  // closures that capture tables of the state would keep it alive
        let own = try lua.run("""
            rawset(string, 'format', function() return 'pwned' end)
            rawset(os, 'time', function() return 0 end)
            rawset(table, 'concat', function() return 'pwned' end)
            return string.format('%d', 1)
            """, name: "=attacker")
        #expect(own[0].stringValue == "pwned")   // its own view: allowed
        let r = try lua.run("return string.format('%d', 1), os.time() > 0, table.concat({1, 2}, ','), ('%d'):format(2)",
                            name: "=victim")
        #expect(r[0].stringValue == "1")
        #expect(r[1].boolValue == true)
        #expect(r[2].stringValue == "1,2")
        #expect(r[3].stringValue == "2")
    }

    @Test func pairsDoesNotHandOutTheRealLibrary() throws {
        let lua = try LuaState()
        defer { lua.close() }
        try lua.run("""
            local _, real = pairs(string)
            real.upper = function() return 'pwned' end
            local _, realos = pairs(os)
            realos.time = function() return 0 end
            """, name: "=attacker")
        let r = try lua.run("return ('x'):upper(), string.upper('y'), os.time() > 0", name: "=victim")
        #expect(r[0].stringValue == "X")
        #expect(r[1].stringValue == "Y")
        #expect(r[2].boolValue == true)
    }

    @Test func modulesAreReadOnlyAndPerScript() throws {
        let lua = try LuaState()
        defer { lua.close() }
        let module = lua.newTable()
        module["greet"] = .function(lua.function("greet") { _ in ["hello"] })
        let nested = lua.newTable()
        nested["value"] = 1
        module["nested"] = .table(nested)
        lua.globals["mod"] = .table(module)
        lua.preload("mod", loader: lua.function("mod") { _ in [.table(module)] })
        let error = #expect(throws: LuaError.self) { try lua.run("mod.greet = nil", name: "=a") }
        #expect(error?.message == "a:1: attempt to modify read-only table 'mod'")
        try lua.run("""
            local evil = function() return 'pwned' end
            rawset(mod, 'greet', evil)
            rawset(mod.nested, 'value', 666)
            rawset(require('mod'), 'greet', evil)
            local _, real = pairs(mod); real.greet = evil
            local _, n = pairs(mod.nested); n.value = 666
            """, name: "=attacker")
        let r = try lua.run("return mod.greet(), require('mod').greet(), mod.nested.value, require('mod') == mod",
                            name: "=victim")
        #expect(r[0].stringValue == "hello")
        #expect(r[1].stringValue == "hello")
        #expect(r[2].integerValue == 1)
        #expect(r[3].boolValue == true)   // one script, one view
        #expect(module["greet"].functionValue != nil && nested["value"].integerValue == 1)
    }

    @Test func metatablesGiveNothingAway() throws {
        let lua = try LuaState()
        defer { lua.close() }
        let r = try lua.run("""
            return getmetatable(''), getmetatable(string), getmetatable(_ENV), pcall(setmetatable, string, {})
            """)
        #expect(r[0].boolValue == false && r[1].boolValue == false && r[2].boolValue == false)
        #expect(r[3].boolValue == false)
    }

    // MARK: 4, require: no NUL, no symlink out of a root

    @Test func requireRefusesNulAndSymlinksOutOfTheRoots() throws {
        let dir = TemporaryFolder.path()
        let root = dir.appendingPathComponent("root"), outside = dir.appendingPathComponent("outside")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try "return 'raw file without .lua'".write(to: root.appendingPathComponent("data"), atomically: true, encoding: .utf8)
        try "return 'secret'".write(to: outside.appendingPathComponent("secret.lua"), atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: root.appendingPathComponent("link.lua").path,
                                                   withDestinationPath: outside.appendingPathComponent("secret.lua").path)
        try FileManager.default.createSymbolicLink(atPath: root.appendingPathComponent("dir").path,
                                                   withDestinationPath: outside.path)
        try "return 'inside'".write(to: root.appendingPathComponent("fine.lua"), atomically: true, encoding: .utf8)
        let lua = try LuaState(scriptRoots: [root.path])
        defer { lua.close() }
        let nul = #expect(throws: LuaError.self) { try lua.run("return require('data\\0')", name: "=n") }
        #expect(nul?.message.contains("NUL") == true, "\(String(describing: nul))")
        #expect(throws: LuaError.self) { try lua.run("return require('link')") }
        #expect(throws: LuaError.self) { try lua.run("return require('dir.secret')") }
        #expect(try lua.run("return require('fine')")[0].stringValue == "inside")
    }

    // MARK: 5–6, message handlers and finalizers are bounded

    @Test func aLoopingMessageHandlerCannotOutliveTheLimit() throws {
        let outcome = withDeadline(30) { () throws -> String in
            let lua = try LuaState(limits: LuaLimits(instructions: 1_000_000))
            defer { lua.close() }
            do {
                try lua.run("xpcall(function() while true do end end, function() while true do end end)")
                return "returned"
            } catch let error as LuaError {
                guard case .limit(.instructions, _, _) = error else { return "other: \(error)" }
                return "limit"
            }
        }
        #expect(try outcome?.get() == "limit", "hung or wrong: \(String(describing: outcome))")
        // The handler still runs for ordinary errors.
        let lua = try LuaState()
        defer { lua.close() }
        let r = try lua.run("return xpcall(function() error('x', 0) end, function(m) return 'handled ' .. m end)")
        #expect(r[0].boolValue == false && r[1].stringValue == "handled x")
    }

    @Test func aLoopingFinalizerIsStoppedDuringARunAndAtClose() throws {
        let outcome = withDeadline(30) { () throws -> [String] in
            let lua = try LuaState(limits: LuaLimits(instructions: 1_000_000))
            defer { lua.close() }
            var seen: [String] = []
            do {
                try lua.run("setmetatable({}, {__gc = function() while true do end end}) collectgarbage() collectgarbage()")
                seen.append("returned")
            } catch let error as LuaError {
                seen.append(error.message)
            }
            #expect(try lua.run("return 1")[0].integerValue == 1)   // usable afterwards
            try lua.run("keep = setmetatable({}, {__gc = function() while true do end end})")
            lua.close()   // runs the pending finalizer: bounded too
            seen.append("closed")
            return seen + lua.warnings
        }
        let seen = try #require(try outcome?.get(), "a finalizer hung the state")
        #expect(seen.contains("closed"))
        #expect(seen.contains { $0.contains("instruction limit exceeded") }, "\(seen)")
    }

    @Test func aFinalizerRunByAllocationFromSwiftStaysUnderTheCap() throws {
        let outcome = withDeadline(60) { () throws -> Int in
            let cap = 16 << 20
            let lua = try LuaState(limits: LuaLimits(memory: cap))
            defer { lua.close() }
            try lua.run("""
                setmetatable({}, {__gc = function()
                  local t = {} for i = 1, 1e7 do t[i] = ('x'):rep(64) .. i end
                end})
                """)
            // Allocation from Swift frames (cap disarmed there) drives the collector, which runs the finalizer.
            for _ in 0..<100_000 { _ = lua.newTable() }
            lua.close()
            return lua.memoryPeak
        }
        // Garbage made from Swift frames may pass the cap a little before the collector catches
        // up; the finalizer itself is refused at the cap (it used to reach about a gigabyte).
        let peak = try #require(try outcome?.get(), "hung")
        #expect(peak < 32 << 20, "peak \(peak)")
    }

    // MARK: 9, pattern matching

    @Test func catastrophicBacktrackingEndsWithTheLimit() throws {
        // Without the step count this runs for minutes inside one C call; with it, it stops at the
        // instruction budget (50 million by default: about a second; 5 million here).
        let outcome = withDeadline(60) { () throws -> String in
            let lua = try LuaState(limits: LuaLimits(instructions: 5_000_000))
            defer { lua.close() }
            do {
                try lua.run("""
                    return ("a"):rep(18):find(("a*"):rep(18) .. "b")
                    """)
                return "returned"
            } catch let error as LuaError {
                guard case .limit(.instructions, let message, _) = error else { return "other: \(error)" }
                return message.hasSuffix("instruction limit exceeded") ? "limit" : message
            }
        }
        #expect(try outcome?.get() == "limit", "\(String(describing: outcome))")
        let lua = try LuaState()
        defer { lua.close() }
        let r = try lua.run("""
            local words = {} for w in ("one two  three"):gmatch("%a+") do words[#words + 1] = w end
            return ("hello world"):find("o w"), ("key=val"):match("(%w+)=(%w+)"), ("aaa"):gsub("a", "b"), table.concat(words, ",")
            """)
        #expect(r.map(\.description) == ["5", "key", "bbb", "one,two,three"])
    }

    // MARK: 10, coroutines resumed from Swift

    @Test func anErrorObjectFromACoroutineIsReadOnTheCallersThread() throws {
        let lua = try LuaState()
        defer { lua.close() }
        let f = try lua.load("""
            return function() coroutine.yield(1) error(setmetatable({}, {__tostring = function() return 'boom' end})) end
            """).call()[0]
        let co = lua.newThread(try #require(f.functionValue))
        guard case .yielded = try co.resume() else { Issue.record("no yield"); return }
        let error = #expect(throws: LuaError.self) { try co.resume() }
        #expect(error?.message == "boom")
        #expect(error?.traceback != nil)
        #expect(co.isResumable == false)
        #expect(try lua.run("return 1 + 1")[0].integerValue == 2)
    }

    // MARK: 11, errors classified by status and object, not text

    @Test func aScriptsOwnMessagesAreRuntimeErrors() throws {
        let lua = try LuaState(limits: LuaLimits(memory: 8 << 20, output: 100))
        defer { lua.close() }
        for text in ["not enough memory", "output limit exceeded", "instruction limit exceeded", "timeout"] {
            let error = #expect(throws: LuaError.self) { try lua.run("error('\(text)', 0)") }
            guard case .runtime(let message, _, _)? = error else { Issue.record("\(text): \(String(describing: error))"); continue }
            #expect(message == text)
        }
        let real = #expect(throws: LuaError.self) { try lua.run("local t = {} for i = 1, 1e8 do t[i] = {} end") }
        guard case .memory? = real else { Issue.record("\(String(describing: real))"); return }
        lua.printHandler = { _ in }
        let output = #expect(throws: LuaError.self) { try lua.run("for i = 1, 100 do pcall(print, '0123456789') end") }
        guard case .limit(.output, _, _)? = output else { Issue.record("\(String(describing: output))"); return }
    }

    // MARK: 12, the cap is hard for what scripts cause through Swift

    @Test func aLargeResultFromSwiftIsRefusedBeforeItIsAllocated() throws {
        let lua = try LuaState(limits: LuaLimits(memory: 4 << 20))
        defer { lua.close() }
        lua.globals["big"] = .function(lua.function("big") { _ in
            [.string(LuaString(bytes: [UInt8](repeating: 65, count: 6 << 20)))]
        })
        let error = #expect(throws: LuaError.self) { try lua.run("local s = big(); return #s") }
        guard case .memory? = error else { Issue.record("\(String(describing: error))"); return }
        #expect(lua.memoryPeak <= 4 << 20, "peak \(lua.memoryPeak)")
        let caught = try lua.run("return pcall(big)")
        #expect(caught[0].boolValue == false && caught[1].stringValue == "not enough memory")
    }
}

/// Item 10: a Swift closure released by `__gc` runs its deinit with the cap disarmed, so a deinit
/// that touches Lua (here: makes tables) cannot get an allocation failure longjmp through it.
final class DeinitRecord {
    var finished = false
}

final class AllocatesInDeinit {
    unowned let lua: LuaState
    let record: DeinitRecord
    init(_ lua: LuaState, _ record: DeinitRecord) {
        self.lua = lua
        self.record = record
    }
    deinit {
        var kept: [LuaTable] = []   // alive at once: far more than the cap leaves (no GC can help)
        for _ in 0..<100_000 { kept.append(lua.newTable()) }
        kept.removeAll()
        record.finished = true   // skipped when a longjmp went through this frame
    }
}

@Suite struct ReleaseTests {
    @Test func aDeinitRunByTheCollectorAtTheCapDoesNotFail() throws {
        let lua = try LuaState(limits: LuaLimits(memory: 4 << 20))
        defer { lua.close() }
        let record = DeinitRecord()
        do {
            let probe = AllocatesInDeinit(lua, record)
            lua.globals["f"] = .function(lua.function("f") { _ in _ = probe; return [] })
        }
        lua.globals["f"] = .nil
        try lua.run("collectgarbage() collectgarbage()")
        #expect(record.finished, "the deinit was cut short: \(lua.warnings)")
        #expect(lua.warnings.isEmpty, "\(lua.warnings)")
        #expect(try lua.run("return 1")[0].integerValue == 1)
    }
}

@Suite struct CloseTests {
    /// A finalizer that calls Swift or fails while the state closes used to reach the owner's
    /// closures during its deinit (a crash when an engine went away with such an object alive).
    @Test func finalizersAtCloseReachNoSwift() throws {
        var calls = 0
        do {
            let lua = try LuaState()
            defer { lua.close() }
            lua.globals["ping"] = .function(lua.function("ping") { _ in calls += 1; return [] })
            lua.warningHandler = { _ in calls += 1 }
            let kept = try lua.run("""
                return setmetatable({}, {__gc = function() ping() end}),
                       setmetatable({}, {__gc = function() error('late') end})
                """)
            lua.globals["keep1"] = kept[0]   // alive until the state closes
            lua.globals["keep2"] = kept[1]
        }   // deinit closes the state
        #expect(calls == 0)
    }
}
