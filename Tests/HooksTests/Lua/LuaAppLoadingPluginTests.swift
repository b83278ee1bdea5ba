import Engine
import JSON
import LuaRuntime
import Testing
@testable import Hooks

/// App-loading hooks written in Lua (issue 22, behaviour 5).
@Suite struct LuaAppLoadingPluginTests {
    // AppLoadingHookProtocol: `executeOnLaunch(completion:)` "Hook executed after plugins
    // finished preparation"; OneTrustCmp+AppLoadingHookProtocol keeps the completion until the
    // user answers the consent banner.
    @Test func aConsentPluginHoldsTheLaunchUntilTheUserAnswers() throws {
        let (engine, system) = try HooksModuleTests().makeEngine()
        let values = try engine.run("""
            local answers = {}
            hooks.loadPlugins{{plugin = {identifier = "consent", type = "general", api = {require_startup_execution = true}}}}
            hooks.appLoadingPlugin{identifier = "consent", type = "general",
              executeOnLaunch = function(self, done)
                ui.show{id = "accept", onTap = function() ui.hide("accept") answers.consent = true done() end}
              end,
              executeOnContinuingUserActivity = function(self, activity, done) answers.activity = activity.activityType done() end}
            local launching = hooks.launch{root = "plain"}
            app.tap("accept")
            hooks.continueUserActivity{activityType = "browse"}
            return launching.state, launching.waitingFor, hooks.state().app.state, hooks.state().screen, answers.consent, answers.activity
            """)
        #expect(values.map(\.description) == ["launching", "consent", "ready", "plain", "true", "browse"])
        #expect(system.launcher.state == .ready)
    }

    @Test(arguments: [
        ("hooks.appLoadingPlugin{executeOnLaunch = print}", "hooks.appLoadingPlugin: 'identifier' must be a non-empty string, got nil"),
        ("hooks.appLoadingPlugin{identifier = 'x'}", "hooks.appLoadingPlugin: no stage: give at least one of executeOnLaunch"),
        ("hooks.appLoadingPlugin{identifier = 'x', executeOnLaunch = 1}", "hooks.appLoadingPlugin: 'executeOnLaunch' must be a function, got number"),
        ("hooks.appLoadingPlugin{identifier = 'x', type = 2, executeOnLaunch = print}", "hooks.appLoadingPlugin: 'type' must be a string, got number"),
        ("hooks.launch{root = 'nowhere'}", "hooks: no screen 'nowhere' in the loaded river for the root"),
        ("hooks.launch() hooks.launch()", "hooks: the app is already launched"),
        ("hooks.launch{loadingFails = 'yes'}", "'loadingFails' must be a boolean, got string"),
        ("hooks.continueUserActivity('x')", "bad argument #1 to 'continueUserActivity' (table expected, got string)"),
    ])
    func wrongArgumentsAreClearLuaErrors(code: String, message: String) throws {
        let (engine, _) = try HooksModuleTests().makeEngine()
        let error = #expect(throws: LuaError.self) { try engine.run(code) }
        #expect(error?.message.contains(message) == true, "\(error?.message ?? "")")
    }

    @Test func relaunchForgetsScriptPluginsAndTheLaunch() throws {
        let (engine, system) = try HooksModuleTests().makeEngine()
        try engine.run("""
            hooks.loadPlugins{{plugin = {identifier = 'a', type = 'general', api = {require_startup_execution = true}}}}
            hooks.appLoadingPlugin{identifier = 'a', executeOnLaunch = function(self, done) done() end} hooks.launch()
            """)
        #expect(system.launcher.state == .ready)
        try engine.relaunch()
        #expect(system.launcher.state == .notLaunched && system.launcher.factories.isEmpty)
    }

    // Hostile: 10,000 app-loading plugins from Lua, each a manifest with
    // `require_startup_execution` and an `executeOnLaunch` that completes at once: the launch
    // ends under the engine's limits, the plugins in the SDK's order.
    @Test func tenThousandLuaAppLoadingPluginsAreContained() throws {
        let (engine, system) = try HooksModuleTests().makeEngine(instructions: 200_000_000)
        let values = try engine.run("""
            local manifests, count = {}, 0
            for i = 1, 10000 do
              manifests[i] = {plugin = {identifier = "p" .. i, type = (i % 2 == 0) and "analytics" or "general",
                                        api = {require_startup_execution = true}}}
            end
            hooks.loadPlugins(manifests)
            for i = 1, 10000 do
              hooks.appLoadingPlugin{identifier = "p" .. i, executeOnLaunch = function(self, done) count = count + 1 done() end}
            end
            local state = hooks.launch()
            return state.state, count
            """)
        #expect(values.map(\.description) == ["ready", "10000"])
        #expect(system.launcher.state == .ready)
        let started = engine.transcript.events.filter { $0.type == "apphook.started" }.compactMap { $0["identifier"]?.stringValue }
        #expect(started.count == 10_000 && started.first == "p2" && started[4_999] == "p10000" && started[5_000] == "p1")
    }
}
