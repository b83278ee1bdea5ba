import JSON
import Testing
@testable import Traits

/// One state machine per render context, as the SDK's `ExperienceRenderer` keeps them
/// (`stateMachines[experience.renderContext]`, `processAndShow(qualifiedExperiences:reason:)`
/// grouping by render context, `RenderPriority`): the SDK's `EmbedExperienceRendererTests` by
/// name, and the cases the issue names after the source statements they follow. A frame is an
/// app view (`ui.show{id = ...}`), as `Appcues.register(frameID:)` registers an `AppcuesFrameView`.
@Suite struct EmbedExperienceRendererTests {
    typealias F = ExperienceFixture

    /// An embedded experience (id `n`) for the frame `frame`: one step whose button (`id(n*100+12)`) closes it.
    static func embed(_ n: Int, frame: String = "home") -> String {
        F.experience([F.step(n * 100 + 11, content: F.button(n * 100 + 12, "Close"),
                             actions: [n * 100 + 12: [F.action("tap", "@appcues/close")]])])
            .replacingOccurrences(of: F.id(1), with: F.id(n))
            .replacingOccurrences(of: #"[{"type": "@t/present"}]"#, with: #"[{"type": "@appcues/embedded", "config": {"frameID": "\#(frame)"}}]"#)
    }

    /// A modal tour with the id `n`.
    static func modal(_ n: Int) -> String { F.tour.replacingOccurrences(of: F.id(1), with: F.id(n)) }

    static func response(_ reason: String?, _ experiences: [String]) -> String {
        let reasonMember = reason.map { #""qualification_reason": "\#($0)", "# } ?? ""
        return #"{"performed_qualification": true, \#(reasonMember)"experiences": [\#(experiences.joined(separator: ","))]}"#
    }

    static func harness() throws -> TraitsHarness {
        let h = try TraitsHarness()
        try h.lua(presentLua)
        return h
    }

    func state(_ h: TraitsHarness, _ context: String) throws -> String? {
        try h.lua("local c = traits.current('\(context)') return c and c.state").first?.stringValue
    }

    func started(_ h: TraitsHarness) -> [String] { h.analytics("experience_started").compactMap { $0["experienceId"]?.stringValue } }

    // MARK: the SDK's EmbedExperienceRendererTests

    /// A frame is registered, then a screen view qualification returns an embedded experience for it.
    @Test func testQualifyIntoExistingFrame() throws {
        let h = try Self.harness()
        try h.lua(#"ui.show{id = "home"}"#)
        let shown = try h.lua("return traits.qualify([==[\(Self.response("screen_view", [Self.embed(2)]))]==])")
        #expect(shown.first?.stringValue == F.id(2))
        #expect(started(h) == [F.id(2)])
        #expect(try state(h, "embed:home") == "shown")
    }

    /// A screen view qualification returns an embed for a frame not yet registered (below the
    /// fold); qualifications for other reasons leave it waiting; the frame appears: it loads.
    @Test func testLoadFromCacheIntoNewFrame() throws {
        let h = try Self.harness()
        try h.lua("traits.qualify([==[\(Self.response("screen_view", [Self.embed(2)]))]==])")
        #expect(h.analytics == ["experience_error"])
        try h.lua("traits.qualify([==[\(Self.response("event_trigger", []))]==])")
        try h.lua("traits.qualify([==[\(Self.response(nil, []))]==])")
        try h.lua(#"ui.show{id = "home"}"#)
        #expect(h.analytics == ["experience_error", "experience_recovered", "experience_started", "step_seen"])
        #expect(try state(h, "embed:home") == "shown")
    }

    /// A new screen view clears the embeds still waiting for their frame: nothing loads when it appears.
    @Test func testScreenViewClearsCache() throws {
        let h = try Self.harness()
        try h.lua("traits.qualify([==[\(Self.response("screen_view", [Self.embed(2)]))]==])")
        try h.lua("traits.qualify([==[\(Self.response("screen_view", []))]==])")
        try h.lua(#"ui.show{id = "home"}"#)
        #expect(started(h).isEmpty)
        #expect(try state(h, "embed:home") == nil)
    }

    // MARK: ExperienceRenderer.swift, one state machine per render context

    /// `stateMachines[experience.renderContext]`: an embed shows in its frame while a modal is shown.
    @Test func anEmbedShowsInItsFrameWhileAModalIsShown() throws {
        let h = try Self.harness()
        try h.lua("ui.show{id = 'home'} traits.show([==[\(Self.modal(1))]==])")
        #expect(try h.lua("return traits.show([==[\(Self.embed(2))]==])").first?.boolValue == true)
        #expect(started(h) == [F.id(1), F.id(2)])
        #expect(try state(h, "modal") == "shown")
        #expect(try state(h, "embed:home") == "shown")
        #expect(h.system.renderer.current?.experience.id == F.id(1), "the modal covers the app: it is in focus")
        let all = try h.lua("local n = 0 for _ in pairs(traits.experiences()) do n = n + 1 end return n")
        #expect(all.first?.integerValue == 2)
    }

    /// `processAndShow` groups by render context: an embed and a modal from one response both show.
    @Test func anEmbedAndAModalFromOneResponseBothShow() throws {
        let h = try Self.harness()
        try h.lua("ui.show{id = 'home'}")
        let shown = try h.lua("return traits.qualify([==[\(Self.response("screen_view", [Self.modal(1), Self.embed(2)]))]==])")
        #expect(shown.first?.stringValue == F.id(1))
        #expect(Set(started(h)) == [F.id(1), F.id(2)])
        #expect(h.analytics("experience_started").allSatisfy { $0["trigger"] == .string("screen_view") })
        #expect(try state(h, "modal") == "shown")
        #expect(try state(h, "embed:home") == "shown")
    }

    /// `RenderPriority`: an `event_trigger` or `forced` qualification is normal priority and
    /// replaces the shown modal: `experience_dismissed`, then the new one's `experience_started`.
    @Test(arguments: ["event_trigger", "forced"])
    func aNormalPriorityQualificationReplacesTheShownModal(reason: String) throws {
        let h = try TraitsHarness.showing(Self.modal(1))
        let shown = try h.lua("return traits.qualify([==[\(Self.response(reason, [Self.modal(3)]))]==])")
        #expect(shown.first?.stringValue == F.id(3))
        #expect(h.analytics == ["experience_started", "step_seen", "experience_dismissed", "experience_started", "step_seen"])
        #expect(started(h) == [F.id(1), F.id(3)])
        #expect(h.system.renderer.current?.experience.id == F.id(3))
        #expect(h.analytics("experience_started").last?["trigger"] == .string(reason))
    }

    /// `RenderPriority`: `screen_view`, `page_view` or no reason is low priority: the shown modal stays.
    @Test(arguments: ["screen_view", "page_view", nil] as [String?])
    func aLowPriorityQualificationLeavesTheShownModal(reason: String?) throws {
        let h = try TraitsHarness.showing(Self.modal(1))
        #expect(try h.lua("return traits.qualify([==[\(Self.response(reason, [Self.modal(3)]))]==])").first?.isNil == true)
        #expect(h.analytics == ["experience_started", "step_seen"])
        #expect(h.system.renderer.current?.experience.id == F.id(1))
    }

    /// A normal-priority qualification replaces only its own context's experience: the embed
    /// shown in its frame stays while the modal is replaced.
    @Test func aNormalPriorityModalLeavesTheEmbed() throws {
        let h = try Self.harness()
        try h.lua("ui.show{id = 'home'} traits.show([==[\(Self.modal(1))]==]) traits.show([==[\(Self.embed(2))]==])")
        try h.lua("traits.qualify([==[\(Self.response("event_trigger", [Self.modal(3)]))]==])")
        #expect(h.analytics("experience_dismissed").map { $0["experienceId"] } == [.string(F.id(1))])
        #expect(h.system.renderer.presentation(in: "embed:home")?.experience.id == F.id(2))
        #expect(h.system.renderer.presentation(in: "modal")?.experience.id == F.id(3))
    }

    /// A later `screen_view` qualification clears the embeds still waiting for their frame, and
    /// a new list for a frame replaces the one waiting (the SDK merges the cache by context).
    @Test func aScreenViewClearsWaitingEmbedsOfEveryFrame() throws {
        let h = try Self.harness()
        try h.lua("traits.qualify([==[\(Self.response("screen_view", [Self.embed(2, frame: "a"), Self.embed(3, frame: "b")]))]==])")
        #expect(h.system.renderer.waitingEmbeds.count == 2)
        try h.lua("traits.qualify([==[\(Self.response("event_trigger", [Self.embed(4, frame: "a")]))]==])")
        #expect(h.system.renderer.waitingEmbeds.map(\.model.id) == [F.id(3), F.id(4)])
        try h.lua("traits.qualify([==[\(Self.response("screen_view", [Self.modal(1)]))]==])")
        #expect(h.system.renderer.waitingEmbeds.isEmpty)
        try h.lua("ui.show{id = 'a'} ui.show{id = 'b'}")
        #expect(started(h) == [F.id(1)])
    }

    /// A qualification's list for a missing frame waits whole: when the frame appears its
    /// experiences are tried in order (the first that cannot be composed gives way).
    @Test func aWaitingListIsTriedInOrderWhenItsFrameAppears() throws {
        let h = try Self.harness()
        try h.lua("traits.delegate{canDisplayExperience = function(id) return id ~= '\(F.id(3))' end}")
        try h.lua("traits.qualify([==[\(Self.response("screen_view", [Self.embed(3), Self.embed(4)]))]==])")
        #expect(h.analytics == ["experience_error", "experience_error"])
        try h.lua("ui.show{id = 'home'}")
        #expect(h.stepErrors == ["Step blocked by app"])
        #expect(started(h) == [F.id(4)])
    }

    /// Actions carry their experience's render context: the embed's close button dismisses the
    /// embed, not the modal in focus.
    @Test func anEmbedsCloseActionDismissesTheEmbed() throws {
        let h = try Self.harness()
        try h.lua("ui.show{id = 'home'} traits.show([==[\(Self.modal(1))]==]) traits.show([==[\(Self.embed(2))]==])")
        try h.tap(212)
        #expect(h.analytics("experience_dismissed").map { $0["experienceId"] } == [.string(F.id(2))])
        #expect(try state(h, "embed:home") == nil)
        #expect(try state(h, "modal") == "shown")
    }

    /// `traits.dismiss(context)` ends one context's experience; without, the one in focus.
    @Test func dismissTakesARenderContext() throws {
        let h = try Self.harness()
        try h.lua("ui.show{id = 'home'} traits.show([==[\(Self.modal(1))]==]) traits.show([==[\(Self.embed(2))]==])")
        #expect(try h.lua("return traits.dismiss('embed:home')").first?.boolValue == true)
        #expect(try state(h, "modal") == "shown")
        #expect(try h.lua("return traits.dismiss('embed:nowhere')").first?.boolValue == false)
        #expect(try h.lua("return traits.dismiss()").first?.boolValue == true)
        #expect(h.system.renderer.current == nil)
    }

    /// Showing over an active experience of the same context is still an error; another
    /// context's is not.
    @Test func showingOverTheSameContextIsAnError() throws {
        let h = try Self.harness()
        try h.lua("ui.show{id = 'home'} traits.show([==[\(Self.embed(2))]==])")
        let result = try h.lua("return pcall(traits.show, [==[\(Self.embed(3))]==])")
        #expect(result.first?.boolValue == false)
        #expect(result.last?.stringValue?.contains("is already active in embed:home") == true, "\(result.last?.stringValue ?? "")")
        #expect(try h.lua("return traits.show([==[\(Self.modal(1))]==])").first?.boolValue == true)
    }

    /// Hostile: a response with 2,000 embeds for 2,000 missing frames waits within the limits,
    /// and a screen view clears them all.
    @Test func thousandsOfWaitingFramesAreContained() throws {
        let h = try Self.harness()
        let embeds = (0..<2000).map { Self.embed(2, frame: "f\($0)").replacingOccurrences(of: F.id(2), with: F.id(100_000 + $0)) }
        try h.lua("traits.qualify([==[\(Self.response("screen_view", embeds))]==])")
        #expect(h.system.renderer.waitingEmbeds.count == 2000)
        try h.lua("traits.qualify([==[\(Self.response("screen_view", []))]==])")
        #expect(h.system.renderer.waitingEmbeds.isEmpty)
    }

    /// The `experiences` expectation reads every context; `traits.current()` names its context.
    @Test func currentNamesItsContext() throws {
        let h = try Self.harness()
        try h.lua("ui.show{id = 'home'} traits.show([==[\(Self.embed(2))]==])")
        #expect(try h.lua("return traits.current().context").first?.stringValue == "embed:home")
        #expect(try h.lua("return traits.current('modal')").first?.isNil == true)
    }
}
