import Engine
import JSON
import Testing
@testable import Hooks

/// Manifests and navigation as the SDK has them (issue 22, behaviours 3 and 4).
@Suite struct HookManagerScreensTests {
    // Zapp hooks document, Manifest: "Add key to your plugin manifest. This key will allow to
    // define plugin as prehook. "preload": true".
    @Test func aConfiguredPluginIsAHookOnlyWithPreloadTrue() throws {
        let h = try HooksHarness()
        try h.system.loadPlugins(try JSONValue.decode(#"[{"plugin": {"identifier": "quiet"}}, {"plugin": {"identifier": "hook", "preload": true}}]"#))
        let quiet = TestHook()
        h.register("quiet", quiet)
        h.register("hook", TestHook())
        h.screen("target", pre: ["quiet", "hook"])
        try h.navigate("target")
        #expect(quiet.received.isEmpty)
        #expect(h.events("hook.skipped").first?["reason"] == #"plugin 'quiet' is not a hook: its manifest has no "preload": true"#)
        #expect(h.started == ["hook"])
    }

    /// A hook screen plugin "gate" on `target`, its river screen with these styles; the hook
    /// completes when `finish` is called.
    func gate(styles: JSONValue?, blocker: Bool = false) throws -> (HooksHarness, TestHook, () -> HookCompletion?) {
        let h = try HooksHarness()
        var finish: HookCompletion?
        let hook = TestHook(blocker: blocker) { _, _, done in finish = done }
        h.register("gate", screen: true, hook)
        var raw: JSONObject = ["id": "gate-screen"]
        if let styles { raw["styles"] = styles }
        h.manager.load(screens: [ScreenModel(id: "gate-screen", raw: raw)])
        h.manager.load(screens: [ScreenModel(id: "target", preloadPlugins: [HookEntry(identifier: "gate", type: "general", screenId: "gate-screen")])])
        return (h, hook, { finish })
    }

    // PreHookExample-iOS HookManager: `screenModel?.style?.object["presentation"]` "present" →
    // `removeScreenPluginFromScreen()`, otherwise `removeScreenPluginFromNavigationStack()`.
    @Test(arguments: [("present", "dismissed"), ("push", "popped")])
    func pushedAndPresentedHookScreensLeaveDifferently(presentation: String, removal: String) throws {
        let (h, _, finish) = try gate(styles: ["presentation": .string(presentation)])
        try h.navigate("target")
        #expect(h.manager.state.stack.first?.presentation?.rawValue == presentation)
        #expect(h.events("hook.presented").first?["presentation"] == .string(presentation))
        finish()?(true, nil, nil)
        h.engine.settle()
        #expect(h.events("hook.removed").first?.fields == [
            "identifier": "gate", "screen": "gate-screen", "removal": .string(removal), "by": "manager",
        ])
        #expect(h.manager.state.stack.map(\.screen) == ["target"])
    }

    @Test func thePresentationDefaultsToThePluginManifestThenPush() throws {
        let manifest: JSONObject = ["identifier": "p", "styles": ["fields": [["key": "presentation", "initial_value": "present"]]]]
        let plugin = PluginModel(identifier: "p", manifest: manifest)
        #expect(HookManager.presentation(of: ScreenModel(id: "s"), plugin: plugin) == .present)
        #expect(HookManager.presentation(of: ScreenModel(id: "s", raw: ["id": "s", "styles": ["presentation": "push"]]), plugin: plugin) == .push)
        #expect(HookManager.presentation(of: ScreenModel(id: "s"), plugin: PluginModel(identifier: "q")) == .push)
    }

