import JSON
import Testing
@testable import Traits

/// Sticky top and bottom content as the SDK divides a step's content
/// (`ExperienceComponent+Sticky.swift`, `divided()`): the SDK's `StickyExperienceTests` by name,
/// then the headless layout (`sticky-top`, `scroll`, `sticky-bottom`).
@Suite struct StickyExperienceTests {
    typealias F = ExperienceFixture

    /// A horizontal stack with one text, `sticky` when given.
    static func row(_ n: Int, _ text: String, sticky: String? = nil) -> String {
        #"{"type": "stack", "id": "\#(F.id(n))", "orientation": "horizontal", "distribution": "equal"\#(sticky.map { #", "sticky": "\#($0)""# } ?? ""), "items": [\#(F.text(n + 1, text))]}"#
    }

    /// The SDK's fixture: a vertical stack with a sticky top row, a plain row and two sticky bottom rows.
    static let content = #"{"type": "stack", "orientation": "vertical", "id": "\#(F.id(100))", "style": {}, "items": [\#(row(110, "Sticky Top", sticky: "top")), \#(row(120, "Non Sticky")), \#(row(130, "Sticky Bottom 1", sticky: "bottom")), \#(row(140, "Sticky Bottom 2", sticky: "bottom"))]}"#

    @Test func testInit() throws {
        let component = try ExperienceComponent.decode(try JSONValue.decode(Self.content))
        let (body, top, bottom) = component.divided()
        #expect(top.map(\.id) == [F.id(110)], "top content ID matches model because there's only a single item")
        #expect(bottom.map(\.id) == [F.id(130), F.id(140)])
        #expect(body.children.map(\.id) == [F.id(120)], "only 1 non-sticky item remains in the body")
    }

    /// The step view: the sticky stacks fixed around a `scroll` view holding the rest; two bottom
    /// stacks are stacked vertically; a sticky button still runs its actions.
    @Test func stickyContentStaysFixedAroundTheScrollingContent() throws {
        let content = Self.content.replacingOccurrences(of: F.text(111, "Sticky Top"), with: F.button(111, "Skip"))
        let h = try TraitsHarness.showing(F.experience([F.step(11, content: content, actions: [111: [F.action("tap", "@appcues/close")]])]))
        let step = try #require(h.system.renderer.current?.package.wrapper.find(F.id(11)))
        #expect(step.children.map(\.kind) == ["sticky-top", "scroll", "sticky-bottom"])
        #expect(step.children[0].children.first?.id == F.id(110))
        #expect(step.children[1].children.first?.children.map(\.id) == [F.id(120)])
        let bottom = try #require(step.children[2].children.first)
        #expect(bottom.kind == "stack" && bottom["orientation"] == "vertical" && bottom.children.map(\.id) == [F.id(130), F.id(140)])
        try h.tap(111)
        #expect(h.analytics.last == "experience_dismissed")
    }

    /// Content that is all sticky leaves a spacer to scroll; content without sticky stacks is laid out as before.
    @Test func allStickyContentLeavesASpacer() throws {
        let h = try TraitsHarness.showing(F.experience([F.group(10, [F.step(11, content: Self.row(110, "Top", sticky: "top")),
                                                                   F.step(12, content: Self.row(120, "Plain"))])]))
        let step = try #require(h.system.renderer.current?.package.wrapper.find(F.id(11)))
        #expect(step.children.map(\.kind) == ["sticky-top", "scroll"])
        #expect(step.children[1].children.map(\.kind) == ["spacer"] && step.children[1].children.first?.id == nil)
        let plain = try #require(h.system.renderer.current?.package.wrapper.find(F.id(12)))
        #expect(plain.children.map(\.kind) == ["stack"])
    }
}
