import Engine
import Foundation
import JSON
import LuaRuntime
import TestSupport
import Testing
@testable import Hooks

@Suite struct HooksModuleTests {
    func makeEngine(instructions: Int? = 50_000_000) throws -> (Engine, HooksSystem) {
        try TestSupport.makeEngine(with: HooksSystem(), setup: """
            hooks.loadPlugins[[
              [{"plugin": {"identifier": "login", "screen": true, "name": "Login", "preload": true,
                           "general": {"fields": [{"key": "is_flow_blocker", "initial_value": true}]}},
                "configuration_json": {"greeting": "hi"}},
               {"plugin": {"identifier": "extra", "preload": true}}]
            ]]
            hooks.loadScreens{
              {id = "premium", hooks = {preload_plugins = {{identifier = "login", type = "login", screen_id = "login-screen"}}}},
              {id = "login-screen", name = "Sign in", general = {title = "Welcome"}},
              {id = "plain", hooks = {preload_plugins = {{identifier = "extra", type = "general"}}}},
            }
            """) { $0.limits.instructions = instructions }
    }

    func events(_ engine: Engine, _ type: String) -> [TranscriptEvent] { engine.transcript.events.filter { $0.type == type } }

    @Test func aLuaHookScreenCompletesOnTapAndSeesItsModels() throws {
        let (engine, system) = try makeEngine()
        try engine.run("""
            hooks.plugin{identifier = "login", screen = true, execute = function(self, data, done, index)
              ui.show{id = "ok", text = self.screenModel.general.title .. " " .. self.pluginModel.configuration.greeting
                      .. " " .. self.dataSource.id .. " " .. index, onTap = function() ui.hide("ok") done(true, nil, {user = "ada"}) end}
            end}
            result = hooks.navigate("premium", {from = "navbar", dataSource = {id = "m1"}})
            assert(result.presented == nil)
            """)
        #expect(engine.ui.find("ok")?.properties["text"] == "Welcome hi m1 0")
        #expect(engine.ui.find("login-screen") != nil)
        let outcome = try engine.run("app.tap('ok') return hooks.navigate == nil, hooks.state()")
        _ = outcome
        #expect(system.manager.state.stack.map(\.screen) == ["premium"])
        #expect(system.manager.state.stack.first?.data == ["user": "ada"])
        #expect(system.manager.state.stack.first?.from == "navbar")
        // The manifest's is_flow_blocker made it a blocker.
        #expect(events(engine, "hook.started").first?["flowBlocker"] == true)
    }

    @Test func navigateReturnsTheOutcome() throws {
        let (engine, _) = try makeEngine()
        let values = try engine.run("""
            hooks.plugin{identifier = "login", execute = function(self, data, done) done(false, "no") end}
            local blocked = hooks.navigate("premium")
            hooks.plugin{identifier = "login", isFlowBlocker = false, execute = function(self, data, done) done(false, "no", {x = 1}) end}
            local passed = hooks.navigate("premium")
            return blocked.presented, blocked.blockedBy, passed.presented, passed.data.x, hooks.state().screen
            """)
        #expect(values.map(\.description) == ["false", "login", "true", "1", "premium"])
    }

    @Test func requestPresentationCanRefuseTheScreen() throws {
        let (engine, _) = try makeEngine()
        try engine.run("""
            hooks.plugin{identifier = "login", screen = true,
              requestPresentation = function(self, allow) allow(false) end,
              execute = function(self, data, done) done(true) end}
            hooks.navigate("premium")
            """)
        #expect(events(engine, "hook.presented").isEmpty)
        #expect(events(engine, "screen.presented").count == 1)
    }

    @Test func initCanFailTheHook() throws {
        let (engine, system) = try makeEngine()
        try engine.run("""
            hooks.plugin{identifier = "extra", init = function(self) return false end, execute = function(self, d, done) done(true) end}
            hooks.navigate("plain")
            hooks.plugin{identifier = "extra", init = function(self) error("no network") end, execute = function(self, d, done) done(true) end}
            hooks.navigate("plain", {from = "menu"})
            hooks.plugin{identifier = "extra", isFlowBlocker = function(self) error("bad flag") end, execute = function(self, d, done) done(true) end}
            hooks.navigate("plain", {from = "menu"})
            """)
        let reasons = events(engine, "hook.skipped").compactMap { $0["reason"]?.stringValue }
        #expect(reasons.count == 2)
        #expect(reasons[0] == "init failed")
        #expect(reasons[1].hasPrefix("init failed: ") && reasons[1].contains("no network"))
        // `isFlowBlocker` is read when the hook completes: its error is recorded there, and a
        // getter that fails counts as a flow blocker.
        #expect(events(engine, "error").count == 2)
        #expect(events(engine, "error").last?["message"]?.stringValue?.contains("bad flag") == true)
        #expect(events(engine, "hook.completed").last?["flowBlocker"] == true)
        #expect(system.manager.state.stack.map(\.screen) == ["plain"])
    }

