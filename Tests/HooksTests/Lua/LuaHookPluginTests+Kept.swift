import Engine
import JSON
import LuaRuntime
import Testing
@testable import Hooks

/// `done`'s data kept as read (`KeptJSON`) while it goes from Lua hook to Lua hook: its
/// `JSONValue` is read only when something asks (the state, a Swift hook, the transcript), and
/// what each of them sees is what the hook passed when it called `done`.
extension LuaHookPluginTests {
    @Test func theDataBetweenLuaHooksIsWhatEachPassedWhenAskedMidway() throws {
        let (engine, system) = try makeChainEngine()
        let values = try engine.run("""
            local json = require "json"
            local seen = {}
            hooks.plugin{identifier = "a", execute = function(self, data, done)
              local t = {token = "t", n = 1, z = json.null, nested = {list = {1, 2.5}}, empty = {}}
              done(true, nil, t)
              t.token = "changed after done"
            end}
            hooks.plugin{identifier = "b", execute = function(self, data, done)
              local state = hooks.state()
              seen[#seen + 1] = json.encode(state.data)
              seen[#seen + 1] = json.encode(data)
              data.token = "from b"
              seen[#seen + 1] = json.encode(hooks.state().data)
              done(true, nil, data)
              seen[#seen + 1] = hooks.state().data.token
            end}
            hooks.plugin{identifier = "c", execute = function(self, data, done)
              local saved = done
              coroutine.wrap(function() saved(true, nil, {final = data.token, co = true}) end)()
              done(true, nil, {second = true})
            end}
            local outcome = hooks.navigate("chain")
            return seen[1], seen[2], seen[3], seen[4], json.encode(outcome.data)
            """)
        let a = try JSONValue.decode(#"{"empty":{},"n":1,"nested":{"list":[1,2.5]},"token":"t","z":null}"#)
        #expect(values.count == 5 && values[3].description == "from b")
        let decoded = try [0, 1, 2, 4].map { try JSONValue.decode(values[$0].description).sortingObjectKeys() }
        #expect(decoded == [a, a, a, ["co": true, "final": "from b"]])
        let expected: JSONObject = ["co": true, "final": "from b"]
        #expect(system.manager.state.last?.data == expected)
        #expect(system.manager.state.stack.last?.data == expected)
        let presented = engine.transcript.events.last { $0.type == "screen.presented" }
        #expect(presented?["data"] == .object(expected))
        #expect(engine.transcript.events.contains { $0.type == "hook.ignored" && $0["reason"] == "completed twice" })
    }

    @Test func aSwiftHookBetweenLuaHooksGetsAndGivesTheDataAsJSON() throws {
        let (engine, system) = try makeEngine()
        var received: [JSONObject?] = []
        let swift = TestHookAdapter { data, done in
            received.append(data)
            var next = data ?? [:]
            next["swift"] = true
            done(true, nil, next)
        }
        system.manager.register("s", HookPluginFactory(isScreen: false) { _ in swift })
        let values = try engine.run("""
            local json = require "json"
            hooks.loadScreens{{id = "mixed", hooks = {preload_plugins = {{identifier = "a", type = "general"},
              {identifier = "s", type = "general"}, {identifier = "c", type = "general"}}}}}
            local seen
            hooks.plugin{identifier = "a", execute = function(self, data, done) done(true, nil, {k = {1, "two"}, e = {}}) end}
            hooks.plugin{identifier = "c", execute = function(self, data, done) seen = json.encode(data) done(true, nil, data) end}
            hooks.navigate("mixed")
            return seen
            """)
        #expect(received == [["e": .object([:]), "k": [1, "two"]]])
        #expect(try JSONValue.decode(values.first?.stringValue ?? "").sortingObjectKeys() == ["e": .object([:]), "k": [1, "two"], "swift": true])
        #expect(system.manager.state.last?.data == ["e": .object([:]), "k": [1, "two"], "swift": true])
    }

    @Test func hostileDataInDoneFailsAsBeforeAndLateDoneChangesNothing() throws {
        let (engine, system) = try makeChainEngine()
        let values = try engine.run("""
            local saved
            local cycle = {}; cycle.me = cycle
            local meta = setmetatable({}, {__index = function() error("read") end, __pairs = function() error("pairs") end})
            local results = {}
            hooks.plugin{identifier = "a", execute = function(self, data, done)
              saved = done
              for _, bad in ipairs{cycle, {f = print}, {1, 2}, {x = 0/0}} do
                results[#results + 1] = select(2, pcall(done, true, nil, bad))
              end
              done(true, nil, meta)
            end}
            hooks.plugin{identifier = "b", execute = function(self, data, done) results[#results + 1] = tostring(next(data)) done(true, nil, {b = 1}) end}
            hooks.plugin{identifier = "c", execute = function(self, data, done) done(true, nil, data) end}
            hooks.navigate("chain")
            saved(true, nil, {late = true})
            return table.unpack(results)
            """)
        let messages = values.map(\.description)
        #expect(messages.count == 5)
        #expect(messages[0].contains("bad argument #3 to 'done' (json: cannot encode a cycle at $.me)"))
        #expect(messages[1].contains("bad argument #3 to 'done' (json:") && messages[1].contains("$.f"))
        #expect(messages[2].contains("bad argument #3 to 'done' (a table with string keys expected)"))
        #expect(messages[3].contains("bad argument #3 to 'done' (json:") && messages[3].contains("$.x"))
        #expect(messages[4] == "nil")   // a table with a metatable is read raw: empty
        #expect(system.manager.state.last?.data == ["b": 1])
        #expect(engine.transcript.events.contains { $0.type == "hook.ignored" && $0["reason"] == "completed after its navigation ended" })
    }
}

/// A Swift hook that hands its dataDict to a closure.
private final class TestHookAdapter: ScreenHookAdapter {
    let body: (JSONObject?, @escaping HookCompletion) -> Void
    init(_ body: @escaping (JSONObject?, @escaping HookCompletion) -> Void) { self.body = body }
    func executeHook(presentationIndex: Int, dataDict: JSONObject?, completion: @escaping HookCompletion) throws {
        body(dataDict, completion)
    }
}
