import JSON
import Testing
@testable import Traits

/// Clicking through experiences: actions from taps, moves inside the container and across
/// groups, the end of the experience, and the analytics funnel (the SDK's state machine and
/// analytics observer tests, as far as they are observable headlessly).
@Suite struct StepNavigationTests {
    typealias F = ExperienceFixture

    @Test func tourClickedThroughPublishesTheFunnelInOrder() throws {
        let h = try TraitsHarness.showing(F.tour)
        try h.tap(1011)
        try h.tap(1012)
        #expect(h.system.renderer.current?.stepIndex == .init(group: 1, item: 0))
        try h.tap(1013)
        #expect(h.system.renderer.current == nil)
        #expect(h.analytics == [
            "experience_started", "step_seen", "step_interaction", "step_completed", "step_seen", "step_interaction",
            "step_completed", "step_seen", "step_interaction", "step_completed", "experience_completed",
        ])
        #expect(h.analytics("step_seen").map { $0["stepIndex"] } == [.string("0,0"), .string("0,1"), .string("1,0")])
        let started = try #require(h.analytics("experience_started").first)
        #expect(started["experienceId"] == .string(F.id(1)))
        #expect(started["experienceName"] == .string("Tour"))
        #expect(started["version"] == .integer(7))
        #expect(started["trigger"] == .string("show_call"))
        #expect(started["stepId"] == nil)
        let interaction = try #require(h.analytics("step_interaction").first)
        #expect(interaction["interactionType"] == .string("Button Tapped"))
        #expect(interaction["interactionData"] == .object(["category": .string("internal"), "destination": .string("+1"), "text": .string("Next")]))
        #expect(interaction["stepId"] == .string(F.id(11)))
    }

    @Test func continuePastTheLastStepCompletes() throws {
        let h = try TraitsHarness.showing(F.experience([F.buttonStep(11, [F.action("tap", "@appcues/continue")])]))
        try h.tap(11021)
        #expect(h.system.renderer.current == nil)
        #expect(h.analytics.suffix(2) == ["step_completed", "experience_completed"])
    }

    @Test(arguments: [(#"{"index": 5}"#, "Step at #5 does not exist"), (#"{"offset": -1}"#, "Step at -1 does not exist"),
                      (#"{"stepID": "00000000-0000-4000-8000-000000000099"}"#, "Step at 00000000-0000-4000-8000-000000000099 does not exist")])
    func missingStepIsAStepErrorAndNothingMoves(config: String, message: String) throws {
        let h = try TraitsHarness.showing(F.experience([F.buttonStep(11, [F.action("tap", "@appcues/continue", config)])]))
        try h.tap(11021)
        #expect(h.stepErrors == [message])
        #expect(h.analytics("step_error").first?["message"] == .string(message))
        #expect(h.system.renderer.current?.stepIndex == .init(group: 0, item: 0))
    }

    @Test func closeWithoutMarkCompleteDismisses() throws {
        let h = try TraitsHarness.showing(F.experience([F.buttonStep(11, [F.action("tap", "@appcues/close")])]))
        try h.tap(11021)
        #expect(h.system.renderer.current == nil)
        #expect(h.analytics.suffix(2) == ["step_interaction", "experience_dismissed"])
        #expect(h.analytics("experience_dismissed").first?["stepIndex"] == .string("0,0"))
    }

    @Test func continueByStepIDAcrossGroupsRunsTheGroupsNavigateActions() throws {
        let target = F.group(20, [F.step(21, content: F.text(2100, "B"))],
                             actions: [F.action("navigate", "@appcues/track", #"{"eventName": "entered B"}"#)])
        let h = try TraitsHarness.showing(F.experience([
            F.buttonStep(11, [F.action("tap", "@appcues/continue", #"{"stepID": "\#(F.id(21))"}"#)]), target]))
        try h.tap(11021)
        #expect(h.system.renderer.current?.stepIndex == .init(group: 1, item: 0))
        let names = h.engine.transcript.events.filter { $0.type == "appcues.analytics" }.compactMap { $0["name"]?.stringValue }
        #expect(names.suffix(3) == ["appcues:v2:step_completed", "entered B", "appcues:v2:step_seen"])
    }

    @Test func qualificationSkipsTheFirstGroupsNavigateActions() throws {
        let json = F.experience([F.group(10, [F.step(11, content: F.text(1100, "A"))],
                                         actions: [F.action("navigate", "@appcues/track", #"{"eventName": "nav"}"#)])])
        let h = try TraitsHarness.showing(json)
        #expect(h.engine.transcript.events.contains { $0["name"]?.stringValue == "nav" })
        let q = try TraitsHarness()
        try q.lua(presentLua + "\ntraits.show([==[\(json)]==], nil, nil, {trigger = 'qualification'})")
        #expect(!q.engine.transcript.events.contains { $0["name"]?.stringValue == "nav" })
        #expect(q.analytics("experience_started").first?["trigger"] == .string("qualification"))
    }

    @Test func pagingBackwardDoesNotCompleteAStep() throws {
        let h = try TraitsHarness.showing(F.tour)
        try h.lua("traits.page(2) traits.page(1)")
        #expect(h.analytics == ["experience_started", "step_seen", "step_completed", "step_seen", "step_seen"])
    }

    @Test func delegateVetoBlocksTheStep() throws {
        let h = try TraitsHarness.showing(F.tour, setup: "traits.delegate{canDisplayExperience = function(id) return false end}")
        #expect(h.system.renderer.current == nil)
        #expect(h.stepErrors == ["Step blocked by app"])
        #expect(h.analytics == ["step_error"])
    }

    @Test func postExperienceActionsOpenTheRedirectAndLaunchTheNext() throws {
        let next = F.experience([F.step(31, content: F.text(3100, "Next"))]).replacingOccurrences(of: F.id(1), with: F.id(2))
        let json = F.experience([F.buttonStep(11, [F.action("tap", "@appcues/close", #"{"markComplete": true}"#)])],
                                extra: #", "redirectUrl": "https://example.com/done", "nextContentId": "\#(F.id(2))""#)
        let h = try TraitsHarness.showing(json, setup: "traits.serve([==[\(next)]==])")
        try h.tap(11021)
        #expect(h.events("link.opened", ["url", "via"]) == [#"link.opened url="https://example.com/done" via="in-app""#])
        #expect(h.system.renderer.current?.experience.id == F.id(2))
        let started = h.analytics("experience_started")
        #expect(started.last?["trigger"] == .string("experience_completion_action"))
        #expect(started.last?["fromExperienceId"] == .string(F.id(1)))
    }
}
