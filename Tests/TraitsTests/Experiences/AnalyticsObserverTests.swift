import JSON
import Testing
@testable import Traits

/// The SDK's `ExperienceStateMachine+AnalyticsObserverTests`: which `appcues:v2:*` event each
/// state publishes, with which properties.
@Suite struct AnalyticsObserverTests {
    typealias F = ExperienceFixture

    @Test func testEvaluateRenderingFirstStepState() throws {
        let h = try TraitsHarness.showing(F.tour)
        #expect(h.analytics == ["experience_started", "step_seen"])
        let started = try #require(h.analytics("experience_started").first)
        #expect(Set(started.keys) == ["experienceId", "experienceName", "experienceType", "experienceInstanceId", "trigger", "version"])
        let seen = try #require(h.analytics("step_seen").first)
        #expect(seen["stepId"] == .string(F.id(11)))
        #expect(seen["stepType"] == .string("modal"))
        #expect(seen["stepIndex"] == .string("0,0"))
        #expect(seen["experienceInstanceId"] == started["experienceInstanceId"])
    }

    @Test func testEvaluateRenderingFirstStepStateFromWorkflow() throws {
        let json = F.tour.replacingOccurrences(of: #""steps": ["#, with: #""context": {"localeId": "fr", "localeName": "French", "workflowId": "w1", "workflowTaskId": "t1"}, "steps": ["#)
        let h = try TraitsHarness.showing(json)
        let started = try #require(h.analytics("experience_started").first)
        #expect(started["localeName"] == .string("French"))
        #expect(started["localeId"] == .string("fr"))
        #expect(started["workflowId"] == .string("w1"))
        #expect(started["workflowTaskId"] == .string("t1"))
    }

    @Test func testEvaluateRenderingStepState() throws {
        let h = try TraitsHarness.showing(F.tour)
        try h.lua("traits.page(2)")
        #expect(h.analytics("step_seen").last?["stepIndex"] == .string("0,1"))
        #expect(h.analytics("experience_started").count == 1)
    }

    @Test func testEvaluateEndingStepState() throws {
        let h = try TraitsHarness.showing(F.tour)
        try h.lua("traits.continue()")
        #expect(h.analytics("step_completed").map { $0["stepIndex"] } == [.string("0,0")])
    }

    @Test func testEvaluateEndingStepStateWhenIncomplete() throws {
        let h = try TraitsHarness.showing(F.tour)
        try h.lua("traits.continue{index = 2} traits.continue{offset = -1}")
        #expect(h.analytics("step_completed").map { $0["stepIndex"] } == [.string("0,0")], "the move back completes nothing")
        #expect(h.system.renderer.current?.stepIndex == .init(group: 0, item: 1))
    }

    @Test func testEvaluateEndingExperienceState() throws {
        let h = try TraitsHarness.showing(F.tour)
        try h.lua("traits.close()")
        let dismissed = try #require(h.analytics("experience_dismissed").first)
        #expect(dismissed["stepIndex"] == .string("0,0"))
        #expect(dismissed["stepId"] == .string(F.id(11)))
    }

    @Test func testEvaluateEndingExperienceStateMarkComplete() throws {
        let h = try TraitsHarness.showing(F.tour)
        try h.lua("traits.close(true)")
        let completed = try #require(h.analytics("experience_completed").first)
        #expect(completed["stepIndex"] == nil)
    }

    @Test func testEvaluateEndingExperienceLastStepState() throws {
        let h = try TraitsHarness.showing(F.tour)
        try h.lua("traits.continue{index = 2} traits.continue()")
        #expect(h.analytics.suffix(2) == ["step_completed", "experience_completed"])
    }

    @Test func testEvaluateExperienceError() throws {
        let h = try TraitsHarness.showing(F.experience([]))
        let error = try #require(h.analytics("experience_error").first)
        #expect(error["message"] == .string("Experience has 0 steps"))
        #expect(error["errorId"]?.stringValue?.count == 36)
        #expect(error["stepIndex"] == nil)
    }

    @Test func testEvaluateStepError() throws {
        let h = try TraitsHarness.showing(F.tour)
        try h.lua("traits.continue{index = 7}")
        let error = try #require(h.analytics("step_error").first)
        #expect(error["message"] == .string("Step at #7 does not exist"))
        #expect(error["stepIndex"] == .string("0,0"))
        #expect(error["errorId"] != nil)
    }

    @Test func testUnpublishedExperienceErrorAndRecovery() throws {
        let h = try TraitsHarness()
        try h.lua(presentLua + "\ntraits.show([==[\(F.tour)]==], 1, 1, {published = false}) traits.continue{index = 7} traits.close(true)")
        #expect(h.analytics.isEmpty)
        #expect(h.stepErrors == ["Step at #7 does not exist"])
    }
}
