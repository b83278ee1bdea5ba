import Testing
@testable import LuaRuntime

@Suite struct LimitsTests {
    @Test func infiniteLoopIsStopped() throws {
        let lua = try LuaState(limits: LuaLimits(instructions: 1_000_000))
        let error = #expect(throws: LuaError.self) { try lua.run("while true do end") }
        guard case .limit(.instructions, let message, _)? = error else { Issue.record("\(String(describing: error))"); return }
        #expect(message.hasSuffix("instruction limit exceeded"))
        #expect(try lua.run("return 'still usable'")[0].stringValue == "still usable")
    }

    @Test func pcallCannotSwallowTheBudget() throws {
        let lua = try LuaState(limits: LuaLimits(instructions: 1_000_000))
        let error = #expect(throws: LuaError.self) {
            try lua.run("""
                for i = 1, 100 do pcall(function() while true do end end) end
                swallowed = true
                return 'escaped'
                """)
        }
        guard case .limit(.instructions, _, _)? = error else { Issue.record("\(String(describing: error))"); return }
        #expect(lua.globals["swallowed"].isNil)
    }

    @Test func budgetAppliesInsideCoroutines() throws {
        let lua = try LuaState(limits: LuaLimits(instructions: 1_000_000))
        let error = #expect(throws: LuaError.self) {
            try lua.run("local co = coroutine.wrap(function() while true do end end); pcall(co); while true do end")
        }
        guard case .limit(.instructions, _, _)? = error else { Issue.record("\(String(describing: error))"); return }
    }

    @Test func memoryBombIsStoppedAndTheStateStaysUsable() throws {
        let lua = try LuaState(limits: LuaLimits(memory: 8 << 20))
        let error = #expect(throws: LuaError.self) {
            try lua.run("local t = {} for i = 1, 1e8 do t[i] = {i} end")
        }
        guard case .memory? = error else { Issue.record("\(String(describing: error))"); return }
        #expect(try lua.run("local t = {} for i = 1, 100 do t[i] = i end return #t")[0].integerValue == 100)
        #expect(lua.memoryUsed < 8 << 20)
    }

    @Test func stringRepBombIsAMemoryError() throws {
        let lua = try LuaState(limits: LuaLimits(memory: 8 << 20))
        let error = #expect(throws: LuaError.self) { try lua.run("return string.rep('x', 1e9)") }
        guard case .memory? = error else { Issue.record("\(String(describing: error))"); return }
        let tooLarge = #expect(throws: LuaError.self) { try lua.run("return string.rep('x', 1e10)") }
        #expect(tooLarge?.message.hasSuffix("resulting string too large") == true)
        #expect(try lua.run("return 1")[0].integerValue == 1)
    }

    @Test func memoryOverflowInsideSwiftCallbackIsRaisedAfterItReturns() throws {
        let lua = try LuaState(limits: LuaLimits(memory: 4 << 20))
        lua.globals["big"] = .function(lua.function("big") { args in
            [.string(LuaString(bytes: [UInt8](repeating: 65, count: 6 << 20)))]
        })
        let error = #expect(throws: LuaError.self) { try lua.run("local s = big(); return #s") }
        guard case .memory? = error else { Issue.record("\(String(describing: error))"); return }
        #expect(try lua.run("return 2")[0].integerValue == 2)
    }

    @Test func timeoutStopsLongRunningCode() throws {
        let lua = try LuaState(limits: LuaLimits(instructions: nil, timeout: 0.05))
        let error = #expect(throws: LuaError.self) { try lua.run("while true do end") }
        guard case .limit(.timeout, _, _)? = error else { Issue.record("\(String(describing: error))"); return }
    }

    @Test func interruptStopsTheRunningChunk() throws {
        let lua = try LuaState(limits: .none)
        let handle = lua.interruptHandle
        lua.globals["interruptSoon"] = .function(lua.function("interruptSoon") { _ in handle.interrupt(); return [] })
        let error = #expect(throws: LuaError.self) { try lua.run("interruptSoon() while true do end") }
        guard case .limit(.interrupted, let message, _)? = error else { Issue.record("\(String(describing: error))"); return }
        #expect(message.hasSuffix("interrupted"))
        #expect(try lua.run("return 3")[0].integerValue == 3)
    }

    @Test func outputIsCapped() throws {
        let lua = try LuaState(limits: LuaLimits(output: 100))
        var lines: [String] = []
        lua.printHandler = { lines.append($0) }
        let error = #expect(throws: LuaError.self) { try lua.run("for i = 1, 1000 do print('0123456789') end") }
        guard case .limit(.output, _, _)? = error else { Issue.record("\(String(describing: error))"); return }
        #expect(lines.count == 9)
    }

    @Test func deepRecursionIsAnError() throws {
        let lua = try LuaState()
        let error = #expect(throws: LuaError.self) { try lua.run("local function f() return 1 + f() end return f()") }
        // Either Lua's stack limit or the memory cap stops it first; both are errors, never a crash.
        let message = error?.message ?? ""
        #expect(message.contains("stack overflow") || message == "not enough memory", "\(message)")
        #expect(try lua.run("return 4")[0].integerValue == 4)
    }
}
