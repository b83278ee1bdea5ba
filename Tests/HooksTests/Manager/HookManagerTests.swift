import Engine
import JSON
import Testing
@testable import Hooks

/// Each branch of the manager, with Swift hooks.
@Suite struct HookManagerTests {
    @Test func hooksRunInOrderAndTheTargetGetsWhatTheLastOnePassedOn() throws {
        let h = try HooksHarness()
        let a = TestHook { _, _, done in done(true, nil, ["user": ["id": 1, "name": "ada"], "from": "a"]) }
        let b = TestHook { _, data, done in done(true, nil, ["user": data?["user"] ?? .null, "seenByB": data?["from"] ?? .null]) }
        h.register("a", a)
        h.register("b", b)
        h.screen("target", pre: ["a", "b"])
        try h.navigate("target", dataSource: ["id": "m1"])
        #expect(h.started == ["a", "b"])
        #expect(a.received == [nil])
        #expect(b.received == [["user": ["id": 1, "name": "ada"], "from": "a"]])
        #expect(a.indexes == [0] && b.indexes == [1])
        let data: JSONObject = ["user": ["id": 1, "name": "ada"], "seenByB": "a"]
        #expect(h.manager.state.stack == [NavigationState.Entry(screen: "target", from: "cell", data: data, dataSource: ["id": "m1"])])
        #expect(h.manager.state.last?.presented == true)
        #expect(h.events("screen.presented").first?["data"] == .object(data))
        #expect(h.manager.state.running == false)
    }

    @Test func aFailedFlowBlockerStopsTheNavigation() throws {
        let h = try HooksHarness()
        h.register("gate", TestHook(blocker: true) { _, _, done in done(false, "denied", ["partial": true]) })
        let after = TestHook()
        h.register("after", after)
        h.screen("target", pre: ["gate", "after"])
        try h.navigate("target")
        #expect(h.started == ["gate"])
        #expect(after.received.isEmpty)
        #expect(!h.types.contains("screen.presented"))
        #expect(h.events("navigation.blocked").first?.fields == ["screen": "target", "by": "gate"])
        #expect(h.events("hook.completed").first?.fields == ["identifier": "gate", "succeed": false, "flowBlocker": true, "error": "denied"])
        #expect(h.manager.state.last?.presented == false && h.manager.state.last?.blockedBy == "gate")
        #expect(h.manager.state.stack.isEmpty && !h.manager.state.running)
    }

    @Test func aFailedNonBlockerLetsTheNavigationContinue() throws {
        let h = try HooksHarness()
        h.register("flaky", TestHook { _, _, done in done(false, "offline", ["tried": true]) })
        h.register("next", TestHook())
        h.screen("target", pre: ["flaky", "next"])
        try h.navigate("target")
        #expect(h.started == ["flaky", "next"])
        #expect(h.manager.state.last?.presented == true)
        // The data a failing hook returned flows on to the next hook, which passed nothing on.
        #expect(h.manager.state.stack.last?.data == nil)
        #expect(!h.types.contains("navigation.blocked"))
    }

    @Test func aHookScreenIsPresentedWhileItsHookRunsAndRemovedAfter() throws {
        let h = try HooksHarness()
        var finish: HookCompletion?
        let hook = TestHook { _, _, done in finish = done }
        h.register("login", screen: true, hook)
        h.manager.load(screens: [ScreenModel(id: "login-screen", name: "Sign in")])
        h.manager.load(screens: [ScreenModel(id: "premium", preloadPlugins: [HookEntry(identifier: "login", type: "login", screenId: "login-screen")])])
        try h.navigate("premium")
        #expect(h.manager.state.stack.map(\.screen) == ["login-screen"])
        #expect(h.manager.state.stack.first?.hook == "login")
        #expect(h.engine.ui.find("login-screen")?.properties == ["hookScreen": "login", "name": "Sign in", "presentation": "push"])
        #expect(h.events("hook.presented").first?.fields == ["identifier": "login", "screen": "login-screen", "presentation": "push"])
        #expect(h.manager.state.last?.presented == nil && h.manager.state.running)
        finish?(true, nil, nil)
        h.engine.settle()
        #expect(h.manager.state.stack.map(\.screen) == ["premium"])
        #expect(h.engine.ui.find("login-screen") == nil)
        #expect(hook.disappeared == 1)
    }

