import JSON
import Testing
@testable import Traits

/// Built-ins whose config the SDK decodes with `try?` fall back to their defaults.
@Suite struct DefaultingBuiltInsTests {
    func show(_ trait: String) throws -> TraitsHarness {
        let h = try TraitsHarness()
        try h.lua(##"traits.show([==[{"id": "e", "traits": [{"type": "@appcues/modal", "config": {"presentationStyle": "dialog"}}, {"type": "@appcues/backdrop", "config": {"backgroundColor": {"light": "#000"}}}, {"type": "@appcues/target-rectangle", "config": {"width": 5, "height": 5}}, "##
                 + trait + #"], "steps": [{"id": "g", "type": "group", "children": [{"id": "a", "type": "m"}, {"id": "b", "type": "m"}]}]}]==])"#)
        return h
    }

    @Test func tooltipWithAnUndecodableConfig() throws {
        let h = try TraitsHarness()
        try h.lua(#"traits.show{id = "e", traits = {{type = "@appcues/tooltip", config = {hidePointer = "yes"}}}, steps = {{id = "s", type = "m"}}}"#)
        #expect(h.tree?["pointerSize"]?["width"] == .integer(16))
        #expect(h.tree?["pointerSize"]?["height"] == .integer(8))
    }

    @Test func pagingDotsWithAnUndecodableStyle() throws {
        let h = try show(#"{"type": "@appcues/paging-dots", "config": {"style": 3}}"#)
        #expect(h.system.renderer.current?.package.container.find("paging-dots")?["verticalAlignment"] == .string("bottom"))
    }

    @Test func targetInteractionWithAnUndecodableConfig() throws {
        let h = try show(#"{"type": "@appcues/target-interaction", "config": {"enablePassThrough": "x"}}"#)
        #expect(h.system.renderer.current?.package.backdrop?.find("target")?["passThrough"] == .bool(false))
    }

    @Test func carouselIgnoresItsConfig() throws {
        let h = try show(#"{"type": "@appcues/carousel", "config": [1, 2]}"#)
        #expect(h.system.renderer.current?.package.container.kind == "carousel")
    }
}
