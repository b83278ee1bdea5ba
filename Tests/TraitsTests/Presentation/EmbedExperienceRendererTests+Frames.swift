import JSON
import LuaRuntime
import Testing
@testable import Traits

/// Embed frames registered, registered again and `retainContent`, as the SDK's
/// `ExperienceRenderer.start(owner:forContext:)`, `cleanUpRetain` and `AppcuesFrameView.reset()`
/// do: the rest of the SDK's `EmbedExperienceRendererTests` by name. A frame registers when an
/// app view carrying it is shown (`ui.show{id = "frame1"}`; shown again: registered again, as a
/// reused cell) and is gone when the last such view is hidden (the frame view deallocated).
extension EmbedExperienceRendererTests {
    /// A frame shows an embed, then registers again (a reused table cell): the cached experience
    /// shows again; once dismissed, it is no longer cached and a third registration shows nothing.
    @Test func testShownEmbedNotRemovedFromCache() throws {
        let h = try Self.harness()
        try h.lua(#"ui.show{id = "frame1"}"#)
        try h.lua("traits.qualify([==[\(Self.response("screen_view", [Self.embed(2, frame: "frame1")]))]==])")
        #expect(try state(h, "embed:frame1") == "shown")
        try h.lua(#"ui.show{id = "frame1"}"#)   // the same frame loads the content again
        #expect(try state(h, "embed:frame1") == "shown")
        #expect(h.events("step.presented").count == 2, "presented twice")
        #expect(h.analytics("experience_dismissed").isEmpty, "the first presentation ended without analytics (AppcuesFrameView.reset)")
        #expect(try h.lua("return traits.dismiss('embed:frame1')").first?.boolValue == true)
        try h.lua(#"ui.show{id = "frame1"}"#)   // no content: it was dismissed
        #expect(try state(h, "embed:frame1") == nil)
        #expect(h.events("step.presented").count == 2)
    }

    /// A frame with `retainContent = false` shows an embed; registered again, it has nothing to show.
    @Test func testShownEmbedWithRetainDisabledRemovedFromCache() throws {
        let h = try Self.harness()
        try h.lua(#"traits.frame("frame1", {retainContent = false}) ui.show{id = "frame1"}"#)
        try h.lua("traits.qualify([==[\(Self.response("screen_view", [Self.embed(2, frame: "frame1")]))]==])")
        #expect(h.events("step.presented").count == 1)
        try h.lua(#"ui.show{id = "frame1"}"#)
        #expect(try state(h, "embed:frame1") == nil, "the re-registered frame is empty")
        #expect(h.events("step.presented").count == 1)
    }

    /// A frame registered, then gone (deallocated) before an embed qualifies for it: nothing shows.
    @Test func testFrameMemoryRetain() throws {
        let h = try Self.harness()
        try h.lua(#"ui.show{id = "frame1"} ui.hide("frame1")"#)
        try h.lua("traits.qualify([==[\(Self.response("screen_view", [Self.embed(2, frame: "frame1")]))]==])")
        #expect(h.events("step.presented").isEmpty)
        #expect(started(h).isEmpty)
        #expect(try state(h, "embed:frame1") == nil)
    }

    /// A frame gone while it shows an embed takes it along, without analytics; the experience stays
    /// cached and shows when the frame registers again.
    @Test func aFrameGoneTakesItsEmbedAlong() throws {
        let h = try Self.harness()
        try h.lua(#"ui.show{id = "frame1"}"#)
        try h.lua("traits.qualify([==[\(Self.response("screen_view", [Self.embed(2, frame: "frame1")]))]==])")
        try h.lua(#"ui.hide("frame1")"#)
        #expect(try state(h, "embed:frame1") == nil)
        #expect(h.analytics == ["experience_started", "step_seen"])
        try h.lua(#"ui.show{id = "frame1"}"#)
        #expect(try state(h, "embed:frame1") == "shown")
    }

    /// Only a registration shows cached content: a layout change while the frame is idle (its
    /// embed completed by a continue past the last step, which keeps the cache, as the SDK's
    /// `show(step:)`) shows nothing.
    @Test func onlyARegistrationShowsCachedContent() throws {
        let h = try Self.harness()
        let embed = Self.embed(2, frame: "frame1").replacingOccurrences(of: "@appcues/close", with: "@appcues/continue")
        try h.lua("ui.show{id = 'frame1'} traits.show([==[\(embed)]==])")
        try h.tap(212)
        #expect(try state(h, "embed:frame1") == nil)
        try h.lua("ui.show{id = 'other'} ui.update('frame1', {height = 10})")
        #expect(try state(h, "embed:frame1") == nil)
        try h.lua("ui.show{id = 'frame1'}")
        #expect(try state(h, "embed:frame1") == "shown")
    }

    /// Hostile: 10,000 frames registered (each with options) and registered again, embeds for
    /// 100 of them, a screen view that clears the cache, then every frame gone: contained within
    /// the limits (the frame index is by frame, not a scan of the app's views).
    @Test func tenThousandFramesAreContained() throws {
        let h = try Self.harness()
        try h.lua("for i = 1, 10000 do traits.frame('f' .. i, {retainContent = i % 2 == 0}) ui.show{id = 'f' .. i} end")
        #expect(h.system.renderer.frames.count == 10_000)
        let embeds = (1...100).map { Self.embed(2, frame: "f\($0)").replacingOccurrences(of: F.id(2), with: F.id(100_000 + $0)) }
        try h.lua("traits.qualify([==[\(Self.response("screen_view", embeds))]==])")
        #expect(h.system.renderer.states.count == 100)
        #expect(h.system.renderer.waitingEmbeds.count == 50, "the frames not retaining their content dropped it")
        try h.lua("for i = 1, 10000 do ui.show{id = 'f' .. i} end")   // registered again: the retained 50 show again
        #expect(h.system.renderer.states.count == 50)
        try h.lua("traits.qualify([==[\(Self.response("screen_view", []))]==])")
        #expect(h.system.renderer.waitingEmbeds.isEmpty)
        try h.lua("for i = 1, 10000 do ui.hide('f' .. i) end")
        #expect(h.system.renderer.states.isEmpty)
    }
}