    // Seed spec (hooks.md): "init(pluginModel, screenModel, dataSourceModel) ... the screen
    // model from the river"; the SDK cannot create a hook screen plugin without it.
    @Test func aHookScreenWhoseScreenIdIsNotInTheRiverIsAnError() throws {
        let h = try HooksHarness()
        let hook = TestHook()
        h.register("login", screen: true, hook)
        h.manager.load(screens: [ScreenModel(id: "premium", preloadPlugins: [HookEntry(identifier: "login", type: "login", screenId: "nowhere")])])
        try h.navigate("premium")
        #expect(hook.received.isEmpty)
        #expect(h.events("error").first?["message"] ==
                "hook 'login': its screen_id 'nowhere' is not in the river (the SDK needs the screen model to create the plugin)")
        #expect(h.events("hook.skipped").first?["reason"] == "screen 'nowhere' is not in the river")
    }

    // PreHookExample-iOS HookManager+ScreenPlugin: "We want to remove from stack only if not
    // flow-blocker"; the RN example's `hookFinishedWithSuccessWithRemoveFromStack` calls
    // `removeScreenPluginFromNavigationStack()` itself.
    @Test func aFailedFlowBlockerKeepsItsScreenUntilThePluginOrTheUserRemovesIt() throws {
        let (h, hook, finish) = try gate(styles: nil, blocker: true)
        h.screen("home")
        try h.navigate("home", from: .menu)
        try h.navigate("target")
        finish()?(false, "denied", nil)
        h.engine.settle()
        #expect(h.manager.state.last?.blockedBy == "gate")
        #expect(h.manager.state.stack.map(\.screen) == ["home", "gate-screen"])
        #expect(h.manager.state.screen == "home")
        #expect(h.engine.ui.find("gate-screen") != nil && hook.disappeared == 0)
        // The user goes back from it.
        try h.manager.back()
        #expect(h.manager.state.stack.map(\.screen) == ["home"])
        #expect(hook.disappeared == 1)
        #expect(h.events("hook.removed").last?["by"] == "user")
    }

    @Test func thePluginRemovesItsOwnScreenWhileItRuns() throws {
        let h = try HooksHarness()
        var delegate: HookScreenDelegate?
        var finish: HookCompletion?
        let hook = TestHook { _, _, done in finish = done }
        h.manager.register("gate", HookPluginFactory(isScreen: true) { creation in
            delegate = creation.screenDelegate
            return hook
        })
        h.screen("target", pre: ["gate"])
        try h.navigate("target")
        #expect(h.manager.state.stack.map(\.screen) == ["gate"])
        #expect(delegate?.removeScreenPluginFromNavigationStack() == true)
        #expect(h.manager.state.stack.isEmpty && h.manager.state.running)
        #expect(h.events("hook.removed").first?["by"] == "plugin")
        #expect(delegate?.removeScreenPluginFromNavigationStack() == false)
        finish?(true, nil, ["ok": true])
        h.engine.settle()
        #expect(h.manager.state.stack.map(\.screen) == ["target"])
        #expect(hook.disappeared == 1)
    }

    // ZPScreenHookAdapterProtocol: "Request if hook want to be called reccuring when same screen
    // instance invoke post launch hook" (`reccuringPostLaunchHook`).
    @Test func goingBackReRunsOnlyTheRecurringPostLoadHooks() throws {
        let h = try HooksHarness()
        final class Recurring: ScreenHookAdapter {
            let answer: Bool
            var runs = 0
            init(_ answer: Bool) { self.answer = answer }
            func reccuringPostLaunchHook(completion: @escaping (Bool) -> Void) throws { completion(answer) }
            func executeHook(presentationIndex: Int, dataDict: JSONObject?, completion: @escaping HookCompletion) throws {
                runs += 1
                completion(true, nil, dataDict)
            }
        }
        let again = Recurring(true), once = Recurring(false)
        h.manager.register("again", HookPluginFactory { _ in again })
        h.manager.register("once", HookPluginFactory { _ in once })
        h.screen("home", post: ["again", "once"])
        h.screen("detail")
        try h.navigate("home", from: .menu)
        try h.navigate("detail")
        #expect(again.runs == 1 && once.runs == 1)
        try h.manager.back()
        h.engine.settle()
        #expect(h.manager.state.stack.map(\.screen) == ["home"])
        #expect(again.runs == 2 && once.runs == 1)
        #expect(h.events("screen.popped").first?["screen"] == "detail")
        #expect(h.events("navigation.returned").first?["screen"] == "home")
        #expect(h.events("hook.skipped").last?.fields == ["identifier": "once", "reason": "not recurring (reccuringPostLaunchHook answered false)"])
        #expect(!h.manager.state.running)
        try h.manager.back()
        #expect(throws: HookManagerError.nothingToPop) { try h.manager.back() }
    }

    // Seed spec (hooks.md): "A hook that never completes must not hang the engine: a
    // configurable timeout fails it"; the SDK has none (issue 22): with the timeout off, the
    // navigation never ends, as the app hangs.
    @Test func withTheTimeoutOffAHookThatNeverCompletesHangsTheNavigation() throws {
        let h = try HooksHarness()
        h.manager.timeout = 0
        h.register("stuck", TestHook(blocker: true) { _, _, _ in })
        h.screen("target", pre: ["stuck"])
        h.screen("other")
        try h.navigate("other", from: .menu)
        try h.navigate("target")
        h.engine.clock.advance(by: 86_400)
        #expect(h.manager.state.running && h.manager.state.last?.presented == nil)
        #expect(!h.types.contains("error"))
        #expect(h.engine.clock.pendingCount == 0)
        #expect(try h.navigate("other") == false)
        #expect(h.manager.state.stack.map(\.screen) == ["other"])
        #expect(throws: HookManagerError.navigationRunning("target")) { try h.manager.back() }
    }
}

extension HookManagerScreensTests {
    @Test func aRecurringAnswerThatNeverComesTimesOut() throws {
        let h = try HooksHarness()
        final class Silent: ScreenHookAdapter {
            func reccuringPostLaunchHook(completion: @escaping (Bool) -> Void) throws {}
            func executeHook(presentationIndex: Int, dataDict: JSONObject?, completion: @escaping HookCompletion) throws {
                completion(true, nil, nil)
            }
        }
        h.manager.register("silent", HookPluginFactory { _ in Silent() })
        h.manager.timeout = 2
        h.screen("home", post: ["silent"])
        h.screen("detail")
        try h.navigate("home", from: .menu)
        try h.navigate("detail")
        try h.manager.back()
        h.engine.settle()
        #expect(h.manager.state.running)
        h.engine.clock.advance(by: 2)
        #expect(!h.manager.state.running)
        #expect(h.events("error").last?["message"] == "hook 'silent' timed out after 2s")
    }
}
