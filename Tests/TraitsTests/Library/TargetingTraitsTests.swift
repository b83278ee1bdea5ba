import JSON
import Testing
@testable import Traits

/// The targeting built-ins: a selector resolved against the app's headless views (or a
/// rectangle relative to the screen), published as `targetRectangle`, read by the tooltip, the
/// keyhole and the target interaction.
@Suite struct TargetingTraitsTests {
    static let tooltipStep = #"{"type": "@appcues/tooltip", "config": {"pointerLength": 10}}"#

    func show(_ traits: [String], setup: String = "") throws -> TraitsHarness {
        let h = try TraitsHarness()
        let json = #"{"id": "00000000-0000-4000-8000-900000000101", "traits": [], "steps": [{"id": "00000000-0000-4000-8000-900000000102", "type": "tooltip", "traits": [\#(traits.joined(separator: ","))], "actions": {}, "content": {"type": "spacer", "id": "00000000-0000-4000-8000-900000000601"}}], "name": "Tour", "type": "mobile"}"#
        try h.lua(setup + "\ntraits.show([==[\(json)]==])")
        return h
    }

    static let button = #"ui.show{id = "buy", accessibilityIdentifier = "buy", tag = "7", x = 20, y = 600, width = 100, height = 44}"#

    @Test func targetElementPublishesTheTargetRectangleAndTheTooltipPlacesItself() throws {
        let h = try show([Self.tooltipStep, #"{"type": "@appcues/target-element", "config": {"selector": {"accessibilityIdentifier": "buy"}, "contentPreferredPosition": "bottom", "contentDistanceFromTarget": 6}}"#],
                         setup: Self.button)
        let target = try #require(h.metadata?["targetRectangle"])
        #expect([target["x"], target["y"], target["width"], target["height"]] == [.integer(20), .integer(600), .integer(100), .integer(44)])
        #expect(h.metadata?["contentPreferredPosition"] == .string("bottom"))
        #expect(h.tree?["kind"] == .string("tooltip"))
        #expect(h.tree?["position"] == .string("bottom"))
        #expect(h.tree?["pointer"]?["y"]?.doubleValue == 650)
        #expect(h.tree?["pointer"]?["x"]?.doubleValue == 70)
        #expect(h.tree?["pointerSize"]?["height"] == .integer(10))
        #expect(h.events("step.presented").count == 1)
    }

    /// The most distinct match wins (accessibilityIdentifier 10000 over tag 1000).
    @Test func mostDistinctMatchWins() throws {
        let h = try show([Self.tooltipStep, #"{"type": "@appcues/target-element", "config": {"selector": {"accessibilityIdentifier": "buy", "tag": "7"}}}"#],
                         setup: Self.button + #"\#nui.show{id = "other", tag = "7", x = 1, y = 1, width = 1, height = 1}"#)
        #expect(h.metadata?["targetRectangle"]?["x"] == .integer(20))
    }

    /// No match: retried at 300, 600, 900 and 1200 ms, then a recoverable step error with the SDK's message.
    @Test func noMatchRetriesThenFailsRecoverably() throws {
        let h = try show([Self.tooltipStep, #"{"type": "@appcues/target-element", "config": {"selector": {"accessibilityIdentifier": "nope"}}}"#])
        try h.lua("app.advance(3)")
        #expect(h.events("step.retrying", ["retryMilliseconds"]) == [300, 600, 900, 1200].map { "step.retrying retryMilliseconds=\($0)" })
        #expect(h.stepErrors == [#"No view matching selector ["accessibilityIdentifier": "nope"]"#])
        #expect(h.events("step.error", ["recoverable"]) == ["step.error recoverable=true"])
        // the view appears: a retry presents the step
        try h.lua(Self.button.replacingOccurrences(of: "\"buy\"", with: "\"nope\"") + " assert(traits.retry())")
        #expect(h.events("step.presented").count == 1)
    }

    @Test func customRetryIntervalsAndTheViewAppearingInTime() throws {
        let h = try show([Self.tooltipStep, #"{"type": "@appcues/target-element", "config": {"selector": {"accessibilityIdentifier": "buy"}, "retryIntervals": [100]}}"#],
                         setup: #"app.after(0.05, function() \#(Self.button) end)"#)
        try h.lua("app.advance(0.1)")
        #expect(h.events("step.retrying").count == 1)
        #expect(h.events("step.presented").count == 1)
    }

    @Test func nonDistinctMatchesAndInvalidSelectors() throws {
        let h = try show([Self.tooltipStep, #"{"type": "@appcues/target-element", "config": {"selector": {"tag": "7"}, "retryIntervals": []}}"#],
                         setup: #"ui.show{id = "a", tag = "7"} ui.show{id = "b", tag = "7"}"#)
        #expect(h.stepErrors == [#"multiple non-distinct views (2) matched selector ["tag": "7"]"#])
        let h2 = try show([Self.tooltipStep, #"{"type": "@appcues/target-element", "config": {"selector": {"color": "red"}}}"#])
        #expect(h2.stepErrors == [#"Invalid selector ["color": "red"]"#])
        #expect(h2.events("step.retrying").isEmpty)
    }

    @Test(arguments: [#"{}"#, #"{"selector": {"tag": 7}}"#, #"{"selector": {"tag": "7"}, "retryIntervals": [1.5]}"#,
                      #"{"selector": {"tag": "7"}, "contentPreferredPosition": "middle"}"#])
    func targetElementRejectedConfigs(config: String) throws {
        let h = try show([Self.tooltipStep, #"{"type": "@appcues/target-element", "config": \#(config)}"#], setup: Self.button)
        #expect(!h.applied.contains { $0.hasPrefix("@appcues/target-element") })
        #expect(h.metadata?["targetRectangle"] == nil)
        #expect(h.tree?["position"] == nil, "no target: no side")
        #expect(["x", "y", "width", "height"].map { h.tree?["frame"]?[$0]?.doubleValue } == [8, 544, 374, 300],
                "no target: a sheet at the bottom, inside the margins")
    }

    @Test func targetRectangleIsRelativeToTheScreen() throws {
        let h = try show([Self.tooltipStep, #"{"type": "@appcues/target-rectangle", "config": {"relativeX": 0.5, "relativeY": 0.25, "x": -10, "width": 20, "height": 30, "contentPreferredPosition": "top"}}"#],
                         setup: #"ui.show{id = "screen", width = 400, height = 800}"#)
        let target = try #require(h.metadata?["targetRectangle"])
        #expect([target["x"], target["y"]].map { $0?.doubleValue } == [190, 200])
        #expect(h.tree?["position"] == .string("top"))
    }

    @Test(arguments: [#"{"x": "left"}"#, #"[]"#])
    func targetRectangleRejectedConfigs(config: String) throws {
        let h = try show([Self.tooltipStep, #"{"type": "@appcues/target-rectangle", "config": \#(config)}"#])
        #expect(h.metadata?["targetRectangle"] == nil)
    }

    @Test func targetInteractionNeedsATargetAndABackdropColour() throws {
        let traits = [Self.tooltipStep, #"{"type": "@appcues/target-rectangle", "config": {"x": 5, "y": 5, "width": 10, "height": 10}}"#,
                      #"{"type": "@appcues/target-interaction", "config": {"enablePassThrough": true, "actions": [{"on": "tap", "type": "@appcues/continue"}]}}"#]
        let without = try show(traits)
        #expect(without.system.renderer.current?.package.backdrop?.find("target") == nil)
        let with = try show(traits + [##"{"type": "@appcues/backdrop", "config": {"backgroundColor": {"light": "#0008"}}}"##])
        let target = try #require(with.system.renderer.current?.package.backdrop?.find("target"))
        #expect(target["passThrough"] == .bool(true))
        #expect(target["tapActions"] == .array([.string("@appcues/continue")]))
    }

    /// A tap on the target runs its actions ("Target Tapped", "Target Rectangle"), as the SDK's `didTapTarget`.
    @Test func tappingTheTargetRunsItsActions() throws {
        let h = try TraitsHarness()
        try h.lua(#"""
        traits.show{id = "00000000-0000-4000-8000-900000000101", steps = {{id = "00000000-0000-4000-8000-900000000103", type = "group", traits = {{type = "@appcues/tooltip"},
          {type = "@appcues/target-rectangle", config = {x = 5, y = 5, width = 10, height = 10}},
          {type = "@appcues/backdrop", config = {backgroundColor = {light = "#0008"}}},
          {type = "@appcues/target-interaction", config = {actions = {{on = "tap", type = "@appcues/continue"}}}}},
          children = {{id = "00000000-0000-4000-8000-900000000104", type = "m", traits = {}, actions = {}, content = {type = "spacer", id = "00000000-0000-4000-8000-900000000602"}}, {id = "00000000-0000-4000-8000-900000000105", type = "m", traits = {}, actions = {}, content = {type = "spacer", id = "00000000-0000-4000-8000-900000000603"}}}, actions = {}}}, name = "Tour", type = "mobile", traits = {}}
        traits.tap("target")
        """#)
        #expect(h.system.renderer.current?.item == 1)
        let interaction = try #require(h.analytics("step_interaction").first)
        #expect(interaction["interactionType"] == .string("Target Tapped"))
        #expect(interaction["interactionData"]?["text"] == .string("Target Rectangle"))
    }

    /// A long press on the target runs its `longPress` actions ("Target Long Pressed"), as the
    /// SDK's `didLongPressTarget`; a tap runs only the tap ones.
    @Test func longPressingTheTargetRunsItsLongPressActions() throws {
        let h = try TraitsHarness()
        try h.lua(#"""
        traits.show{id = "00000000-0000-4000-8000-900000000101", steps = {{id = "00000000-0000-4000-8000-900000000103", type = "group", traits = {{type = "@appcues/tooltip"},
          {type = "@appcues/target-rectangle", config = {x = 5, y = 5, width = 10, height = 10}},
          {type = "@appcues/backdrop", config = {backgroundColor = {light = "#0008"}}},
          {type = "@appcues/target-interaction", config = {actions = {{on = "longPress", type = "@appcues/continue", config = {offset = 1}},
                                                                      {on = "tap", type = "@appcues/track", config = {eventName = "tapped"}}}}}},
          children = {{id = "00000000-0000-4000-8000-900000000104", type = "m", traits = {}, actions = {}, content = {type = "spacer", id = "00000000-0000-4000-8000-900000000604"}}, {id = "00000000-0000-4000-8000-900000000105", type = "m", traits = {}, actions = {}, content = {type = "spacer", id = "00000000-0000-4000-8000-900000000605"}}}, actions = {}}}, name = "Tour", type = "mobile", traits = {}}
        traits.tap("target")
        """#)
        #expect(h.system.renderer.current?.item == 0, "a tap runs the tap actions only")
        let target = try #require(h.system.renderer.current?.package.backdrop?.find("target"))
        #expect(target.tree["longPressable"] == .bool(true))
        try h.lua(#"traits.longPress("target")"#)
        #expect(h.system.renderer.current?.item == 1)
        #expect(h.analytics("step_interaction").map { $0["interactionType"] } == [.string("Target Tapped"), .string("Target Long Pressed")])
        #expect(h.events("ui.longpress", ["id"]) == [#"ui.longpress id="target""#])
        #expect(throws: (any Error).self) { try h.lua(#"traits.longPress("nothing")"#) }
    }

    /// The tooltip's handler is not animating until a target is known, then animating: with the
    /// step transition animation set, the first publish is not an animation.
    @Test func tooltipAnimatesOnlyOnceItHasATarget() throws {
        let h = try TraitsHarness()
        try h.lua(#"""
        traits.show{id = "00000000-0000-4000-8000-900000000101", traits = {{type = "@appcues/step-transition-animation"}}, steps = {{id = "00000000-0000-4000-8000-900000000103", type = "group",
          traits = {{type = "@appcues/tooltip"}, {type = "@appcues/target-rectangle", config = {x = 1, y = 1, width = 1, height = 1}}},
          children = {{id = "00000000-0000-4000-8000-900000000104", type = "m", traits = {}, actions = {}, content = {type = "spacer", id = "00000000-0000-4000-8000-900000000606"}}, {id = "00000000-0000-4000-8000-900000000105", type = "m", traits = {}, actions = {}, content = {type = "spacer", id = "00000000-0000-4000-8000-900000000607"}}}, actions = {}}}, name = "Tour", type = "mobile"}
        traits.page(2)
        """#)
        #expect(h.events("metadata.published").count == 2)
        #expect(h.events("animation").count == 1)
    }
}
