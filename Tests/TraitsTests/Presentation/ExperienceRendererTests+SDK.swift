import JSON
import Testing
@testable import Traits

/// The SDK's `ExperienceRendererTests`, by name, through `traits.show` and the renderer. Not
/// ported: testShowPublishedSameInstanceDoesntReplaceExisting (it shows one `ExperienceData`
/// instance twice; a script cannot hand an instance back: each `traits.show` decodes a new
/// one), testDirectoryThreadSafety
/// (it races the state machine directory from background threads; an engine is confined to one
/// thread, so there is no directory to race).
extension ExperienceRendererTests {
    typealias F = ExperienceFixture

    @Test func testShowPublished() throws {
        let h = try TraitsHarness.showing(F.tour)
        #expect(h.events("step.presented").count == 1)
        #expect(!h.analytics.isEmpty)
    }

    @Test func testShowUnpublished() throws {
        let h = try TraitsHarness()
        try h.lua(presentLua + "\nassert(traits.show([==[\(F.tour)]==], 1, 1, {published = false}))")
        #expect(h.events("step.presented").count == 1)
        #expect(h.analytics.isEmpty)
    }

    @Test func testShowPublishedNormalPriorityReplacesExisting() throws {
        let h = try TraitsHarness.showing(F.tour)
        #expect(try h.lua("return traits.show([==[\(F.tour)]==], 1, 1, {priority = 'normal'})").first?.boolValue == true)
        #expect(h.events("step.presented").count == 2)
        #expect(h.events("experience.dismissed").count == 1)
    }

