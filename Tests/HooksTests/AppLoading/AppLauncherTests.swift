import Engine
import JSON
import Testing
@testable import Hooks

/// An app-loading plugin whose stages each test picks; it records each call and keeps the
/// completions so a test can finish them later (or never).
final class TestAppHook: AppLoadingHookAdapter {
    let stages: Set<AppLoadingStage>
    /// Stages it completes at once; the others wait for `finish`.
    let immediate: Set<AppLoadingStage>
    private(set) var calls: [AppLoadingStage] = []
    private(set) var arguments: [JSONValue?] = []
    var pending: [AppLoadingStage: () -> Void] = [:]

    init(_ stages: Set<AppLoadingStage>, immediate: Set<AppLoadingStage>? = nil) {
        self.stages = stages
        self.immediate = immediate ?? stages
    }

    func implements(_ stage: AppLoadingStage) -> Bool { stages.contains(stage) }

    func execute(_ stage: AppLoadingStage, argument: JSONValue?, completion: @escaping () -> Void) throws {
        calls.append(stage)
        arguments.append(argument)
        if immediate.contains(stage) { completion() } else { pending[stage] = completion }
    }
}

/// App-loading hooks (issue 22, behaviour 5), after Zapp-Frameworks' `AppLoadingHookProtocol`,
/// `PluginsManager+HookHandler`, `PluginsManager+LoadingStateMachineDataSource` and
/// `RootController+AppLoadingStateMachineDataSource`.
@Suite struct AppLauncherTests {
    func harness(_ hooks: [(String, String, TestAppHook)]) throws -> HooksHarness {
        let h = try HooksHarness()
        for (id, type, hook) in hooks { h.system.launcher.register(id, AppLoadingHookFactory(type: type) { _ in hook }) }
        return h
    }

    func appEvents(_ h: HooksHarness, _ type: String) -> [String] {
        h.events(type).map { "\($0["identifier"]?.stringValue ?? ""):\($0["stage"]?.stringValue ?? "")" }
    }

