import JSON
import Testing
@testable import Traits

/// Targets follow the app's layout: a change to the app's views (`ui.show`, `ui.update`,
/// `ui.hide`) re-publishes the target rectangle once the engine is idle, and the tooltip and the
/// keyhole follow it (the SDK's frame observer views). Ports of the SDK's
/// `AppcuesTargetRectangleTraitTests` (testDecorate, testFrameCalculation,
/// testFrameRecalculation, testUndecorate) and the element targeting rules (hidden and
/// off-screen views are not targets).
@Suite struct TargetLayoutTests {
    func show(_ traits: [String], setup: String = "", pages: Int = 1) throws -> TraitsHarness {
        let h = try TraitsHarness()
        let children = (1...pages).map { #"{"id": "\#(ExperienceFixture.id($0))", "type": "tooltip", "traits": [], "actions": {}, "content": {"type": "spacer", "id": "\#(ExperienceFixture.id(50 + $0))"}}"# }.joined(separator: ",")
        let json = #"{"id": "00000000-0000-4000-8000-900000000101", "traits": [], "steps": [{"id": "00000000-0000-4000-8000-900000000102", "type": "group", "traits": [\#(traits.joined(separator: ","))], "children": [\#(children)], "actions": {}}], "name": "Tour", "type": "mobile"}"#
        try h.lua(setup + "\ntraits.show([==[\(json)]==])")
        return h
    }

    func rect(_ value: JSONValue?) -> [Double?] { ["x", "y", "width", "height"].map { value?[$0]?.doubleValue } }

    static let tooltip = #"{"type": "@appcues/tooltip", "config": {"pointerLength": 10}}"#
    static let keyhole = #"{"type": "@appcues/backdrop-keyhole", "config": {"shape": "rectangle"}}"#
    static let backdrop = ##"{"type": "@appcues/backdrop", "config": {"backgroundColor": {"light": "#0008"}}}"##
    static let relative = #"{"type": "@appcues/target-rectangle", "config": {"x": -10, "y": 20, "width": 100, "height": 60, "relativeX": 0.5, "relativeY": 0.5}}"#
    static let element = #"{"type": "@appcues/target-element", "config": {"selector": {"accessibilityIdentifier": "buy"}, "contentPreferredPosition": "bottom"}}"#
    static let button = #"ui.show{id = "buy", accessibilityIdentifier = "buy", x = 20, y = 600, width = 100, height = 44}"#

    /// The SDK's `AppcuesTooltipTraitTests.testBackdrop`: the tooltip's wrapper offers a backdrop.
    @Test func testBackdrop() throws {
        let h = try show([Self.tooltip])
        #expect(h.system.renderer.current?.package.backdrop?.kind == "backdrop")
    }

    @Test func testDecorate() throws {
        let h = try show([Self.tooltip, #"{"type": "@appcues/target-rectangle", "config": {}}"#], setup: #"ui.show{id = "screen", width = 500, height = 1000}"#)
        #expect(rect(h.metadata?["targetRectangle"]) == [0, 0, 0, 0])
    }

    /// testFrameCalculation, then testFrameRecalculation: the screen turns 1000 x 500 and the
    /// relative rectangle is published again.
    @Test func testFrameCalculationAndRecalculation() throws {
        let h = try show([Self.tooltip, Self.relative], setup: #"ui.show{id = "screen", width = 500, height = 1000}"#)
        #expect(rect(h.metadata?["targetRectangle"]) == [240, 520, 100, 60])
        let published = h.events("metadata.published").count
        try h.lua(#"ui.update("screen", {width = 1000, height = 500})"#)
        #expect(rect(h.metadata?["targetRectangle"]) == [490, 270, 100, 60])
        #expect(h.events("metadata.published").count == published + 1)
        #expect(rect(h.tree?["targetRectangle"]) == [490, 270, 100, 60], "the tooltip got the new target")
    }

    @Test func testUndecorate() throws {
        let h = try show([Self.tooltip, Self.relative], pages: 2)
        let backdrop = try #require(h.system.renderer.current?.package.backdrop)
        #expect(!backdrop.layoutHandlers.isEmpty)
        try h.lua("traits.dismiss()")
        #expect(backdrop.layoutHandlers.isEmpty, "torn down with the presentation")
    }

    /// The target moves: the target rectangle, the tooltip's frame and pointer and the keyhole follow.
    @Test func movedTargetMovesTheTooltipAndTheKeyhole() throws {
        let h = try show([Self.tooltip, Self.element, Self.backdrop, Self.keyhole], setup: Self.button)
        #expect(rect(h.tree?["frame"]) == [8, 644, 374, 56])
        try h.lua(#"ui.update("buy", {y = 100})"#)
        #expect(rect(h.metadata?["targetRectangle"]) == [20, 100, 100, 44])
        #expect(h.tree?["position"] == .string("bottom"))
        #expect(rect(h.tree?["frame"]) == [8, 144, 374, 56])
        #expect(h.tree?["pointer"]?["y"]?.doubleValue == 144)
        let keyhole = try #require(h.system.renderer.current?.package.backdrop?["keyhole"])
        #expect(rect(keyhole["rect"]) == [20, 100, 100, 44])
        // an unrelated view changing publishes the same rectangle again: nothing moves
        try h.lua(#"ui.show{id = "toast", text = "hi"}"#)
        #expect(rect(h.tree?["frame"]) == [8, 144, 374, 56])
    }

    /// A target that disappears after the step is shown keeps its last known position (the SDK's
    /// observer ignores selector errors); no step error.
    @Test func vanishedTargetKeepsTheLastPosition() throws {
        let h = try show([Self.tooltip, Self.element], setup: Self.button)
        try h.lua(#"ui.hide("buy")"#)
        #expect(rect(h.metadata?["targetRectangle"]) == [20, 600, 100, 44])
        #expect(h.stepErrors.isEmpty)
        #expect(h.events("step.retrying").isEmpty)
    }

    /// Hidden views and views whose centre is off the screen's safe area are not targets; a view
    /// partly outside is cut to the safe area.
    @Test(arguments: [
        (#"ui.show{id = "b", accessibilityIdentifier = "buy", hidden = true, x = 20, y = 600, width = 100, height = 44}"#, nil as [Double]?),
        (#"ui.show{id = "b", accessibilityIdentifier = "buy", x = 20, y = 900, width = 100, height = 44}"#, nil),
        (#"ui.show{id = "b", accessibilityIdentifier = "buy", x = -40, y = 600, width = 100, height = 44}"#, [0, 600, 60, 44]),
        (#"ui.show{id = "screen", width = 390, height = 844, safeArea = {top = 47}} ui.show{id = "b", accessibilityIdentifier = "buy", x = 0, y = 30, width = 100, height = 44}"#, [0, 47, 100, 27]),
    ])
    func onlyVisibleViewsAreTargets(setup: String, expected: [Double]?) throws {
        let element = #"{"type": "@appcues/target-element", "config": {"selector": {"accessibilityIdentifier": "buy"}, "retryIntervals": []}}"#
        let h = try show([Self.tooltip, element], setup: setup)
        if let expected {
            #expect(rect(h.metadata?["targetRectangle"]) == expected.map { Optional($0) })
        } else {
            #expect(h.stepErrors == [#"No view matching selector ["accessibilityIdentifier": "buy"]"#])
        }
    }

    /// A step that failed recoverably (no target) is presented again when the app's views change
    /// (the SDK's step recovery observer retries when scrolling ends): `step_recovered`.
    @Test func layoutChangeRecoversAFailingStep() throws {
        let element = #"{"type": "@appcues/target-element", "config": {"selector": {"accessibilityIdentifier": "buy"}, "retryIntervals": []}}"#
        let h = try show([Self.tooltip, element])
        #expect(try h.lua("return traits.current().state").first?.stringValue == "failing")
        try h.lua(#"ui.show{id = "unrelated"}"#)
        #expect(h.events("step.recovering").count == 1)
        #expect(h.events("step.presented").isEmpty, "still no target")
        #expect(h.analytics == ["step_error"], "the error is reported once")
        try h.lua(Self.button)
        #expect(h.events("step.presented").count == 1)
        #expect(h.analytics == ["step_error", "experience_started", "step_recovered", "step_seen"])
    }

    /// Hostile layout handlers end: one that changes an app view itself runs once per pass (its
    /// change belongs to the running pass); one that changes it through a timer at the same
    /// instant is stopped after 100 passes, with an error, until the clock advances.
    @Test(arguments: [("ui.update('x', {n = 1})", 1, false), ("app.after(0, function() ui.update('x', {n = 1}) end)", 100, true)])
    func layoutHandlersThatChangeTheAppEnd(change: String, passes: Int, stopped: Bool) throws {
        let h = try TraitsHarness()
        try h.lua(presentLua + """

        ui.show{id = "x"}
        local calls = 0
        traits.register{type = "@t/loop", createWrapper = function(self, c)
          local w = traits.view{kind = "wrapper", c}
          w:onLayout(function() calls = calls + 1 w:set("calls", calls) \(change) end)
          return w
        end}
        traits.show{id = "00000000-0000-4000-8000-900000000101", traits = {{type = "@t/present"}, {type = "@t/loop"}}, steps = {{id = "00000000-0000-4000-8000-900000000103", type = "m", traits = {}, actions = {}, content = {type = "spacer", id = "00000000-0000-4000-8000-900000000601"}}}, name = "Tour", type = "mobile"}
        ui.update("x", {n = 0})
        """)
        let calls = try #require(h.tree?["calls"]?.integerValue)
        #expect(stopped ? (50...Int64(passes)).contains(calls) : calls == Int64(passes), "\(calls) passes")
        let errors = h.engine.transcript.events.filter { $0.type == "error" && $0["source"]?.stringValue == "layout" }
        #expect(errors.count == (stopped ? 1 : 0))
    }
}