    @Test func presentationRefusedSkipsTheScreenButTheHookStillRuns() throws {
        let h = try HooksHarness()
        let hook = TestHook(allow: false)
        h.register("login", screen: true, hook)
        h.screen("premium", pre: ["login"])
        try h.navigate("premium")
        #expect(!h.types.contains("hook.presented"))
        #expect(hook.received.count == 1)
        #expect(hook.disappeared == 0)
        #expect(h.manager.state.stack.map(\.screen) == ["premium"])
        #expect(h.engine.ui.views.isEmpty)
    }

    @Test func aHookCanCompleteLaterOnTheVirtualClock() throws {
        let h = try HooksHarness()
        let clock = h.engine.clock
        h.register("slow", TestHook { _, _, done in clock.after(3) { done(true, nil, ["late": true]) } })
        h.screen("target", pre: ["slow"])
        try h.navigate("target")
        #expect(h.manager.state.running && h.manager.state.last?.presented == nil)
        clock.advance(by: 2.9)
        #expect(h.manager.state.running)
        clock.advance(by: 0.1)
        #expect(h.manager.state.last?.presented == true)
        #expect(h.events("screen.presented").first?.t == 3)
        #expect(h.manager.state.stack.last?.data == ["late": true])
    }

    @Test func aSecondCompletionIsIgnoredAndRecorded() throws {
        let h = try HooksHarness()
        var finish: HookCompletion?
        h.register("twice", TestHook(blocker: true) { _, _, done in
            done(true, nil, ["first": true])
            done(false, "second", ["second": true])
            finish = done
        })
        h.screen("target", pre: ["twice"])
        try h.navigate("target")
        #expect(h.manager.state.last?.presented == true)
        #expect(h.manager.state.stack.last?.data == ["first": true])
        #expect(h.events("hook.completed").count == 1)
        #expect(h.events("hook.ignored").map(\.fields) == [["identifier": "twice", "reason": "completed twice"]])
        // After the navigation ended, a late call is ignored too.
        finish?(true, nil, nil)
        #expect(h.events("hook.ignored").last?["reason"] == "completed after its navigation ended")
        #expect(h.manager.state.stack.count == 1)
    }

    @Test(arguments: [true, false])
    func aHookThatNeverCompletesTimesOut(blocker: Bool) throws {
        let h = try HooksHarness()
        h.manager.timeout = 5
        h.register("stuck", screen: true, TestHook(blocker: blocker) { _, _, _ in })
        h.screen("target", pre: ["stuck"])
        try h.navigate("target")
        h.engine.clock.advance(by: 4.99)
        #expect(h.manager.state.running && !h.types.contains("error"))
        h.engine.clock.advance(by: 0.01)
        #expect(h.events("error").first?["message"] == "hook 'stuck' timed out after 5s")
        #expect(h.events("hook.completed").first?.fields == ["identifier": "stuck", "succeed": false, "flowBlocker": .bool(blocker), "error": "timeout"])
        #expect(!h.manager.state.running)
        #expect(h.manager.state.last?.presented == !blocker)
        // A failed flow blocker keeps its screen (PreHookExample-iOS: "We want to remove from
        // stack only if not flow-blocker").
        #expect(h.manager.state.stack.map(\.screen) == (blocker ? ["stuck"] : ["target"]))
        #expect((h.engine.ui.find("stuck") == nil) == !blocker)
    }

