import JSON
import Testing
@testable import Traits

/// More of the SDK's `ExperienceStateMachineTests`, by name: the container dismissed from
/// outside, failures while presenting, paging and packaging, moves while a step is ending, and
/// the error reports (`reportError` with and without a retry effect), checked through the
/// renderer's state, the transcript and the analytics.
extension ExperienceStateMachineTests {
    /// The fixture tour with more experience-level traits.
    static func tour(withTraits extra: String) -> String {
        F.tour.replacingOccurrences(of: #"[{"type": "@t/present"}]"#, with: #"[{"type": "@t/present"}, \#(extra)]"#)
    }

    /// "the @appcues/skippable trait would do this": its close button dismisses the container.
    @Test func test_stateIsRenderingStep_onViewControllerDismissed_transitionsToIdling() throws {
        let h = try TraitsHarness.showing(Self.tour(withTraits: #"{"type": "@appcues/skippable"}"#))
        try h.lua("traits.continue()")
        #expect(h.system.renderer.current?.stepIndex == .init(group: 0, item: 1))
        try h.lua(#"traits.tap("skip")"#)
        #expect(Self.state(h) == "idle")
        #expect(h.events("experience.dismissed").count == 1)
    }

    /// Dismissed on the last step: `experience_dismissed`, not `experience_completed`.
    @Test func test_stateIsRenderingStep_onViewControllerDismissed_doesNotMarkComplete() throws {
        let h = try TraitsHarness.showing(Self.tour(withTraits: #"{"type": "@appcues/skippable"}"#))
        try h.lua(#"traits.continue{index = 2} traits.tap("skip")"#)
        #expect(Self.state(h) == "idle")
        #expect(h.analytics.last == "experience_dismissed")
        #expect(!h.analytics.contains("experience_completed"))
        #expect(h.analytics("experience_dismissed").last?["stepIndex"] == .string("1,0"))
    }

    @Test func test_stateIsIdling_whenStartStepFails_transitionsToIdling() throws {
        let h = try TraitsHarness()
        try h.lua(#"""
        traits.register{type = "@t/present", present = function() error(traits.error{description = "present fail", recoverable = false}) end}
        """# + "\ntraits.show([==[\(F.tour)]==])")
        #expect(Self.state(h) == "idle")
        #expect(h.stepErrors == ["present fail"])
        #expect(h.analytics == ["step_error"])
    }

    /// "a carousel swipe or paging dot interaction trigger a step change" that fails.
    @Test func test_stateIsRenderingStep_whenPageChangeFails_transitionsToIdling() throws {
        let h = try TraitsHarness.showing(Self.tour(withTraits: #"{"type": "@t/fails-on-page-2"}"#), setup: #"""
        traits.register{type = "@t/fails-on-page-2", decorateContainer = function(self, c)
          if c:get("currentPage") == 2 then error(traits.error{description = "decorate fail", recoverable = false}) end
        end}
        """#)
        #expect(Self.state(h) == "shown")
        try h.lua("traits.page(2)")
        #expect(Self.state(h) == "idle")
        #expect(h.stepErrors == ["decorate fail"])
        #expect(h.events("experience.dismissed").count == 1)
    }

    /// A move to a step in another group whose package fails (no presenting trait there).
    @Test func test_stateIsRenderingStep_whenStartStepPackageFails_transitionsToIdling() throws {
        let tour = F.experience([
            F.group(10, [F.step(11, content: F.button(1011, "Next"))]),
            F.step(13, content: F.button(1013, "Done")),
        ]).replacingOccurrences(of: #""traits": [{"type": "@t/present"}], "steps""#, with: #""traits": [], "steps""#)
            .replacingOccurrences(of: #""type": "group", "traits": []"#, with: #""type": "group", "traits": [{"type": "@t/present"}]"#)
        let h = try TraitsHarness.showing(tour)
        #expect(Self.state(h) == "shown")
        try h.lua("traits.continue{stepID = '\(F.id(13))'}")
        #expect(Self.state(h) == "idle")
        #expect(h.stepErrors == ["Presenting capability trait required"])
    }

    /// While a step is ending (the presenting trait removing it over virtual time), a move is no transition.
    @Test func test_stateIsEndingStep_whenStartStepInvalid_noTransition() throws {
        let h = try TraitsHarness()
        try h.lua(#"""
        traits.register{type = "@t/present", present = function(self, w, done) done() end,
                        remove = function(self, w, done) app.after(1, done) end}
        """# + "\ntraits.show([==[\(F.tour)]==]) traits.continue{index = 2}")
        #expect(Self.state(h) == "ending")
        try h.lua("traits.continue{index = 1000}")
        #expect(Self.state(h) == "ending")
        // The transition's `.error(.step(..., "Step at <ref> does not exist"))` side effect: step_error, state unchanged.
        #expect(h.stepErrors.count == 1 && h.stepErrors.first?.hasSuffix("does not exist") == true, "\(h.stepErrors)")
        #expect(h.analytics.contains("step_error"))
        try h.lua("app.advance(1)")
        #expect(h.system.renderer.current?.stepIndex == .init(group: 1, item: 0))
    }

    /// A recoverable error (the SDK's `.reportError` with a retry effect) leaves the machine failing.
    @Test func test_stateIsRenderingStep_whenReportErrorWithRetryEffect_transitionsToFailing() throws {
        let h = try TraitsHarness.showing(Self.tour(withTraits: #"{"type": "@t/gone"}"#), setup: #"""
        traits.register{type = "@t/gone", decorateContainer = function() error(traits.error{description = "gone", recoverable = true}) end}
        """#)
        #expect(Self.state(h) == "failing")
        #expect(h.events("step.error", ["recoverable"]) == ["step.error recoverable=true"])
    }

    /// Without a retry effect (not recoverable) the machine returns to idling.
    @Test func test_stateIsRenderingStep_whenReportErrorWithoutRetryEffect_transitionsToIdling() throws {
        let h = try TraitsHarness.showing(Self.tour(withTraits: #"{"type": "@t/gone"}"#), setup: #"""
        traits.register{type = "@t/gone", decorateContainer = function() error(traits.error{description = "gone"}) end}
        """#)
        #expect(Self.state(h) == "idle")
        #expect(h.events("step.error", ["recoverable"]) == ["step.error recoverable=nil"])
    }

    /// Observers (the transcript, the analytics observer) hear the failing state and the error.
    @Test func testExperienceErrorNotifiesObserver() throws {
        let h = try TraitsHarness.showing(Self.tour(withTraits: #"{"type": "@t/gone"}"#), setup: #"""
        traits.register{type = "@t/gone", decorateContainer = function() error(traits.error{description = "gone", recoverable = true}) end}
        """#)
        #expect(h.events("step.error", ["message", "recoverable"]) == [#"step.error message="gone" recoverable=true"#])
        #expect(h.analytics == ["step_error"])
        #expect(h.analytics("step_error").first?["stepIndex"] == .string("0,0"))
    }

    @Test func testFatalExperienceErrorNotifiesObserver() throws {
        let h = try TraitsHarness.showing(Self.tour(withTraits: #"{"type": "@t/gone"}"#), setup: #"""
        traits.register{type = "@t/gone", decorateContainer = function() error("gone") end}
        """#)
        #expect(Self.state(h) == "idle")
        #expect(h.events("step.error").count == 1)
        #expect(h.analytics == ["step_error"])
        // idle again: the next experience starts normally
        try h.lua("traits.show([==[\(F.tour)]==])")
        #expect(Self.state(h) == "shown")
    }

    /// The machine's `.reset` (a failing state's retry continuation) is no transition from a
    /// rendered step: `traits.retry()` does nothing while a step is shown.
    @Test func test_stateIsRenderingStep_whenReset_noTransition() throws {
        let h = try TraitsHarness.showing(F.tour)
        #expect(try h.lua("return traits.retry()").first?.boolValue == false)
        #expect(Self.state(h) == "shown")
        #expect(h.events("step.presented").count == 1)
    }
}
