import Engine
import JSON
import LuaRuntime
import Testing
@testable import Hooks

/// Lua hooks as the SDK's hooks behave (issue 22, behaviours 1, 2 and 4).
@Suite struct LuaHookPluginTests {
    func makeEngine() throws -> (Engine, HooksSystem) { try HooksModuleTests().makeEngine() }

    // React Native bridge (Android-HookDemoScreen / Zapp docs): "RN side of screen hook will call
    // `hookFinishedWork(hookFinishedWork: Boolean, errorMessage: String?, hookProps: ReadableMap,
    // isFlowBlocker: Boolean)`"; PreHookExample-RN sends `hookFinishedWork(false, null, {...}, true)`.
    @Test func doneCarriesTheFlowBlockerDecisionWithTheResult() throws {
        let (engine, system) = try makeEngine()
        let values = try engine.run("""
            hooks.plugin{identifier = "extra", isFlowBlocker = false, execute = function(self, data, done) done(false, "no", {foo = "bar"}, true) end}
            local blocked = hooks.navigate("plain")
            hooks.plugin{identifier = "extra", isFlowBlocker = true, execute = function(self, data, done) done(false, "no", nil, false) end}
            local passed = hooks.navigate("plain")
            return blocked.blockedBy, passed.presented
            """)
        #expect(values.map(\.description) == ["extra", "true"])
        #expect(system.manager.state.stack.map(\.screen) == ["plain"])
        try engine.run("hooks.plugin{identifier = 'extra', execute = function(self, data, done) done(false, nil, nil, 'yes') end} hooks.navigate('plain')")
        let error = engine.transcript.events.last { $0.type == "error" }?["message"]?.stringValue ?? ""
        #expect(error.contains("bad argument #4 to 'done' (boolean or nil expected, got string)"), "\(error)")
    }

    // Zapp hooks document, GAScreenHookManager step 5: the manager checks `isFlowBlocker`
    // "after the hook sends completion".
    @Test func aHookChangesItsFlowBlockerWhileItRuns() throws {
        let (engine, _) = try makeEngine()
        let values = try engine.run("""
            hooks.plugin{identifier = "extra", isFlowBlocker = false, execute = function(self, data, done)
              app.after(1, function() self.isFlowBlocker = true done(false, "late") end)
            end}
            hooks.navigate("plain")
            app.advance(1)
            return hooks.state().blockedBy
            """)
        #expect(values.map(\.description) == ["extra"])
    }

    // Zapp hooks document: "`screenModel` - ScreenModel of the host screen"; "Always pass
    // `dataDict`" (nothing passed: nothing received).
    @Test func aPlainHookSeesItsHostScreenAndNoDataFirst() throws {
        let (engine, _) = try makeEngine()
        let values = try engine.run("""
            local seen = {}
            hooks.plugin{identifier = "extra", execute = function(self, data, done)
              seen.screen, seen.host, seen.data = self.screenModel.id, self.hostScreenModel.id, data
              done(true)
            end}
            local result = hooks.navigate("plain")
            return seen.screen, seen.host, seen.data == nil, result.data == nil, result.presented
            """)
        #expect(values.map(\.description) == ["plain", "plain", "true", "true", "true"])
    }

    // The SDK hands every hook of a navigation the same host ScreenModel and data source objects:
    // one table per navigation (converted once), shared by its hooks; a new navigation gets new ones.
    @Test func theHooksOfOneNavigationShareTheHostScreenAndDataSourceTables() throws {
        let (engine, _) = try makeEngine()
        let values = try engine.run("""
            local seen = {}
            for _, id in ipairs{"a", "b"} do
              hooks.plugin{identifier = id, execute = function(self, data, done)
                seen[#seen + 1] = {host = self.hostScreenModel, screen = self.screenModel, source = self.dataSource, mark = self.hostScreenModel.mark}
                self.hostScreenModel.mark = id
                done(true)
              end}
            end
            hooks.loadScreens{{id = "two", hooks = {preload_plugins = {{identifier = "a", type = "general"}, {identifier = "b", type = "general"}}}}}
            hooks.navigate("two", {dataSource = {n = 1}})
            hooks.navigate("two", {dataSource = {n = 1}})
            local first, second, third = seen[1], seen[2], seen[3]
            return rawequal(first.host, second.host), rawequal(first.host, first.screen), rawequal(first.source, second.source),
                   second.mark, rawequal(first.host, third.host), rawequal(first.source, third.source), third.mark, third.source.n
            """)
        #expect(values.map(\.description) == ["true", "true", "true", "a", "false", "false", "nil", "1"])
    }

