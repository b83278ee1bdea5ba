import JSON
import Testing
@testable import Traits

/// The SDK's `ExperienceRendererTests`, by name, through `traits.show` and the renderer. Not
/// ported: testShowPublishedSameInstanceDoesntReplaceExisting and
/// testShowSameExperienceFromTwoSources (an experience instance is not addressable from a
/// script: each show makes a new one), testShowQualifiedExperiences (no qualification lists),
/// the four experiment cases (ctlua has no experiments), testDirectoryThreadSafety (an engine
/// is confined to one thread).
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
}