    @Test func timeoutTimersDoNotPileUpOverManyNavigations() throws {
        let h = try HooksHarness()
        for id in ["a", "b", "c"] { h.register(id, TestHook()) }
        h.screen("target", pre: ["a", "b", "c"])
        for _ in 0..<200 { try h.navigate("target", from: .menu) }
        // One watchdog serves every hook (the clock cannot cancel timers).
        #expect(h.engine.clock.pendingCount <= 1)
        #expect(h.events("screen.presented").count == 200)
        // And it still times out a hook started later, at its own deadline.
        h.manager.timeout = 10
        h.engine.clock.advance(by: 25)
        h.register("stuck", TestHook(blocker: true) { _, _, _ in })
        h.screen("late", pre: ["stuck"])
        try h.navigate("late")
        h.engine.clock.advance(by: 9.9)
        #expect(h.manager.state.running)
        h.engine.clock.advance(by: 0.1)
        #expect(h.manager.state.last?.blockedBy == "stuck")
        #expect(h.events("error").first?.t == 35)
    }

    @Test func theUserClosingTheHookScreenCancelsTheHook() throws {
        let h = try HooksHarness()
        let gate = TestHook(blocker: true) { _, _, _ in }
        h.register("gate", screen: true, gate)
        h.screen("settings", pre: ["gate"])
        try h.navigate("settings")
        try h.manager.closeHookScreen()
        h.engine.settle()
        #expect(gate.disappeared == 1)
        #expect(h.types.filter { $0.hasPrefix("hook.") || $0.hasPrefix("navigation.") } ==
                ["navigation.started", "hook.started", "hook.presented", "hook.cancelled", "hook.removed", "hook.completed", "navigation.blocked"])
        #expect(h.events("hook.completed").first?["error"] == "cancelled by the user")
        #expect(h.manager.state.stack.isEmpty)
        #expect(throws: HookManagerError.noHookScreen) { try h.manager.closeHookScreen() }
    }

    @Test func closingAHookScreenOfANonBlockerGoesOnToTheTarget() throws {
        let h = try HooksHarness()
        h.register("promo", screen: true, TestHook { _, _, _ in })
        h.screen("home", pre: ["promo"])
        try h.navigate("home")
        try h.manager.closeHookScreen()
        h.engine.settle()
        #expect(h.manager.state.stack.map(\.screen) == ["home"])
    }

    @Test func missingAndFailingPluginsAreSkippedAndRecorded() throws {
        let h = try HooksHarness()
        h.manager.load(plugins: [PluginModel(identifier: "configured-only"), PluginModel(identifier: "not-a-hook", preload: false)])
        h.register("not-a-hook", TestHook())
        h.manager.register("nil-init", HookPluginFactory { _ in nil })
        h.manager.register("throwing-init", HookPluginFactory { _ in throw InitFailure() })
        h.register("fine", TestHook())
        h.screen("target", pre: ["absent", "configured-only", "not-a-hook", "nil-init", "throwing-init", "fine"])
        try h.navigate("target")
        #expect(h.events("hook.skipped").map(\.fields) == [
            ["identifier": "absent", "reason": "missing plugin"],
            ["identifier": "configured-only", "reason": "no implementation registered for plugin 'configured-only'"],
            ["identifier": "not-a-hook", "reason": "plugin 'not-a-hook' is not a hook: its manifest has no \"preload\": true"],
            ["identifier": "nil-init", "reason": "init failed"],
            ["identifier": "throwing-init", "reason": "init failed: no keychain"],
        ])
        #expect(h.events("error").first?["message"] == "hook 'throwing-init' init: no keychain")
        #expect(h.started == ["fine"])
        #expect(h.manager.state.last?.presented == true)
    }

    @Test func anExecuteThatThrowsFailsTheHook() throws {
        let h = try HooksHarness()
        h.register("broken", TestHook(blocker: true) { _, _, _ in throw InitFailure() })
        h.screen("target", pre: ["broken"])
        try h.navigate("target")
        #expect(h.events("hook.completed").first?.fields == ["identifier": "broken", "succeed": false, "flowBlocker": true, "error": "no keychain"])
        #expect(h.events("error").count == 1)
        #expect(h.manager.state.last?.blockedBy == "broken")
    }

    @Test func postLoadHooksRunAfterTheScreenIsPresented() throws {
        let h = try HooksHarness()
        let clock = h.engine.clock
        let post = TestHook(blocker: true) { _, _, done in clock.after(1) { done(false, "no history", nil) } }
        h.register("pre", TestHook { _, _, done in done(true, nil, ["pre": 1]) })
        h.register("post", post)
        h.register("post2", TestHook())
        h.screen("player", pre: ["pre"], post: ["post", "post2"])
        try h.navigate("player")
        let types = h.types
        let presented = try #require(types.firstIndex(of: "screen.presented"))
        let postStart = try #require(h.engine.transcript.events.firstIndex { $0.type == "hook.started" && $0["identifier"] == "post" })
        #expect(presented < postStart)
        #expect(h.engine.transcript.events[postStart]["phase"] == "postload")
        #expect(post.received == [["pre": 1]])
        #expect(h.manager.state.running && h.manager.state.last?.presented == true)
        clock.advance(by: 1)
        // A failing flow-blocking post-load hook stops the remaining post-load hooks; the screen stays.
        #expect(!h.manager.state.running)
        #expect(!h.started.contains("post2"))
        #expect(h.manager.state.stack.map(\.screen) == ["player"])
        #expect(!h.types.contains("navigation.blocked"))
    }

    @Test func aSecondNavigationDuringTheFirstIsRejected() throws {
        let h = try HooksHarness()
        var finish: HookCompletion?
        h.register("slow", TestHook { _, _, done in finish = done })
        h.screen("first", pre: ["slow"])
        h.screen("second")
        try h.navigate("first")
        #expect(try h.navigate("second", from: .menu) == false)
        #expect(h.events("navigation.rejected").first?.fields ==
                ["screen": "second", "from": "menu", "reason": "navigation to 'first' is running"])
        #expect(h.manager.state.last?.target == "first")
        finish?(true, nil, nil)
        h.engine.settle()
        #expect(h.manager.state.stack.map(\.screen) == ["first"])
        #expect(try h.navigate("second"))
        #expect(h.manager.state.stack.map(\.screen) == ["first", "second"])
    }

    @Test func theThreeInvocationPointsShapeTheStack() throws {
        let h = try HooksHarness()
        let hook = TestHook()
        h.register("seen", hook)
        for id in ["home", "a", "b", "tab1", "tab2"] { h.screen(id, pre: ["seen"]) }
        try h.navigate("home", from: .menu)
        try h.navigate("a", from: .cell)
        try h.navigate("b", from: .navbar)
        #expect(h.manager.state.stack.map(\.screen) == ["home", "a", "b"])
        try h.navigate("tab1", from: .picker)
        #expect(h.manager.state.stack.map(\.screen) == ["home", "a", "tab1"])
        try h.navigate("tab2", from: .picker)
        #expect(h.manager.state.stack.map(\.screen) == ["home", "a", "tab2"])
        try h.navigate("home", from: .menu)
        #expect(h.manager.state.stack.map(\.screen) == ["home"])
        // Hooks run at every invocation point.
        #expect(hook.received.count == 6)
        #expect(h.events("screen.presented").compactMap { $0["from"]?.stringValue } == ["menu", "cell", "navbar", "picker", "picker", "menu"])
    }

    @Test func unknownScreensAreAnError() throws {
        let h = try HooksHarness()
        #expect(throws: HookManagerError.unknownScreen("nowhere")) { try h.manager.navigate(to: "nowhere") }
        #expect(!h.manager.state.running)
    }

    @Test func malformedRiverEntriesDoNotRun() throws {
        let h = try HooksHarness()
        let hook = TestHook()
        h.register("ok", screen: true, hook)
        try h.system.loadScreens(try JSONValue.decode("""
            [{"id": "t", "hooks": {"preload_plugins": [{"identifier": 1, "type": "general"}, {"identifier": "ok", "type": 5},
                                                        {"identifier": "ok", "type": "general", "screen_id": 9}]}}]
            """))
        try h.navigate("t")
        // Only the last entry runs; its numeric screen_id is dropped, so its screen takes the plugin's identifier.
        #expect(h.started == ["ok"])
        #expect(h.events("hook.presented").first?["screen"] == "ok")
    }
}
