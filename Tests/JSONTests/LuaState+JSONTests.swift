import CLua
@testable import JSON
@_spi(RawLua) import LuaRuntime
import Testing

/// `LuaArguments.jsonValue(_:)` converts an argument where it is on the stack (no `LuaValue`,
/// no registry reference): the same values and errors as `state.jsonValue(args[i])`, the stack
/// left as it was, on the main thread and in a coroutine, under a memory cap.
@Suite struct LuaArgumentsJSONTests {
    /// Registers `conv(...)`, which converts each of its arguments (and one past the end) both
    /// ways and records any difference; returns the results of the in-place path.
    private final class Recorder {
        var results: [Result<JSONValue, LuaJSONError>] = []
        var problems: [String] = []
    }

    private func install(_ lua: LuaState, _ recorder: Recorder) {
        lua.globals["conv"] = .function(lua.function("conv") { args in
            let L = args.rawThread
            for i in 1...(args.count + 1) {
                let top = lua_gettop(L)
                let inPlace = Result { () throws(LuaJSONError) in try args.jsonValue(i) }
                if lua_gettop(L) != top { recorder.problems.append("argument \(i): the stack moved by \(lua_gettop(L) - top)") }
                let viaValue = Result { () throws(LuaJSONError) in try args.state.jsonValue(args[i]) }
                switch (inPlace, viaValue) {
                case (.success(let a), .success(let b)) where Self.identical(a, b): break
                case (.failure(let a), .failure(let b)) where a == b: break
                default: recorder.problems.append("argument \(i): \(inPlace) vs \(viaValue)")
                }
                if i <= args.count { recorder.results.append(inPlace) }
            }
            return []
        })
    }

    private static func identical(_ a: JSONValue, _ b: JSONValue) -> Bool {
        switch (a, b) {
        case (.double(let x), .double(let y)): return x.bitPattern == y.bitPattern
        case (.array(let x), .array(let y)): return x.count == y.count && zip(x, y).allSatisfy(identical)
        case (.object(let x), .object(let y)):
            return x.count == y.count && zip(x, y).allSatisfy { $0.key.utf8.elementsEqual($1.key.utf8) && identical($0.value, $1.value) }
        default: return a == b
        }
    }

    private static let hostile = #"""
        local json = require "json"
        local cycle = {a = {}}; cycle.a.back = cycle
        local deep = {}; local t = deep; for _ = 1, 600 do t.n = {}; t = t.n end
        local meta = setmetatable({}, {__index = function() error("index") end, __pairs = function() error("pairs") end})
        local metaful = setmetatable({a = 1, b = {2}}, {__index = {hidden = true}, __len = function() return 99 end})
        VALUES = {
          cycle, deep, meta, metaful, {1, 2, nil, 4}, {[1.5] = 1}, {[true] = 1}, 0/0, {x = {1/0}},
          "\xff", {k = "\xc3"}, {["a\0b"] = 1}, print, coroutine.create(print), json.array({a = 1}),
          json.null, -0.0, math.mininteger, {["é"] = 1, ["e\u{301}"] = 2}, true, "text", 42, 1.5,
          {type = "custom-code", templateName = "T", vars = {title = "x", n = 3, on = true}},
        }
        N = #VALUES
        """#

    @Test func argumentsConvertInPlaceAsTheirValuesDo() throws {
        let lua = try LuaState()
        lua.installJSONModule()
        let recorder = Recorder()
        install(lua, recorder)
        _ = try lua.run(Self.hostile + "\nfor i = 1, N do conv(VALUES[i]) end; conv(); conv(nil, 1, nil); conv(table.unpack(VALUES, 1, N))")
        #expect(recorder.problems.isEmpty, "\(recorder.problems)")
        let messages = recorder.results.prefix(9).map { result -> String? in
            if case .failure(let e) = result { return e.message }
            return nil
        }
        #expect(messages[0] == "json: cannot encode a cycle at $.a.back")
        #expect(messages[1]?.hasPrefix("json: too deep (max 512)") == true)
        #expect(messages[2] == nil && messages[3] == nil)   // metatables ignored: raw contents
        #expect(messages[4] == "json: cannot encode sparse array at $")
        #expect(messages[7] == "json: cannot encode NaN at $")
        #expect(recorder.results.count == 24 + 3 + 24)
    }

    @Test func argumentsOfACallbackInsideACoroutineConvertOnItsThread() throws {
        let lua = try LuaState()
        lua.installJSONModule()
        let recorder = Recorder()
        install(lua, recorder)
        // The callback's arguments live on the coroutine's stack, not the main thread's.
        _ = try lua.run(Self.hostile + "\n" + """
            local co = coroutine.wrap(function(...)
              for i = 1, N do conv(VALUES[i], i) end
              coroutine.yield()
              conv(...)
            end)
            co(); co({x = 1}, {2, 3})
            """)
        #expect(recorder.problems.isEmpty, "\(recorder.problems)")
        #expect(recorder.results.count == 2 * 24)
    }

    @Test func aRunawayArgumentStopsAtTheMemoryCapAsBefore() throws {
        let lua = try LuaState(limits: LuaLimits(memory: 4 << 20))
        lua.installJSONModule()
        let recorder = Recorder()
        install(lua, recorder)
        _ = try lua.run("""
            local t = {}; for i = 1, 20000 do t[i] = {i, "v" .. i} end
            local ok = {}; for i = 1, 100 do ok[i] = i end
            conv(t, ok)
            """)
        #expect(recorder.problems.isEmpty, "\(recorder.problems)")
        guard recorder.results.count == 2 else { Issue.record("\(recorder.results.count) results"); return }
        if case .failure(let e) = recorder.results[0] {
            #expect(e.message.hasPrefix("json: not enough memory at $["))
        } else {
            Issue.record("the runaway table converted under a 4 MB cap")
        }
        #expect(recorder.results[1].map { $0.arrayValue?.count } == .success(100))
    }

    @Test func isStringIsTrueForStringsOnly() throws {
        let lua = try LuaState()
        var seen: [Bool] = []
        lua.globals["probe"] = .function(lua.function("probe") { args in
            seen = (0...(args.count + 1)).map { args.isString($0) }
            return []
        })
        _ = try lua.run("probe('s', 1, 1.5, nil, {}, print, '')")
        #expect(seen == [false, true, false, false, false, false, false, true, false])
    }
}