    @Test func selfIsAFreshInstancePerNavigation() throws {
        let (engine, _) = try makeEngine()
        let values = try engine.run("""
            local seen = {}
            hooks.plugin{identifier = "extra", init = function(self) self.count = 0 end, execute = function(self, data, done)
              self.count = self.count + 1
              seen[#seen + 1] = self.count
              done(true)
            end}
            hooks.navigate("plain") hooks.navigate("plain")
            return seen[1], seen[2]
            """)
        #expect(values.map(\.description) == ["1", "1"])
    }

    // MARK: Hostile hooks

    @Test func doneWithWrongTypesIsALuaErrorAndTheHookFails() throws {
        let (engine, system) = try makeEngine()
        for call in ["done('yes')", "done(true, 42)", "done(true, nil, 'data')", "done(true, nil, {1, 2})", "done(true, nil, {f = print})"] {
            try engine.run("hooks.plugin{identifier = 'extra', isFlowBlocker = true, execute = function(self, data, done) \(call) end}")
            try engine.run("hooks.navigate('plain')")
            #expect(system.manager.state.last?.blockedBy == "extra", "\(call)")
        }
        let messages = events(engine, "error").compactMap { $0["message"]?.stringValue }
        #expect(messages.count == 5)
        #expect(messages[0].contains("bad argument #1 to 'done' (boolean expected, got string)"))
        #expect(messages[1].contains("bad argument #2 to 'done' (string or nil expected, got number)"))
        #expect(messages[2].contains("bad argument #3 to 'done' (table or nil expected, got string)"))
        #expect(messages[3].contains("bad argument #3 to 'done'"))
        #expect(!system.manager.state.running)
    }

    @Test func doneTwiceIsIgnoredAndRecorded() throws {
        let (engine, system) = try makeEngine()
        try engine.run("""
            hooks.plugin{identifier = "extra", execute = function(self, data, done)
              done(true, nil, {n = 1}) done(false, "again", {n = 2})
              app.after(1, function() done(true, nil, {n = 3}) end)
            end}
            hooks.navigate("plain")
            app.advance(1)
            """)
        #expect(system.manager.state.stack.first?.data == ["n": 1])
        #expect(events(engine, "hook.ignored").compactMap { $0["reason"]?.stringValue } == ["completed twice", "completed after its navigation ended"])
    }

    @Test func erroringHooksFailAndTheEngineStaysUsable() throws {
        let (engine, system) = try makeEngine()
        for body in ["error('boom')", "error({})", "error(nil)", "local t = nil; t.x = 1", "error(setmetatable({}, {__tostring = function() error('x') end}))"] {
            try engine.run("hooks.plugin{identifier = 'extra', execute = function(self, data, done) \(body) end}")
            try engine.run("hooks.navigate('plain', {from = 'menu'})")
            #expect(events(engine, "hook.completed").last?["succeed"] == false, "\(body)")
            #expect(!system.manager.state.running)
        }
        #expect(events(engine, "error").count == 5)
        try engine.run("hooks.plugin{identifier = 'extra', execute = function(self, data, done) done(true) end}")
        try engine.run("hooks.navigate('plain', {from = 'menu'})")
        #expect(events(engine, "hook.completed").last?["succeed"] == true)
    }

