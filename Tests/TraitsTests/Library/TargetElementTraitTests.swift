import JSON
import Testing
@testable import Traits

/// The SDK's `AppcuesTargetElementTraitTests`, by name, on a 500 x 1000 screen without a safe
/// area: the selector's messages, hidden and off-screen views ignored, the most distinct match,
/// the rectangle recalculated on a layout change, and undecorating. Not ported:
/// testDecorateThrowsNoLayout (the headless UI always has a layout), testElementDisplayName,
/// testTabBarDisplayName, testTabBarDecorate and testWebViewDecorate (UIKit view kinds and the
/// debugger's names; headless views have no class).
@Suite struct TargetElementTraitTests {
    static let screen = #"ui.show{id = "screen", width = 500, height = 1000}"#

    func show(selector: String, setup: String) throws -> TraitsHarness {
        let h = try TraitsHarness()
        let json = #"{"id": "00000000-0000-4000-8000-900000000101", "traits": [], "steps": [{"id": "00000000-0000-4000-8000-900000000102", "type": "tooltip", "traits": [{"type": "@appcues/tooltip"}, {"type": "@appcues/target-element", "config": {"selector": \#(selector), "retryIntervals": []}}], "actions": {}, "content": {"type": "spacer", "id": "00000000-0000-4000-8000-900000000601"}}], "name": "Tour", "type": "mobile"}"#
        try h.lua(Self.screen + "\n" + setup + "\ntraits.show([==[\(json)]==])")
        return h
    }

    func rect(_ h: TraitsHarness) -> [Double?] { ["x", "y", "width", "height"].map { h.metadata?["targetRectangle"]?[$0]?.doubleValue } }

    @Test func testDecorateThrowsInvalidSelector() throws {
        #expect(try show(selector: "{}", setup: "").stepErrors == ["Invalid selector [:]"])
    }

    /// testEmptySelectorValues: empty strings are no selector.
    @Test func testEmptySelectorValues() throws {
        let h = try show(selector: #"{"appcuesID": "", "accessibilityIdentifier": "", "accessibilityLabel": "", "tag": "", "autoTag": ""}"#, setup: "")
        #expect(h.stepErrors.first?.hasPrefix("Invalid selector [") == true)
    }

    @Test func testDecorateThrowsNoMatch() throws {
        let h = try show(selector: #"{"accessibilityIdentifier": "myID"}"#, setup: #"""
        ui.show{id = "v1", accessibilityIdentifier = "myID", hidden = true, x = 20, y = 20, width = 100, height = 100}
        ui.show{id = "v2", accessibilityIdentifier = "myID", x = 1040, y = 20, width = 100, height = 100}
        """#)
        #expect(h.stepErrors == [#"No view matching selector ["accessibilityIdentifier": "myID"]"#])
    }

    @Test func testDecorateThrowsMultipleMatch() throws {
        let h = try show(selector: #"{"accessibilityIdentifier": "myID"}"#, setup: #"""
        ui.show{id = "v1", accessibilityIdentifier = "myID", x = 20, y = 20, width = 100, height = 100}
        ui.show{id = "v2", accessibilityIdentifier = "myID", x = 140, y = 20, width = 100, height = 100}
        """#)
        #expect(h.stepErrors == [#"multiple non-distinct views (2) matched selector ["accessibilityIdentifier": "myID"]"#])
    }

    @Test func testDecorate() throws {
        let h = try show(selector: #"{"accessibilityIdentifier": "myID"}"#,
                         setup: #"ui.show{id = "v1", accessibilityIdentifier = "myID", x = 20, y = 20, width = 100, height = 100}"#)
        #expect(rect(h) == [20, 20, 100, 100])
    }

    /// Identifier + tag (10000 + 1000) outweighs identifier + label (10000 + 100).
    @Test func testDecorateMultipleMatches() throws {
        let h = try show(selector: #"{"accessibilityIdentifier": "myID", "accessibilityLabel": "My View", "tag": "54"}"#, setup: #"""
        ui.show{id = "v1", accessibilityIdentifier = "myID", accessibilityLabel = "My View", x = 20, y = 20, width = 100, height = 100}
        ui.show{id = "v2", accessibilityIdentifier = "myID", tag = "54", x = 140, y = 20, width = 100, height = 100}
        """#)
        #expect(rect(h) == [140, 20, 100, 100])
    }

    /// The view moves and the screen turns 1000 x 500: published again.
    @Test func testFrameRecalculation() throws {
        let h = try show(selector: #"{"accessibilityIdentifier": "myID"}"#,
                         setup: #"ui.show{id = "v1", accessibilityIdentifier = "myID", x = 20, y = 20, width = 100, height = 100}"#)
        let published = h.events("metadata.published").count
        try h.lua(#"ui.update("v1", {x = 500}) ui.update("screen", {width = 1000, height = 500})"#)
        #expect(h.events("metadata.published").count == published + 1, "one layout pass for both changes")
        #expect(rect(h) == [500, 20, 100, 100])
    }

    @Test func testUndecorate() throws {
        let h = try TraitsHarness()
        try h.lua(Self.screen + #"""
        ui.show{id = "v1", accessibilityIdentifier = "myID", x = 20, y = 20, width = 100, height = 100}
        traits.show{id = "00000000-0000-4000-8000-900000000101", steps = {{id = "00000000-0000-4000-8000-900000000103", type = "group", traits = {{type = "@appcues/tooltip"}}, children = {
          {id = "00000000-0000-4000-8000-900000000104", type = "m", traits = {{type = "@appcues/target-element", config = {selector = {accessibilityIdentifier = "myID"}}}}, actions = {}, content = {type = "spacer", id = "00000000-0000-4000-8000-900000000602"}},
          {id = "00000000-0000-4000-8000-900000000105", type = "m", traits = {}, actions = {}, content = {type = "spacer", id = "00000000-0000-4000-8000-900000000603"}}}, actions = {}}}, name = "Tour", type = "mobile", traits = {}}
        traits.page(2)
        """#)
        for key in ["targetRectangle", "contentPreferredPosition", "contentDistanceFromTarget"] {
            #expect(h.metadata?[key] == nil, "\(key)")
        }
    }
}
