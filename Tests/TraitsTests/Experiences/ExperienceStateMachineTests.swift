import JSON
import Testing
@testable import Traits

/// The SDK's `ExperienceStateMachineTests`, named after its cases, checked through what is
/// observable headlessly: the renderer's state, the step shown, the transcript and analytics.
@Suite struct ExperienceStateMachineTests {
    typealias F = ExperienceFixture

    static func state(_ h: TraitsHarness) -> String {
        switch h.system.renderer.state {
        case .idle: return "idle"
        case .presenting: return "presenting"
        case .shown: return "shown"
        case .failing: return "failing"
        case .ending: return "ending"
        }
    }

    @Test func testInitialState() throws {
        let h = try TraitsHarness()
        #expect(Self.state(h) == "idle")
    }

    @Test func test_stateIsIdling_whenStartExperience_transitionsToRenderingStep() throws {
        let h = try TraitsHarness.showing(F.tour)
        #expect(Self.state(h) == "shown")
        #expect(h.system.renderer.current?.stepIndex == .initial)
    }

    @Test func test_stateIsRenderingStep_whenStartStep_transitionsToRenderingStepInSameGroup() throws {
        let h = try TraitsHarness.showing(F.tour)
        let package = h.system.renderer.current?.package
        try h.lua("traits.continue()")
        #expect(h.system.renderer.current?.stepIndex == .init(group: 0, item: 1))
        #expect(h.system.renderer.current?.package === package)
    }

    @Test func test_stateIsRenderingStep_whenStartStep_transitionsToRenderingStepInNewGroup() throws {
        let h = try TraitsHarness.showing(F.tour)
        try h.lua("traits.continue{index = 2}")
        #expect(h.system.renderer.current?.stepIndex == .init(group: 1, item: 0))
        #expect(h.events("step.presented", ["group", "step"]) == ["step.presented group=1 step=1", "step.presented group=2 step=1"])
    }

    @Test func test_stateIsRenderingStep_whenStartStepPastEnd_transitionsToIdling() throws {
        let h = try TraitsHarness.showing(F.tour)
        try h.lua("traits.continue{index = 2} traits.continue()")
        #expect(Self.state(h) == "idle")
        #expect(h.analytics.suffix(2) == ["step_completed", "experience_completed"])
    }

    @Test func test_stateIsRenderingStep_whenEndExperience_transitionsToIdling() throws {
        let h = try TraitsHarness.showing(F.tour)
        #expect(try h.lua("return traits.close()").first?.boolValue == true)
        #expect(Self.state(h) == "idle")
        #expect(h.analytics.last == "experience_dismissed")
    }

