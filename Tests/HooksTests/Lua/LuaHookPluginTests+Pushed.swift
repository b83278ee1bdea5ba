import Engine
import JSON
import LuaRuntime
import Testing
@testable import Hooks

/// The instance's fields and `execute`'s arguments are pushed straight onto the Lua stack (no
/// references, B10): the same fresh tables and snapshots as before, whatever a script does to them.
extension LuaHookPluginTests {
    func makeChainEngine() throws -> (Engine, HooksSystem) {
        let (engine, system) = try makeEngine()
        try engine.run("hooks.loadScreens{{id = 'chain', hooks = {preload_plugins = {{identifier = 'a', type = 'general'}, {identifier = 'b', type = 'general'}, {identifier = 'c', type = 'general'}}}}}")
        return (engine, system)
    }

    /// "The next hook runs with the dataDict it returned": a copy taken when `done` is called. A
    /// hook that changes its table after `done`, or the table it was given, changes nothing else.
    @Test func eachHookGetsAFreshCopyOfWhatTheLastPassedOn() throws {
        let (engine, _) = try makeChainEngine()
        let values = try engine.run("""
            local json = require "json"
            local seen, given = {}, {}
            hooks.plugin{identifier = "a", execute = function(self, data, done)
              local t = {x = "early", list = {1, 2}, none = json.null, marked = json.array{}}
              done(true, nil, t)
              t.x = "late"; t.list[1] = 99
            end}
            hooks.plugin{identifier = "b", execute = function(self, data, done)
              seen[#seen + 1] = data.x .. "," .. data.list[1] .. "," .. tostring(data.none == json.null) .. "," .. json.encode(data.marked)
              given[#given + 1] = data
              data.x = "changed by b"
              done(true, nil, data)
              data.x = "after b's done"
            end}
            hooks.plugin{identifier = "c", execute = function(self, data, done)
              seen[#seen + 1] = data.x .. "," .. tostring(data == given[#given])
              done(true, nil, data)
            end}
            local first = hooks.navigate("chain")
            local second = hooks.navigate("chain")
            return seen[1], seen[2], seen[3], tostring(given[1] == given[2]), first.data.x, second.data.list[1]
            """)
        #expect(values.map(\.description) == ["early,1,true,[]", "changed by b,false", "early,1,true,[]", "false", "changed by b", "1"])
    }

    /// `removeScreen` is a function Lua owns: saved, called without `self`, called after its
    /// navigation ended and after collections, it answers (false when its screen is gone).
    @Test func aSavedRemoveScreenOutlivesItsCallAndItsNavigation() throws {
        let (engine, system) = try makeEngine()
        let values = try engine.run("""
            local saved = {}
            hooks.plugin{identifier = "login", screen = true, execute = function(self, data, done)
              saved[#saved + 1] = self.removeScreen
              ui.show{id = "leave", onTap = function() local remove = self.removeScreen; collectgarbage(); saved.now = remove(); done(true) end}
            end}
            hooks.navigate("premium")
            app.tap("leave")
            collectgarbage() collectgarbage()
            return saved.now, saved[1](), saved[1] ~= nil
            """)
        #expect(values.map(\.description) == ["true", "false", "true"])
        #expect(system.manager.state.stack.map(\.screen) == ["premium"])
    }

    /// Instances are fresh: what one navigation's hook does to `self`, `self.pluginModel` or the
    /// host screen is not seen by the next, and nothing accumulates in the state over many.
    @Test func manyNavigationsKeepNothing() throws {
        let (engine, _) = try makeChainEngine()
        _ = try engine.run("""
            for _, id in ipairs{"a", "b", "c"} do
              hooks.plugin{identifier = id, execute = function(self, data, done)
                assert(self.mark == nil and self.pluginModel.mark == nil and self.hostScreenModel.id == "chain")
                self.mark, self.pluginModel.mark = true, true
                if id == "a" then assert(self.hostScreenModel.mark == nil) end
                self.hostScreenModel.mark = true
                done(true, nil, {[id] = string.rep(id, 100)})
              end}
            end
            for _ = 1, 20 do assert(hooks.navigate("chain").presented) end
            collectgarbage() collectgarbage()
            """)
        let before = engine.lua.memoryUsed
        _ = try engine.run("for _ = 1, 200 do assert(hooks.navigate('chain').presented) end collectgarbage() collectgarbage()")
        #expect(engine.lua.memoryUsed < before + 64 << 10, "\(engine.lua.memoryUsed - before) bytes more after 200 navigations")
        #expect(!engine.transcript.events.contains { $0.type == "error" })
    }
}
