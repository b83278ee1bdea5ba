import JSON
import Testing
@testable import Traits

/// The beginning step is not on screen until its decorators succeed (the SDK's
/// `ExperienceStateMachine.executePresentContainer`: `presentStep` calls `package.presenter`
/// only after `stepDecoratingTraitUpdater` succeeds, retrying after `retryMilliseconds`), and a
/// dismissal while it begins waits until it renders (`ExperienceRenderer.dismiss`: on
/// `.noTransition(currentState: .beginningExperience / .beginningStep)` it keeps observing
/// until `.renderingStep`, then dismisses), so the funnel always starts with `experience_started`.
extension ExperienceRendererTests {
    /// The tour with a container decorator retrying its target lookup every 100 ms until the
    /// app view `buy` exists (as `@appcues/target-element` does).
    static func showingWithRetryingLookup() throws -> TraitsHarness {
        try TraitsHarness.showing(ExperienceStateMachineTests.tour(withTraits: #"{"type": "@t/lookup"}"#), setup: #"""
        traits.register{type = "@t/lookup", decorateContainer = function()
          for _, v in ipairs(traits.appViews()) do if v.id == "buy" then return end end
          error(traits.error{description = "no target yet", retryMilliseconds = 100})
        end}
        """#)
    }

    /// `presentStep`: while the lookup retries, the step's views are not in the UI and cannot be tapped.
    @Test func theBeginningStepIsNotOnScreenWhileItsDecoratorsRetry() throws {
        let h = try Self.showingWithRetryingLookup()
        try h.lua("app.advance(0.25)")
        #expect(h.events("step.retrying").count == 3)
        #expect(ExperienceStateMachineTests.state(h) == "presenting")
        #expect(h.system.renderer.visiblePresentations.isEmpty)
        #expect(try h.lua("return app.ui()['\(F.id(1011))']").first?.isNil == true)
        let tap = try h.lua("return pcall(traits.tap, '\(F.id(1011))')")
        #expect(tap.first?.boolValue == false)
        #expect(tap.last?.stringValue?.contains("no experience is shown") == true, "\(tap.last?.stringValue ?? "")")
        try h.lua("ui.show{id = 'buy'} app.advance(0.1)")
        #expect(ExperienceStateMachineTests.state(h) == "shown")
        #expect(try h.lua("return app.ui()['\(F.id(1011))'].kind").first?.stringValue == "button")
        #expect(h.analytics == ["experience_started", "step_seen"])
    }

    /// `ExperienceRenderer.dismiss` while `.beginningStep`: it waits until the step renders,
    /// then dismisses; the funnel starts with `experience_started`.
    @Test func aDismissDuringARetryingTargetLookupWaitsUntilTheStepRenders() throws {
        let h = try Self.showingWithRetryingLookup()
        #expect(try h.lua("return traits.dismiss()").first?.boolValue == true)
        #expect(h.events("experience.dismissed").isEmpty)
        #expect(h.analytics.isEmpty)
        try h.lua("app.advance(0.3) ui.show{id = 'buy'} app.advance(0.1)")
        #expect(h.analytics == ["experience_started", "step_seen", "experience_dismissed"])
        #expect(h.events("experience.dismissed").count == 1)
        #expect(h.system.renderer.current == nil)
    }

    /// A dismissal waiting on a step that gives up (the retry cap) completes without analytics
    /// of its own: the step error is the funnel.
    @Test func aWaitingDismissCompletesWhenTheStepFails() throws {
        let h = try Self.showingWithRetryingLookup()
        try h.lua("traits.dismiss() app.advance(\(Double(ExperienceRenderer.maxRetries + 5) * 0.1))")
        #expect(h.stepErrors.count == 1)
        #expect(h.stepErrors.first?.contains("gave up after \(ExperienceRenderer.maxRetries) retries") == true)
        #expect(!h.analytics.contains("experience_dismissed"))
        #expect(h.system.renderer.current == nil)
    }

    /// A close from an action waits the same way: `@appcues/close` completes (the queue goes on)
    /// only once the experience is dismissed.
    @Test func aCloseActionWhileTheStepBeginsCompletesAfterTheDismissal() throws {
        let h = try Self.showingWithRetryingLookup()
        try h.lua(#"traits.runActions({{type = "@appcues/close"}, {type = "@appcues/track", config = {eventName = "after"}}}) app.advance(0.05)"#)
        #expect(h.events("appcues.analytics", ["name"]).filter { $0.contains("after") }.isEmpty)
        try h.lua("ui.show{id = 'buy'} app.advance(0.2)")
        let names = h.engine.transcript.events.filter { $0.type == "appcues.analytics" }.compactMap { $0["name"]?.stringValue }
        #expect(names.suffix(3) == ["appcues:v2:step_seen", "appcues:v2:experience_dismissed", "after"], "\(names)")
    }

    /// Hostile: thousands of dismissals while the step begins are one dismissal.
    @Test func manyDismissalsWhileBeginningAreOne() throws {
        let h = try Self.showingWithRetryingLookup()
        try h.lua("for _ = 1, 5000 do traits.dismiss() end ui.show{id = 'buy'} app.advance(0.2)")
        #expect(h.analytics == ["experience_started", "step_seen", "experience_dismissed"])
        #expect(h.events("experience.dismissed").count == 1)
    }
}