    @Test func aLoopingHookHitsTheInstructionLimit() throws {
        let (engine, system) = try makeEngine(instructions: 1_000_000)
        try engine.run("""
            hooks.plugin{identifier = "extra", isFlowBlocker = true, execute = function(self, data, done)
              while true do end
            end}
            """)
        // Driven from Swift (the `navigate` step): the hook's call is the entry from Swift.
        try system.manager.navigate(to: "plain")
        engine.settle()
        #expect(events(engine, "error").first?["message"]?.stringValue?.contains("instruction limit exceeded") == true)
        #expect(system.manager.state.last?.blockedBy == "extra")
        // pcall cannot swallow it either.
        try engine.run("""
            hooks.plugin{identifier = "extra", isFlowBlocker = true, execute = function(self, data, done)
              pcall(function() while true do end end) done(true)
            end}
            """)
        try system.manager.navigate(to: "plain")
        engine.settle()
        #expect(events(engine, "error").count == 2)
        #expect(system.manager.state.last?.blockedBy == "extra")
        // Driven from Lua, the hook runs inside the driver's entry: the driver is over budget too.
        let error = #expect(throws: LuaError.self) { try engine.run("hooks.navigate('plain')") }
        #expect(error?.message.contains("instruction limit exceeded") == true)
        #expect(!system.manager.state.running)
        #expect(try engine.run("return 1 + 1").first?.description == "2")
    }

    @Test func aHookThatNeverCompletesTimesOutUnderTheConfiguredTimeout() throws {
        let (engine, system) = try makeEngine()
        let values = try engine.run("""
            local config = hooks.configure{timeout = 2}
            hooks.plugin{identifier = "login", screen = true, execute = function() end}
            local r = hooks.navigate("premium")
            app.advance(2)
            return config.timeout, r.presented, hooks.state().blockedBy
            """)
        #expect(values.map(\.description) == ["2.0", "nil", "login"])
        #expect(system.manager.timeout == 2)
        // A failed flow blocker keeps its screen (it did not remove it).
        #expect(engine.ui.views.keys.sorted() == ["login-screen"])
        #expect(throws: LuaError.self) { try engine.run("hooks.configure{timeout = -1}") }
        #expect(throws: LuaError.self) { try engine.run("hooks.configure{timeout = 'soon'}") }
    }

    @Test func requestPresentationMisuse() throws {
        let (engine, _) = try makeEngine()
        try engine.run("""
            hooks.plugin{identifier = "login", screen = true,
              requestPresentation = function(self, allow) allow(true) allow(false) end,
              execute = function(self, data, done) done(true) end}
            hooks.navigate("premium")
            hooks.plugin{identifier = "login", screen = true, isFlowBlocker = true,
              requestPresentation = function(self, allow) allow("yes") end,
              execute = function(self, data, done) done(true) end}
            hooks.navigate("premium")
            hooks.configure{timeout = 1}
            hooks.plugin{identifier = "login", screen = true, isFlowBlocker = true,
              requestPresentation = function(self, allow) end,
              execute = function(self, data, done) done(true) end}
            hooks.navigate("premium")
            app.advance(1)
            """)
        #expect(events(engine, "hook.ignored").first?["reason"] == "presentation answered twice")
        #expect(events(engine, "screen.presented").count == 1)
        #expect(events(engine, "navigation.blocked").count == 2)
        let errors = events(engine, "error").compactMap { $0["message"]?.stringValue }
        #expect(errors.first?.contains("bad argument #1 to 'allow' (boolean expected, got string)") == true)
        #expect(errors.last == "hook 'login' timed out after 1s")
    }

    @Test func didDisappearErrorsAreRecordedAndTheCancelStillCounts() throws {
        let (engine, system) = try makeEngine()
        let values = try engine.run("""
            hooks.plugin{identifier = "login", screen = true, execute = function() end,
                         didDisappear = function(self) error("cleanup failed") end}
            hooks.navigate("premium")
            local closed = hooks.closeHookScreen()
            return closed, hooks.closeHookScreen()
            """)
        #expect(values.map(\.description) == ["true", "false"])
        #expect(events(engine, "error").first?["message"]?.stringValue?.contains("cleanup failed") == true)
        #expect(system.manager.state.last?.blockedBy == "login")
    }

    @Test func aHookNavigatingFromInsideItsExecuteIsRejected() throws {
        let (engine, system) = try makeEngine()
        try engine.run("""
            hooks.plugin{identifier = "extra", execute = function(self, data, done)
              local r = hooks.navigate("premium")
              done(true, nil, {nestedRejected = r.rejected})
            end}
            hooks.navigate("plain")
            """)
        #expect(system.manager.state.stack.first?.data == ["nestedRejected": true])
        #expect(events(engine, "navigation.rejected").count == 1)
    }

