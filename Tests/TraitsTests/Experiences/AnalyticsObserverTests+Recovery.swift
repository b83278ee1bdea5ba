import JSON
import Testing
@testable import Traits

/// More of the SDK's `ExperienceStateMachine+AnalyticsObserverTests`, by name: the states that
/// publish nothing (idling, beginning the experience, beginning a step, no transition) and the
/// two recoveries (`experience_error` → `experience_recovered` for an embedded experience whose
/// frame appears; `step_error` repeated → one error, then `step_recovered` when it renders).
extension AnalyticsObserverTests {
    @Test func testEvaluateIdlingState() throws {
        let h = try TraitsHarness.showing(F.tour)
        try h.lua("traits.reset()")   // back to idling without analytics
        #expect(h.analytics == ["experience_started", "step_seen"])
    }

    /// Beginning the experience: the first group's navigate actions still running (a delay).
    @Test func testEvaluateBeginningExperienceState() throws {
        let tour = F.experience([F.group(10, [F.step(11, content: F.button(1011, "Next"))],
                                         actions: [F.action("navigate", "@appcues/delay", #"{"duration": 1000}"#)])])
        let h = try TraitsHarness.showing(tour)
        #expect(ExperienceStateMachineTests.state(h) == "presenting")
        #expect(h.analytics.isEmpty)
        try h.lua("app.advance(1)")
        #expect(h.analytics == ["experience_started", "step_seen"])
    }

    /// Beginning a step: the presenting trait has not called its completion yet.
    @Test func testEvaluateBeginningStepState() throws {
        let h = try TraitsHarness()
        try h.lua(#"traits.register{type = "@t/present", present = function(self, w, done) app.after(0.5, done) end, remove = function(self, w, done) done() end}"# +
                  "\ntraits.show([==[\(F.tour)]==])")
        #expect(ExperienceStateMachineTests.state(h) == "presenting")
        #expect(h.analytics.isEmpty)
        try h.lua("app.advance(0.5)")
        #expect(h.analytics == ["experience_started", "step_seen"])
    }

    /// No transition (a move with nothing shown): nothing published.
    @Test func testEvaluateNoTransitionError() throws {
        let h = try TraitsHarness()
        try h.lua(presentLua + "\ntraits.continue() traits.close()")
        #expect(h.analytics.isEmpty)
    }

    /// The SDK's renderer with no state machine for an embedded experience's frame: a recoverable
    /// `experience_error`, then `experience_recovered` (same `errorId`, no `message`) as it starts.
    @Test func testExperienceErrorAndRecovery() throws {
        let embedded = F.tour.replacingOccurrences(of: #"[{"type": "@t/present"}]"#,
                                                   with: #"[{"type": "@t/present"}, {"type": "@appcues/embedded", "config": {"frameID": "home"}}]"#)
            .replacingOccurrences(of: #""steps": ["#, with: #""context": {"localeId": "en", "localeName": "English"}, "steps": ["#)
        let h = try TraitsHarness.showing(embedded)
        #expect(h.analytics == ["experience_error"])
        try h.lua(#"ui.show{id = "home"}"#)
        #expect(h.analytics == ["experience_error", "experience_recovered", "experience_started", "step_seen"])
        let error = try #require(h.analytics("experience_error").first)
        let recovery = try #require(h.analytics("experience_recovered").first)
        let common: [String: JSONValue] = ["experienceName": .string("Tour"), "experienceId": .string(F.id(1)), "version": .integer(7),
                                           "experienceType": .string("mobile"), "trigger": .string("show_call"),
                                           "localeName": .string("English"), "localeId": .string("en"), "frameID": .string("home")]
        for (key, value) in common {
            #expect(error[key] == value, "\(key)")
            #expect(recovery[key] == value, "\(key)")
        }
        #expect(error["message"] == .string("no render context for frame home"))
        #expect(error["errorId"] != nil && recovery["errorId"] == error["errorId"])
        #expect(recovery["message"] == nil)
        #expect(error["experienceInstanceId"] == recovery["experienceInstanceId"])
        #expect(error["stepId"] == nil && recovery["stepId"] == nil)
    }

    /// The same recoverable step error several times (retries), then the step renders:
    /// step_error once, experience_started, step_recovered (same errorId), step_seen.
    @Test func testStepErrorAndRecovery() throws {
        let h = try TraitsHarness.showing(ExperienceStateMachineTests.tour(withTraits: #"{"type": "@t/flaky"}"#), setup: #"""
        local n = 0
        traits.register{type = "@t/flaky", decorateContainer = function()
          n = n + 1
          if n <= 3 then error(traits.error{description = "recoverable step error", recoverable = true}) end
        end}
        """#)
        try h.lua("traits.retry() traits.retry()")
        #expect(h.events("step.error").count == 3)
        #expect(h.analytics == ["step_error"])
        try h.lua("traits.retry()")
        #expect(h.analytics == ["step_error", "experience_started", "step_recovered", "step_seen"])
        let error = try #require(h.analytics("step_error").first)
        let recovered = try #require(h.analytics("step_recovered").first)
        #expect(error["message"] == .string("recoverable step error"))
        for key in ["stepType", "stepId", "stepIndex", "errorId", "experienceId", "experienceInstanceId"] {
            #expect(recovered[key] == error[key], "\(key)")
        }
        #expect(recovered["stepIndex"] == .string("0,0"))
        #expect(recovered["message"] == nil)
    }
}