    // The plugin model's tables are pushed from a kept jansson tree: still fresh per instance
    // (a change does not reach the next navigation), and a reloaded plugin's new model is seen.
    @Test func thePluginModelIsFreshPerInstanceAndFollowsReloadedPlugins() throws {
        let (engine, _) = try makeEngine()
        let values = try engine.run("""
            local seen = {}
            hooks.plugin{identifier = "extra", execute = function(self, data, done)
              seen[#seen + 1] = self.pluginModel.configuration.greeting or "none"
              self.pluginModel.configuration.greeting = "changed"
              done(true)
            end}
            hooks.navigate("plain")
            hooks.navigate("plain")
            hooks.loadPlugins{{plugin = {identifier = "extra", preload = true}, configuration_json = {greeting = "hello"}}}
            hooks.navigate("plain")
            return table.concat(seen, ",")
            """)
        #expect(values.map(\.description) == ["none,none,hello"])
    }

    // The screens' tables are pushed from kept jansson trees too: a change a hook makes is not
    // seen by the next navigation, a reloaded river's new screen is; `self` gets the
    // definition's fields as they are when the instance is made.
    @Test func theScreenModelsAreFreshPerNavigationAndFollowReloadedScreens() throws {
        let (engine, _) = try makeEngine()
        let values = try engine.run("""
            local seen = {}
            local definition = {identifier = "extra", isFlowBlocker = false, execute = function(self, data, done)
              seen[#seen + 1] = (self.hostScreenModel.general.title or "none") .. "/" .. tostring(self.isFlowBlocker)
              self.hostScreenModel.general.title = "changed"
              self.screenModel.general.title = "changed too"
              done(true)
            end}
            hooks.plugin(definition)
            hooks.navigate("plain")
            definition.isFlowBlocker = true
            hooks.navigate("plain")
            hooks.loadScreens{{id = "plain", general = {title = "Reloaded"}, hooks = {preload_plugins = {{identifier = "extra", type = "general"}}}}}
            hooks.navigate("plain")
            return table.concat(seen, ",")
            """)
        #expect(values.map(\.description) == ["none/false,none/true,Reloaded/true"])
    }

    // PreHookExample-RN: `ScreenPlugin.removeScreenPluginFromNavigationStack()` after
    // `hookFinishedWork(...)`; a flow blocker that fails and does not remove its screen keeps it.
    @Test func aLuaHookRemovesItsScreenAndAFailedBlockerKeepsIt() throws {
        let (engine, system) = try makeEngine()
        try engine.run("""
            hooks.plugin{identifier = "login", screen = true, execute = function(self, data, done)
              ui.show{id = "quit", onTap = function() done(false, "quit") end}
              ui.show{id = "leave", onTap = function() assert(self:removeScreen() == true) done(false, "left") end}
            end}
            hooks.navigate("premium")
            app.tap("quit")
            """)
        #expect(system.manager.state.stack.map(\.screen) == ["login-screen"])
        #expect(system.manager.state.last?.blockedBy == "login")
        try engine.run("hooks.back() hooks.navigate('premium') app.tap('leave')")
        #expect(system.manager.state.stack.isEmpty)
        #expect(engine.transcript.events.filter { $0.type == "hook.removed" }.compactMap { $0["by"]?.stringValue } == ["user", "plugin"])
    }

    @Test func recurringPostLoadHooksInLua() throws {
        let (engine, _) = try makeEngine()
        let values = try engine.run("""
            hooks.loadPlugins{{plugin = {identifier = "a", preload = true}}, {plugin = {identifier = "b", preload = true}}}
            hooks.loadScreens{{id = "home", hooks = {postload_plugins = {{identifier = "a", type = "general"}, {identifier = "b", type = "general"}}}},
                              {id = "detail"}}
            local runs = {a = 0, b = 0}
            hooks.plugin{identifier = "a", recurring = function(self, answer) answer(true) end,
                         execute = function(self, data, done) runs.a = runs.a + 1 done(true) end}
            hooks.plugin{identifier = "b", recurring = false, execute = function(self, data, done) runs.b = runs.b + 1 done(true) end}
            hooks.navigate("home", {from = "menu"})
            hooks.navigate("detail")
            hooks.back()
            return runs.a, runs.b, hooks.state().screen
            """)
        #expect(values.map(\.description) == ["2", "1", "home"])
        #expect(throws: (any Error).self) { try engine.run("hooks.plugin{identifier = 'a', recurring = 1, execute = function() end}") }
    }

    @Test func theTimeoutCanBeSwitchedOff() throws {
        let (engine, system) = try makeEngine()
        let values = try engine.run("""
            local options = hooks.configure{timeout = false}
            hooks.plugin{identifier = "extra", execute = function() end}
            hooks.navigate("plain")
            app.advance(3600)
            return options.timeout == 0, hooks.state().running
            """)
        #expect(values.map(\.description) == ["true", "true"])
        #expect(system.manager.timeout == 0)
    }
}