    // PluginsManager+HookHandler `retrieveHooksPlugins`: "analytics.hooksProviders() ... push ...
    // general ... crashlogs" (ZPPluginType `analytics`, `push_provider`, `general`,
    // `error_monitoring`); `hookOnLaunch` runs the next adapter in the completion of the previous.
    @Test func stagesRunPluginAfterPluginInTheSDKsOrderAndTheLaunchWaits() throws {
        let consent = TestAppHook([.onLaunch, .onApplicationReady], immediate: [.onApplicationReady])
        let analytics = TestAppHook([.onLaunch, .afterAppRootPresentation])
        let crash = TestAppHook([.onLaunch])
        let login = TestAppHook([.onLaunch])
        let push = TestAppHook([.onApplicationReady])
        let h = try harness([("consent", "general", consent), ("crash", "error_monitoring", crash), ("login", "login", login),
                             ("analytics", "analytics", analytics), ("push", "push_provider", push)])
        h.screen("home")
        try h.system.launcher.launch(root: "home")
        h.engine.settle()
        #expect(appEvents(h, "apphook.started") == ["analytics:executeOnLaunch", "consent:executeOnLaunch"])
        #expect(h.system.launcher.state == .launching && h.system.launcher.waitingFor == "consent")
        #expect(h.system.stateJSON["app"] == ["state": "launching", "stage": "executeOnLaunch", "waitingFor": "consent"])
        #expect(crash.calls.isEmpty && push.calls.isEmpty && h.manager.state.stack.isEmpty)
        #expect(h.events("apphook.skipped").first?["identifier"] == "login" && login.calls.isEmpty)
        // The user answers the consent: the launch goes on.
        consent.pending[.onLaunch]?()
        h.engine.settle()
        #expect(appEvents(h, "apphook.started") == [
            "analytics:executeOnLaunch", "consent:executeOnLaunch", "crash:executeOnLaunch",
            "push:executeOnApplicationReady", "consent:executeOnApplicationReady", "analytics:executeAfterAppRootPresentation",
        ])
        let types = h.types
        let ready = try #require(types.firstIndex(of: "launch.presented"))
        #expect(types.lastIndex(of: "apphook.started").map { $0 > ready } == true)
        #expect(h.system.launcher.state == .ready)
        #expect(h.manager.state.stack.map(\.screen) == ["home"])
        #expect(h.events("screen.presented").first?["from"] == "menu")
    }

    // RootController `stateMachineFinishedWork`: `hookAfterAppRootPresentation(... completion: {})`:
    // the app does not wait for it.
    @Test func afterRootPresentationDoesNotHoldTheApp() throws {
        let slow = TestAppHook([.afterAppRootPresentation], immediate: [])
        let h = try harness([("slow", "general", slow)])
        h.screen("home")
        try h.system.launcher.launch(root: "home")
        h.engine.settle()
        #expect(h.system.launcher.state == .ready && h.manager.state.stack.map(\.screen) == ["home"])
        #expect(h.system.launcher.waitingFor == "slow")
    }

    // RootController: on failure "showErrorMessage(message: "Loading failed. Please try again
    // later")" then `hookFailedLoading`; the plugins (and `executeOnLaunch`) depend on the
    // remote configuration that failed.
    @Test func aFailedLoadingShowsTheErrorAndRunsOnFailedLoadingOnly() throws {
        let hook = TestAppHook([.onLaunch, .onFailedLoading, .onApplicationReady])
        let h = try harness([("p", "general", hook)])
        try h.system.launcher.launch(loadingFails: true)
        h.engine.settle()
        #expect(hook.calls == [.onFailedLoading])
        #expect(h.system.launcher.state == .failed)
        #expect(h.engine.ui.find("loading-error")?.properties["text"] == "Loading failed. Please try again later")
        #expect(!h.types.contains("launch.presented"))
    }

    // ZappAppleBuilder AppDelegateBase `application(_:continue:restorationHandler:)`: "if
    // rootController?.pluginsManager.hasHooksForContinuingUserActivity() == true" the hooks run
    // at once (`hookOnContinuingUserActivity`, "do nothing special on completion"), whatever the
    // launch's state; `hookOnContinuingUserActivity` chains the plugins.
    @Test func aUserActivityRunsTheHooksAtOnceEvenDuringTheLaunch() throws {
        let hook = TestAppHook([.onApplicationReady, .onContinuingUserActivity], immediate: [.onContinuingUserActivity])
        let h = try harness([("links", "general", hook)])
        try h.system.launcher.launch()
        h.engine.settle()
        let activity: JSONValue = ["activityType": "NSUserActivityTypeBrowsingWeb", "webpageURL": "https://x/1"]
        h.system.launcher.continueUserActivity(activity)
        h.engine.settle()
        #expect(hook.calls == [.onApplicationReady, .onContinuingUserActivity])
        #expect(hook.arguments.last == activity)
        #expect(h.events("activity.continued").first?.fields == ["activity": activity, "by": "hooks"])
        // The launch's own stage still shows.
        #expect(h.system.launcher.state == .launching && h.system.launcher.stage == .onApplicationReady
                && h.system.launcher.waitingFor == "links")
        hook.pending[.onApplicationReady]?()
        h.engine.settle()
        #expect(h.system.launcher.state == .ready)
    }

    // `hasHooksForContinuingUserActivity` false: "uiLayerPluginDelegate?.applicationDelegate?
    // .application?(application, continue: userActivity, ...)": the UI layer, at once.
    @Test func withoutContinuingHooksTheUILayerHandlesTheActivityAtOnce() throws {
        let hook = TestAppHook([.onLaunch])
        let h = try harness([("boot", "general", hook)])
        h.system.launcher.continueUserActivity(["activityType": "before"])
        try h.system.launcher.launch()
        h.engine.settle()
        h.system.launcher.continueUserActivity(["activityType": "after"])
        #expect(h.events("activity.continued").map { $0["by"] } == ["ui layer", "ui layer"])
        #expect(hook.calls == [.onLaunch])
    }

    // AppDelegateBase `application(_:open:options:)`: not ready: "urlSchemeUrl = url" (one
    // kept, a later replaces it); RootController "Delay to provide time for QB present view":
    // 0.1 s after the root, `handleDelayedEventsIfNeeded` opens it.
    @Test func aURLSchemeOpenBeforeTheAppIsReadyWaitsUntilPointOneSecondAfterTheRoot() throws {
        let hook = TestAppHook([.onLaunch], immediate: [])
        let h = try harness([("hold", "general", hook)])
        try h.system.launcher.launch()
        h.engine.settle()
        h.system.launcher.openURL("app://1")
        h.system.launcher.openURL("app://2")
        #expect(h.events("url.delayed").map(\.fields) == [["url": "app://1"], ["url": "app://2", "replaced": "app://1"]])
        hook.pending[.onLaunch]?()
        h.engine.settle()
        #expect(h.system.launcher.state == .ready && h.events("url.opened").isEmpty)
        h.engine.clock.advance(by: 0.1)
        #expect(h.events("url.opened").map(\.fields) == [["url": "app://2"]])
        h.system.launcher.openURL("app://3")
        #expect(h.events("url.opened").last?["url"] == "app://3")
    }

    @Test func aLaunchHappensOncePerProcessAndAnHourOfWaitingHangsIt() throws {
        let stuck = TestAppHook([.onLaunch], immediate: [])
        let h = try harness([("stuck", "general", stuck)])
        h.manager.timeout = 0
        try h.system.launcher.launch()
        h.engine.clock.advance(by: 3600)
        #expect(h.system.launcher.state == .launching && h.system.launcher.waitingFor == "stuck")
        #expect(throws: AppLaunchError.alreadyLaunched) { try h.system.launcher.launch() }
        #expect(throws: AppLaunchError.unknownRoot("nowhere")) {
            try h.engine.relaunch()
            try h.system.launcher.launch(root: "nowhere")
        }
        #expect(h.system.launcher.state == .notLaunched)
    }

    @Test func withATimeoutAStuckPluginIsRecordedAndTheLaunchGoesOn() throws {
        let stuck = TestAppHook([.onLaunch], immediate: [])
        let h = try harness([("stuck", "general", stuck)])
        h.manager.timeout = 5
        try h.system.launcher.launch()
        h.engine.clock.advance(by: 5)
        #expect(h.events("error").first?["message"] == "app-loading hook 'stuck' (executeOnLaunch) did not complete after 5s")
        #expect(h.system.launcher.state == .ready)
        stuck.pending[.onLaunch]?()
        #expect(h.events("apphook.completed").count == 1)
    }

    /// A manifest for `plugin_configurations.json`: `type`, and `api.require_startup_execution`
    /// when `startup` is not nil.
    static func configuration(_ id: String, _ type: String, startup: JSONValue?) -> JSONValue {
        var api: JSONObject = ["class_name": .string(id)]
        if let startup { api["require_startup_execution"] = startup }
        return ["plugin": ["identifier": .string(id), "type": .string(type), "api": .object(api)], "configuration_json": [:]]
    }

    // ZPPluginModel.swift `ZPPluginType` (`Push = "push_provider"`, `Crashlogs = "error_monitoring"`),
    // `pluginRequireStartupExecution` (`api["require_startup_execution"] as? Bool ?? false`);
    // PluginManagerBase `hooksProviders()` keeps `model.pluginRequireStartupExecution == true`;
    // PluginsManager+Utils `getHookPlugins()` filters the same way.
    @Test func hooksProvidersKeepOnlyRequireStartupExecutionPluginsOfTheFourTypes() throws {
        let ids = ["crash", "push", "general", "analytics", "no-key", "key-false", "login", "key-string"]
        var hooks: [String: TestAppHook] = [:]
        let h = try HooksHarness()
        for id in ids {
            let hook = TestAppHook([.onLaunch])
            hooks[id] = hook
            h.system.launcher.register(id, AppLoadingHookFactory { _ in hook })
        }
        let document: JSONValue = .array([
            Self.configuration("crash", "error_monitoring", startup: true),
            Self.configuration("push", "push_provider", startup: true),
            Self.configuration("general", "general", startup: true),
            Self.configuration("analytics", "analytics", startup: true),
            Self.configuration("no-key", "general", startup: nil),
            Self.configuration("key-false", "analytics", startup: false),
            Self.configuration("login", "login", startup: true),
            Self.configuration("key-string", "general", startup: "true"),
        ])
        h.manager.load(plugins: try PluginModel.parseConfigurations(document))
        try h.system.launcher.launch()
        h.engine.settle()
        #expect(appEvents(h, "apphook.started") == [
            "analytics:executeOnLaunch", "push:executeOnLaunch", "general:executeOnLaunch", "crash:executeOnLaunch",
        ])
        for id in ["no-key", "key-false", "login", "key-string"] { #expect(hooks[id]?.calls.isEmpty == true, "\(id)") }
        let skipped = h.events("apphook.skipped").compactMap { $0["identifier"]?.stringValue }
        #expect(skipped == ["no-key", "key-false", "login", "key-string"])
        let warnings = h.events("warning").compactMap { $0["message"]?.stringValue }
        #expect(warnings.count == 4)
        #expect(warnings.first == #"hooks: app-loading hook 'no-key' has no "api": {"require_startup_execution": true} in its manifest: the SDK does not run it"#)
        #expect(warnings.contains("hooks: app-loading hook 'login' is of type 'login', not one the SDK collects app-loading hooks from (analytics, push_provider, general, error_monitoring): the SDK does not run it"))
        #expect(h.system.launcher.state == .ready)
    }

    // PluginManagerBase `createProvider(identifier:)`: "guard let pluginModel =
    // PluginsManager.pluginModelById(identifier) else { completion?(false) }": no model, no provider.
    @Test func aPluginAbsentFromTheLoadedConfigurationsIsNotRunAndAWarningNamesIt() throws {
        let h = try HooksHarness()
        let known = TestAppHook([.onLaunch])
        let stray = TestAppHook([.onLaunch])
        h.system.launcher.register("consent", AppLoadingHookFactory { _ in known })
        h.system.launcher.register("consnt", AppLoadingHookFactory { _ in stray })
        h.manager.load(plugins: try PluginModel.parseConfigurations(.array([Self.configuration("consent", "general", startup: true)])))
        try h.system.launcher.launch()
        h.engine.settle()
        #expect(known.calls == [.onLaunch] && stray.calls.isEmpty)
        let warning = try #require(h.events("warning").first)
        #expect(warning["message"]?.stringValue?.hasPrefix("hooks: app-loading hook 'consnt' is not in the loaded plugin configurations") == true)
        #expect(warning["didYouMean"] == "consent" && warning["ignored"] == "consnt")
    }

    // With no configurations loaded at all, a registered plugin gets a minimal model: its
    // registered type and `require_startup_execution: true` (a ctlua convenience, documented).
    @Test func withNoConfigurationsLoadedARegisteredPluginRunsWithAMinimalModel() throws {
        let hook = TestAppHook([.onLaunch])
        let h = try harness([("solo", "analytics", hook)])
        try h.system.launcher.launch()
        h.engine.settle()
        #expect(hook.calls == [.onLaunch])
        let model = AppLauncher.minimalModel("solo", type: "analytics")
        #expect(model.requireStartupExecution && model.type == "analytics")
    }

    // Hostile: 10,000 app-loading plugins, each completing at once: the launch ends, in order,
    // without a deep stack (each plugin runs at its own run-loop turn).
    @Test func tenThousandAppLoadingPluginsLaunchInOrder() throws {
        let h = try HooksHarness()
        var configurations: [JSONValue] = []
        let count = 10_000
        var hooks: [TestAppHook] = []
        for i in 0..<count {
            let id = "p\(i)"
            let hook = TestAppHook([.onLaunch, .onApplicationReady])
            hooks.append(hook)
            h.system.launcher.register(id, AppLoadingHookFactory { _ in hook })
            configurations.append(Self.configuration(id, i % 2 == 0 ? "general" : "analytics", startup: true))
        }
        h.manager.load(plugins: try PluginModel.parseConfigurations(.array(configurations)))
        try h.system.launcher.launch()
        h.engine.settle()
        #expect(h.system.launcher.state == .ready)
        #expect(hooks.allSatisfy { $0.calls == [.onLaunch, .onApplicationReady] })
        let started = h.events("apphook.started").compactMap { $0["identifier"]?.stringValue }
        #expect(started.first == "p1" && started.count == 2 * count)
        #expect(started[count / 2 - 1] == "p\(count - 1)" && started[count / 2] == "p0")
    }
}