    /// The first experience still presenting (its presenter completes later): a normal-priority
    /// show dismisses it and presents the second.
    @Test func testShowWhileBeginningInitialExperienceReplacesExisting() throws {
        let h = try TraitsHarness()
        try h.lua(#"""
        traits.register{type = "@t/present", present = function(self, w, done) app.after(0.5, done) end, remove = function(self, w, done) done() end}
        """# + "\ntraits.show([==[\(F.tour)]==])")
        #expect(ExperienceStateMachineTests.state(h) == "presenting")
        try h.lua("traits.show([==[\(F.tour.replacingOccurrences(of: F.id(1), with: F.id(2)))]==], 1, 1, {priority = 'normal'}) app.advance(1)")
        #expect(h.system.renderer.current?.experience.id == F.id(2))
        #expect(ExperienceStateMachineTests.state(h) == "shown")
        #expect(h.events("experience.dismissed").count == 1)
    }

    @Test func testShowPublishedLowPriorityDoesntReplaceExisting() throws {
        let h = try TraitsHarness.showing(F.tour)
        #expect(try h.lua("return traits.show([==[\(F.tour)]==], 1, 1, {priority = 'low'})").first?.boolValue == false)
        #expect(h.events("step.presented").count == 1)
        #expect(h.events("experience.dismissed").isEmpty)
    }

    /// A step in a different container, by id.
    @Test func testShowStepReference() throws {
        let h = try TraitsHarness.showing(F.tour)
        try h.lua("traits.continue{stepID = '\(F.id(13))'}")
        #expect(h.system.renderer.current?.stepIndex == .init(group: 1, item: 0))
    }

    @Test func testDismissExperience() throws {
        let h = try TraitsHarness.showing(F.tour)
        #expect(try h.lua("return traits.close(false)").first?.boolValue == true)
        #expect(h.events("experience.dismissed").count == 1)
        #expect(h.system.renderer.current == nil)
    }

    /// Dismissed (not completed) on the last step: `experience_dismissed`, no `experience_completed`.
    @Test func testDismissExperienceLastStep() throws {
        let h = try TraitsHarness.showing(F.experience([F.step(13, content: F.button(1013, "Done"))]))
        try h.lua("traits.close(false)")
        #expect(h.analytics.last == "experience_dismissed")
        #expect(!h.analytics.contains("experience_completed"))
    }

    /// Continuing past the last step ends the experience (its completion runs: idle, completed).
    @Test func testShowStepDismissCallsCompletion() throws {
        let h = try TraitsHarness.showing(F.experience([F.step(13, content: F.button(1013, "Done"))]))
        try h.lua("traits.continue()")
        #expect(h.system.renderer.current == nil)
        #expect(h.analytics.last == "experience_completed")
    }

    @Test func testReset() throws {
        let h = try TraitsHarness.showing(F.tour)
        try h.lua("traits.reset()")
        #expect(h.system.renderer.current == nil)
        #expect(h.events("experience.dismissed").count == 1)
    }

    /// Two shows of the same experience id are two instances: the second (low priority) is
    /// refused while the first presents, and the first completes as itself.
    @Test func testShowSameExperienceFromTwoSources() throws {
        let h = try TraitsHarness()
        try h.lua(#"""
        traits.register{type = "@t/present", present = function(self, w, done) app.after(0.5, done) end, remove = function(self, w, done) done() end}
        """# + "\nassert(traits.show([==[\(F.tour)]==]))")
        let first = h.system.renderer.current?.data.instanceID
        #expect(try h.lua("return traits.show([==[\(F.tour)]==], 1, 1, {priority = 'low'})").first?.boolValue == false)
        #expect(h.events("log", ["message"]).contains(#"log message="experience already active: a low priority experience is not shown""#))
        try h.lua("app.advance(1)")
        #expect(ExperienceStateMachineTests.state(h) == "shown")
        #expect(h.system.renderer.current?.data.instanceID == first)
        #expect(h.analytics("experience_started").map { $0["experienceInstanceId"] } == [first.map(JSONValue.string)])
    }

    static let experimentID = "6ce90d1d-4de2-41a6-bc93-07ae23b728c5"
    static func experiment(_ group: String) -> String {
        "{group = '\(group)', experimentId = '\(experimentID.uppercased())', experienceId = '\(F.id(1))', goalId = 'my-goal', contentType = 'my-content-type'}"
    }

    /// The `appcues:experiment_entered` events' properties.
    func experimentEntered(_ h: TraitsHarness) -> [JSONObject] {
        h.engine.transcript.events.filter { $0.type == "appcues.analytics" && $0["name"]?.stringValue == Experiment.enteredEvent }
            .compactMap { $0["properties"]?.objectValue }
    }

    @Test func testShowControlExperimentFail() throws {
        let h = try TraitsHarness()
        #expect(try h.lua(presentLua + "\nreturn traits.show([==[\(F.tour)]==], 1, 1, {experiment = \(Self.experiment("control"))})").first?.boolValue == false)
        #expect(h.events("step.presented").isEmpty)
        #expect(h.system.renderer.current == nil)
        #expect(h.analytics.isEmpty)
    }

    @Test func testShowExposedExperiment() throws {
        let h = try TraitsHarness()
        #expect(try h.lua(presentLua + "\nreturn traits.show([==[\(F.tour)]==], 1, 1, {experiment = \(Self.experiment("exposed"))})").first?.boolValue == true)
        #expect(h.events("step.presented").count == 1)
    }

    @Test(arguments: ["control", "exposed"])
    func testExperimentEnteredAnalytics(group: String) throws {
        let h = try TraitsHarness()
        try h.lua(presentLua + "\ntraits.show([==[\(F.tour)]==], 1, 1, {experiment = \(Self.experiment(group))})")
        #expect(experimentEntered(h) == [[
            "experimentId": .string(Self.experimentID), "experimentGroup": .string(group), "experimentExperienceId": .string(F.id(1)),
            "experimentContentType": "my-content-type", "experimentGoalId": "my-goal",
        ]], "the SDK's properties, in its order")
        // Published as the experience starts: before experience_started.
        let names = h.engine.transcript.events.filter { $0.type == "appcues.analytics" }.compactMap { $0["name"]?.stringValue }
        #expect(names.first == Experiment.enteredEvent)
    }

    /// An experiment decodes as the SDK's: every member, UUID ids; else a clear argument error.
    @Test func anInvalidExperimentIsAnArgumentError() throws {
        let h = try TraitsHarness()
        let result = try h.lua(presentLua + "\nreturn pcall(traits.show, [==[\(F.tour)]==], 1, 1, {experiment = {group = 'exposed', experimentId = 'x'}})")
        #expect(result.first?.boolValue == false)
        #expect(result.last?.stringValue?.contains("bad argument #4 to 'show' (experiment: experimentId: attempted to decode UUID from invalid UUID string 'x')") == true,
                "\(result.last?.stringValue ?? "")")
        #expect(h.system.renderer.current == nil)
    }

    /// A qualification response's experiences are tried in order: the first cannot be composed
    /// (no presenting trait: `step_error`... as the SDK's composer throws), the second is shown,
    /// triggered by the response's reason.
    @Test func testShowQualifiedExperiences() throws {
        let broken = F.tour.replacingOccurrences(of: F.id(1), with: F.id(2)).replacingOccurrences(of: #"[{"type": "@t/present"}]"#, with: "[]")
        let h = try TraitsHarness()
        let shown = try h.lua(presentLua + """
            \nreturn traits.qualify([==[{"performed_qualification": true, "qualification_reason": "screen_view", "experiences": [\(broken), \(F.tour)]}]==])
            """)
        #expect(shown.first?.stringValue == F.id(1))
        #expect(h.stepErrors == ["Presenting capability trait required"])
        #expect(h.system.renderer.current?.experience.id == F.id(1))
        #expect(h.analytics("experience_started").map { $0["trigger"] } == [.string("screen_view")])
        #expect(h.analytics("experience_started").map { $0["experienceId"] } == [.string(F.id(1))])
    }

    /// A failed experience of the response publishes its `experience_error` and gives way; an
    /// experiment's control group is entered and skipped; nothing is shown over an active one.
    @Test func qualifiedFailuresAndExperimentsGiveWay() throws {
        let failed = F.tour.replacingOccurrences(of: F.id(1), with: F.id(3)).replacingOccurrences(of: #""name": "Tour", "#, with: "")
        let control = F.tour.replacingOccurrences(of: F.id(1), with: F.id(4))
        let experiments = #"[{"group": "control", "experimentId": "\#(F.id(9))", "experienceId": "\#(F.id(4))", "goalId": "g", "contentType": "c"}]"#
        let response = #"{"performed_qualification": true, "experiments": \#(experiments), "experiences": [\#(failed), \#(control), \#(F.tour)]}"#
        let h = try TraitsHarness()
        #expect(try h.lua(presentLua + "\nreturn traits.qualify([==[\(response)]==])").first?.stringValue == F.id(1))
        #expect(h.analytics == ["experience_error", "experience_started", "step_seen"])
        #expect(h.analytics("experience_error").first?["message"] == .string("Error parsing Experience JSON data: Expected key 'name' not found at codingPath: experiences.0"))
        #expect(h.analytics("experience_started").first?["trigger"] == nil, "no reason: no trigger, as the SDK's qualification(reason: nil)")
        #expect(h.events("appcues.analytics", ["name"]).contains(#"appcues.analytics name="appcues:experiment_entered""#))
        #expect(try h.lua("return traits.qualify([==[\(response)]==])").first?.isNil == true)
        #expect(h.events("log", ["message"]).last == #"log message="experience already active: qualified experiences are not shown""#)
    }
}
