import Engine
import JSON
import Testing
@testable import Hooks

/// The chain as the SDK runs it (issue 22, behaviours 1 and 2).
@Suite struct HookManagerRunTests {
    // Zapp hooks document: "Make sure you always pass `dataDict` as a param in
    // `taskFinishedWithCompletion` for further hooks to use it"; seed spec (hooks.md), manager
    // step 5: "Otherwise the next hook runs with the dataDict it returned."
    @Test func theNextHookAndTheTargetGetExactlyWhatThePreviousHookReturned() throws {
        let h = try HooksHarness()
        let a = TestHook { _, _, done in done(true, nil, ["user": ["id": 1], "from": "a"]) }
        let b = TestHook { _, _, done in done(true, nil, ["user": ["plan": "gold"]]) }
        h.register("a", a)
        h.register("b", b)
        h.screen("target", pre: ["a", "b"])
        try h.navigate("target")
        #expect(a.received == [nil])
        #expect(b.received == [["user": ["id": 1], "from": "a"]])
        // No merge: a's keys are gone unless b passed them on.
        #expect(h.manager.state.last?.data == ["user": ["plan": "gold"]])
        #expect(h.manager.state.stack.last?.data == ["user": ["plan": "gold"]])
        #expect(h.events("screen.presented").first?["data"] == ["user": ["plan": "gold"]])
    }

    // Same sentence: a hook that passes nothing passes nothing on.
    @Test func aHookThatReturnsNothingPassesNothingOn() throws {
        let h = try HooksHarness()
        h.register("a", TestHook { _, _, done in done(true, nil, ["token": "t"]) })
        h.register("silent", TestHook())
        let c = TestHook()
        h.register("c", c)
        h.screen("target", pre: ["a", "silent", "c"])
        try h.navigate("target")
        #expect(c.received == [nil])
        #expect(h.manager.state.last?.data == nil)
        #expect(h.manager.state.json["data"] == .null)
        #expect(h.events("screen.presented").first?["data"] == .null)
    }

    // Zapp hooks document: "`screenModel` - ScreenModel of the host screen" (hook plugins), and
    // "`pluginModel` and `dataSourceModel` ... will be used in the target screen and will be used
    // after all hooks will finish their invocation."
    @Test func plainHooksGetTheHostScreenAndTheTargetGetsTheDataSource() throws {
        let h = try HooksHarness()
        var creations: [HookCreation] = []
        h.manager.register("plain", HookPluginFactory(isScreen: false) { creation in
            creations.append(creation)
            return TestHook()
        })
        h.screen("movie", pre: ["plain"])
        try h.navigate("movie", dataSource: ["id": "m1"])
        #expect(creations.first?.hostScreenModel.id == "movie")
        #expect(creations.first?.screenModel == nil)
        #expect(h.manager.state.stack.last?.dataSource == ["id": "m1"])
        #expect(h.events("screen.presented").first?["dataSource"] == ["id": "m1"])
        #expect(h.manager.state.json["screens"]?.arrayValue?.first?["dataSource"] == ["id": "m1"])
    }

    // Zapp hooks document, GAScreenHookManager step 5: "After the hook sends completion in
    // `taskFinishedWithCompletion`, the manager will check the state. If hook `isFlowBlocker`
    // and failed, next hook/target screen will not be executed."
    @Test func theFlowBlockerIsReadWhenTheHookCompletes() throws {
        let h = try HooksHarness()
        var gate: TestHook!
        defer { gate = nil } // the hook's closure holds the variable that holds the hook
        gate = TestHook(blocker: false) { _, _, done in
            gate.isFlowBlocker = true
            done(false, "denied", nil)
        }
        h.register("gate", gate)
        let after = TestHook()
        h.register("after", after)
        h.screen("target", pre: ["gate", "after"])
        try h.navigate("target")
        #expect(h.events("hook.started").first?["flowBlocker"] == false)
        #expect(h.events("hook.completed").first?.fields == ["identifier": "gate", "succeed": false, "flowBlocker": true, "error": "denied"])
        #expect(h.manager.state.last?.blockedBy == "gate")
        #expect(after.received.isEmpty)
    }

    @Test func aBlockerThatStopsBlockingBeforeItFailsLetsTheFlowGoOn() throws {
        let h = try HooksHarness()
        var gate: TestHook!
        defer { gate = nil } // the hook's closure holds the variable that holds the hook
        gate = TestHook(blocker: true) { _, _, done in
            gate.isFlowBlocker = false
            done(false, "skipped", nil)
        }
        h.register("gate", gate)
        h.screen("target", pre: ["gate"])
        try h.navigate("target")
        #expect(h.manager.state.last?.presented == true)
    }
}