    @Test func reentrantCallsFromHookCallbacksAreSafe() throws {
        let (engine, system) = try makeEngine()
        let values = try engine.run("""
            local nested = {}
            hooks.plugin{identifier = "login", screen = true, isFlowBlocker = true,
              execute = function(self, data, done)
                -- yielding across the call from Swift is an error, not a hang
                coroutine.wrap(function() end)()
              end,
              didDisappear = function(self)
                nested.closed = hooks.closeHookScreen()
                nested.nav = hooks.navigate("plain").rejected
              end}
            hooks.navigate("premium")
            local closed = hooks.closeHookScreen()
            return closed, nested.closed, nested.nav
            """)
        #expect(values.map(\.description) == ["true", "false", "true"])
        #expect(system.manager.state.last?.blockedBy == "login")
        try engine.run("""
            hooks.plugin{identifier = "extra", isFlowBlocker = true, execute = function(self, data, done) coroutine.yield() end}
            hooks.navigate("plain")
            """)
        #expect(system.manager.state.last?.blockedBy == "extra")
        #expect(events(engine, "error").last?["message"]?.stringValue?.contains("yield") == true)
        #expect(!system.manager.state.running)
    }

    @Test(arguments: [
        ("hooks.plugin{execute = function() end}", "hooks.plugin: 'identifier' must be a non-empty string, got nil"),
        ("hooks.plugin{identifier = 'x'}", "hooks.plugin: 'execute' must be a function, got nil"),
        ("hooks.plugin{identifier = 'x', execute = print, screen = 1}", "hooks.plugin: 'screen' must be a boolean, got number"),
        ("hooks.plugin{identifier = 'x', execute = print, isFlowBlocker = 'yes'}", "hooks.plugin: 'isFlowBlocker' must be a boolean or a function, got string"),
        ("hooks.plugin{identifier = 'x', execute = print, didDisappear = true}", "hooks.plugin: 'didDisappear' must be a function, got boolean"),
        ("hooks.plugin(3)", "bad argument #1 to 'plugin' (table expected, got number)"),
        ("hooks.navigate('nowhere')", "hooks: no screen 'nowhere' in the loaded river"),
        ("hooks.navigate('plain', {from = 'sideways'})", "'from' must be one of cell, navbar, menu, picker, got 'sideways'"),
        ("hooks.navigate('plain', 'cell')", "bad argument #2 to 'navigate' (table or nil expected, got string)"),
        ("hooks.loadScreens('[{\"id\": 1}]')", "hooks: river.json:1:9: [0].id: expected a string, got number"),
        ("hooks.loadScreens('[{\"id\": ')", "hooks: river.json:1:8: invalid JSON: "),
        ("hooks.loadPlugins{{plugin = {identifier = true}}}", "hooks: plugin_configurations.json: [0].plugin.identifier: expected a string, got boolean"),
        ("hooks.loadPlugins(42)", "bad argument #1 to 'loadPlugins' (string or table expected, got number)"),
    ])
    func wrongArgumentsAreClearLuaErrors(code: String, message: String) throws {
        let (engine, _) = try makeEngine()
        let error = #expect(throws: LuaError.self) { try engine.run(code) }
        #expect(error?.message.contains(message) == true, "\(error?.message ?? "")")
    }

    @Test func relaunchKeepsLoadedDataDropsTheStackAndReRegistersScriptHooks() throws {
        let (engine, system) = try makeEngine()
        let script = TemporaryFolder.path().appendingPathExtension("lua")
        try "hooks.plugin{identifier = 'extra', execute = function(self, d, done) done(true, nil, {launch = 1}) end}"
            .write(to: script, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: script) }
        try engine.load(path: script.path)
        try engine.run("hooks.plugin{identifier = 'login', execute = function(self, d, done) done(true) end}")
        try engine.run("hooks.navigate('plain')")
        #expect(system.manager.state.stack.count == 1)
        try engine.relaunch()
        #expect(system.manager.state.stack.isEmpty)
        #expect(system.manager.screens.count == 3 && system.manager.plugins.count == 2)
        try engine.run("hooks.navigate('plain') hooks.navigate('premium')")
        // The login hook was registered by a chunk, not a loaded script: it is gone, and skipped.
        #expect(system.manager.state.stack.map(\.screen) == ["plain", "premium"])
        #expect(system.manager.state.stack.first?.data == ["launch": 1])
        #expect(events(engine, "hook.skipped").last?.fields == ["identifier": "login", "reason": "no implementation registered for plugin 'login'"])
        #expect(system.manager.state.last?.presented == true)
    }
}
