import JSON
import Testing
@testable import Traits

/// Built-ins whose config the SDK decodes with `try?` fall back to their defaults.
@Suite struct DefaultingBuiltInsTests {
    /// A step `…900000000NNN` with a spacer.
    func step(_ n: Int) -> String {
        #"{"id": "00000000-0000-4000-8000-900000000\#(100 + n)", "type": "m", "traits": [], "actions": {}, "content": {"type": "spacer", "id": "00000000-0000-4000-8000-900000000\#(600 + n)"}}"#
    }

    func show(_ trait: String) throws -> TraitsHarness {
        let h = try TraitsHarness()
        try h.lua(##"traits.show([==[{"id": "00000000-0000-4000-8000-900000000101", "traits": [{"type": "@appcues/modal", "config": {"presentationStyle": "dialog"}}, {"type": "@appcues/backdrop", "config": {"backgroundColor": {"light": "#000"}}}, {"type": "@appcues/target-rectangle", "config": {"width": 5, "height": 5}}, "##
                 + trait + #"], "name": "Tour", "type": "mobile", "steps": [{"id": "00000000-0000-4000-8000-900000000102", "type": "group", "traits": [], "actions": {}, "children": [\#(step(3)), \#(step(4))]}]}]==])"#)
        return h
    }

    /// The defaults apply, and a `warning` says which member was ignored (issue 35 item 3).
    @Test func tooltipWithAnUndecodableConfig() throws {
        let h = try TraitsHarness()
        try h.lua(#"traits.show{id = "00000000-0000-4000-8000-900000000101", traits = {{type = "@appcues/tooltip", config = {hidePointer = "yes"}}}, steps = {{id = "00000000-0000-4000-8000-900000000102", type = "m", traits = {}, actions = {}, content = {type = "spacer", id = "00000000-0000-4000-8000-900000000601"}}}, name = "Tour", type = "mobile"}"#)
        #expect(h.tree?["pointerSize"]?["width"] == .integer(16))
        #expect(h.tree?["pointerSize"]?["height"] == .integer(8))
        #expect(h.engine.transcript.events.filter { $0.type == "warning" }.map { $0["message"]?.stringValue } == [
            #"traits: trait '@appcues/tooltip' (experience level) ignores its config, as the SDK does, and keeps its defaults: config.hidePointer: expected a boolean, got "yes""#,
        ])
    }

    /// A dropped built-in says why before the SDK's own `Presenting capability trait required`.
    @Test func aModalWithAnUndecodableConfigIsDroppedWithAWarning() throws {
        let h = try TraitsHarness()
        try h.lua(#"pcall(traits.show, {id = "00000000-0000-4000-8000-900000000101", traits = {{type = "@appcues/modal", config = {presentationStyle = "fulll"}}}, steps = {{id = "00000000-0000-4000-8000-900000000102", type = "m", traits = {}, actions = {}, content = {type = "spacer", id = "00000000-0000-4000-8000-900000000601"}}}, name = "Tour", type = "mobile"})"#)
        let warnings = h.engine.transcript.events.filter { $0.type == "warning" }
        #expect(warnings.map { $0["message"]?.stringValue } == [
            #"traits: trait '@appcues/modal' (experience level) is dropped, as the SDK drops it: config.presentationStyle: expected one of full, dialog, sheet, halfSheet, got "fulll""#,
        ])
        #expect(warnings.first?["system"] == "traits")
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