    @Test func test_whenEndExperience_andMarkComplete_executesActions() throws {
        let json = F.tour.replacingOccurrences(of: #""steps": ["#, with: #""redirectUrl": "app://done", "steps": ["#)
        let h = try TraitsHarness.showing(json)
        try h.lua("traits.close(true)")
        #expect(h.events("link.opened", ["url", "via"]) == [#"link.opened url="app://done" via="scheme""#])
    }

    @Test func test_whenEndExperience_andNoMarkComplete_doesNotExecuteActions() throws {
        let json = F.tour.replacingOccurrences(of: #""steps": ["#, with: #""redirectUrl": "app://done", "steps": ["#)
        let h = try TraitsHarness.showing(json)
        try h.lua("traits.close(false)")
        #expect(h.events("link.opened").isEmpty)
    }

    @Test func test_stateIsRenderingStep_whenStartStep_executesNavigationActionsBeforeTransition() throws {
        let json = F.experience([F.step(11, content: F.text(1100, "A")),
                                 F.group(20, [F.step(21, content: F.text(2100, "B"))],
                                         actions: [F.action("navigate", "@appcues/track", #"{"eventName": "nav"}"#)])])
        let h = try TraitsHarness.showing(json, setup: "")
        try h.lua("traits.continue()")
        let types = h.engine.transcript.events.map { $0["name"]?.stringValue ?? $0.type }
        let nav = try #require(types.firstIndex(of: "nav"))
        #expect(types[nav...].contains("step.presented"), "presented after the navigate actions ran")
        #expect(!types[..<nav].dropFirst(types.firstIndex(of: "step.presented")! + 1).contains("step.presented"))
    }

    @Test func test_stateIsIdling_whenStartExperience_doesNotExecutesNavigationActionsOnQualifiedExperience() throws {
        let json = F.experience([F.group(10, [F.step(11, content: F.text(1100, "A"))], actions: [F.action("navigate", "@appcues/track", #"{"eventName": "nav"}"#)])])
        let h = try TraitsHarness()
        try h.lua(presentLua + "\ntraits.show([==[\(json)]==], 1, 1, {trigger = 'qualification'})")
        #expect(!h.engine.transcript.events.contains { $0["name"]?.stringValue == "nav" })
    }

    @Test func test_stateIsIdling_whenStartExperience_executesNavigationActionsOnNonQualifiedExperience() throws {
        let json = F.experience([F.group(10, [F.step(11, content: F.text(1100, "A"))], actions: [F.action("navigate", "@appcues/track", #"{"eventName": "nav"}"#)])])
        let h = try TraitsHarness.showing(json)
        #expect(h.engine.transcript.events.contains { $0["name"]?.stringValue == "nav" })
    }

    @Test func test_stateIsFailing_whenRetry_transitionsToRestoreStateAndRetryEffect() throws {
        let g = try TraitsHarness()
        try g.lua(presentLua + """

        local n = 0
        traits.register{type = "@t/flaky", decorateContainer = function()
          n = n + 1
          if n == 1 then error(traits.error{description = "not yet", recoverable = true}) end
        end}
        traits.show([==[\(F.tour.replacingOccurrences(of: #"[{"type": "@t/present"}]"#, with: #"[{"type": "@t/present"}, {"type": "@t/flaky"}]"#))]==])
        """)
        #expect(Self.state(g) == "failing")
        #expect(try g.lua("return traits.retry()").first?.boolValue == true)
        #expect(Self.state(g) == "shown")
        #expect(g.analytics == ["step_error", "experience_started", "step_recovered", "step_seen"])
        let error = try #require(g.analytics("step_error").first)
        #expect(g.analytics("step_recovered").first?["errorId"] == error["errorId"])
        #expect(g.analytics("step_recovered").first?["message"] == nil)
    }

    @Test func test_stateIsFailing_whenEndExperience_transitionsToIdling() throws {
        let g = try TraitsHarness()
        try g.lua(presentLua + """

        traits.register{type = "@t/broken", decorateContainer = function() error(traits.error{description = "no", recoverable = true}) end}
        traits.show([==[\(F.tour.replacingOccurrences(of: #"[{"type": "@t/present"}]"#, with: #"[{"type": "@t/present"}, {"type": "@t/broken"}]"#))]==])
        """)
        #expect(Self.state(g) == "failing")
        try g.lua("traits.close()")
        #expect(Self.state(g) == "idle")
        #expect(!g.analytics.contains("experience_dismissed"))
    }

    @Test func test_stateIsFailing_whenStartExperience_transitionsToIdlingThenStartsNewExperience() throws {
        let g = try TraitsHarness()
        try g.lua(presentLua + """

        traits.register{type = "@t/broken", decorateContainer = function() error(traits.error{description = "no", recoverable = true}) end}
        traits.show([==[\(F.tour.replacingOccurrences(of: #"[{"type": "@t/present"}]"#, with: #"[{"type": "@t/present"}, {"type": "@t/broken"}]"#))]==])
        traits.show([==[\(F.tour.replacingOccurrences(of: F.id(1), with: F.id(2)))]==])
        """)
        #expect(Self.state(g) == "shown")
        #expect(g.system.renderer.current?.experience.id == F.id(2))
    }

    @Test func test_stateIsIdling_whenStartExperienceWithNoSteps_noTransition() throws {
        let h = try TraitsHarness.showing(F.experience([]))
        #expect(Self.state(h) == "idle")
        #expect(h.analytics("experience_error").first?["message"] == .string("Experience has 0 steps"))
    }

    @Test func test_stateIsIdling_whenStartFailedExperience_noTransition() throws {
        let h = try TraitsHarness()
        #expect(throws: (any Error).self) {
            try h.lua(presentLua + "\ntraits.show([==[\(F.experience([F.step(11, content: #"{"type": "video", "id": "\#(F.id(5))"}"#)]))]==])")
        }
        #expect(Self.state(h) == "idle")
        // As the SDK: a top-level step that fails as a step is decoded as a group, and fails for its missing `children`.
        #expect(h.analytics("experience_error").first?["message"] == .string("Error parsing Experience JSON data: Expected key 'children' not found at codingPath: steps.0"))
    }

    @Test func test_stateIsIdling_whenStartExperienceDelegateBlocks_noTransition() throws {
        let h = try TraitsHarness.showing(F.tour, setup: "traits.delegate{canDisplayExperience = function() return false end}")
        #expect(Self.state(h) == "idle")
        #expect(h.analytics("step_error").first?["message"] == .string("Step blocked by app"))
    }

    @Test func test_stateIsIdling_whenStartExperiencePackageFails_transitionsToIdling() throws {
        let h = try TraitsHarness()
        try h.lua("traits.show([==[\(F.tour)]==])")  // no presenting trait registered
        #expect(Self.state(h) == "idle")
        #expect(h.stepErrors == ["Presenting capability trait required"])
    }

    @Test func test_stateIsRenderingStep_whenStartStepInvalid_noTransition() throws {
        let h = try TraitsHarness.showing(F.tour)
        try h.lua("traits.continue{index = 9}")
        #expect(Self.state(h) == "shown")
        #expect(h.stepErrors == ["Step at #9 does not exist"])
    }

    @Test func test_stateIsRenderingStep_whenStartExperience_noTransition() throws {
        let h = try TraitsHarness.showing(F.tour)
        #expect(throws: (any Error).self) { try h.lua("traits.show([==[\(F.tour)]==])") }
        #expect(Self.state(h) == "shown")
    }

    /// The renderer's priority rules: a normal-priority show replaces the active experience
    /// (dismissed), a low-priority one is not shown.
    @Test func normalPriorityReplacesLowPriorityIsNotShown() throws {
        let other = F.tour.replacingOccurrences(of: F.id(1), with: F.id(2))
        let h = try TraitsHarness.showing(F.tour)
        #expect(try h.lua("return traits.show([==[\(other)]==], 1, 1, {priority = 'low'})").first?.boolValue == false)
        #expect(h.system.renderer.current?.experience.id == F.id(1))
        #expect(try h.lua("return traits.show([==[\(other)]==], 1, 1, {priority = 'normal'})").first?.boolValue == true)
        #expect(h.system.renderer.current?.experience.id == F.id(2))
        #expect(h.analytics.filter { $0 == "experience_dismissed" || $0 == "experience_started" } ==
                ["experience_started", "experience_dismissed", "experience_started"])
    }

    /// `Appcues.reset` (not the machine's `.reset` action): the experience ends without analytics.
    @Test func resetEndsTheExperienceWithoutAnalytics() throws {
        let h = try TraitsHarness.showing(F.tour)
        try h.lua("traits.reset()")
        #expect(Self.state(h) == "idle")
        #expect(h.analytics == ["experience_started", "step_seen"])
    }
}
