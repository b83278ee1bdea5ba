import JSON
import Testing
@testable import Traits

/// Taps hit what covers the app, as UIKit's hit test does through the SDK's views: the
/// backdrop's background view (`@appcues/backdrop`) takes a tap, the wrapper, backdrop and
/// shadow views ignore hits on themselves (`HitTestingOverrideUIView(.ignoreSelf)`), and
/// `AppcuesTargetInteractionTrait.TargetView.hitTest` over the target: without
/// `enablePassThrough` it returns itself (the target's actions, the app view gets nothing);
/// with it, the app window's hit view, which gets the tap, and the recognizer runs the actions.
@Suite struct TargetViewTests {
    /// A tooltip over the app button `buy` (20,600 100×44) with a backdrop (when `backdrop`),
    /// a target interaction (when `interaction`: `passThrough`, a tap tracks `target tapped`);
    /// the app button records its taps in `buyTaps`; `other` is an app view away from the target.
    static func harness(backdrop: Bool = true, interaction: Bool = true, passThrough: Bool = false) throws -> TraitsHarness {
        var traits = [#"{"type": "@appcues/tooltip", "config": {"pointerLength": 10}}"#,
                      #"{"type": "@appcues/target-element", "config": {"selector": {"accessibilityIdentifier": "buy"}}}"#]
        if backdrop { traits.append(##"{"type": "@appcues/backdrop", "config": {"backgroundColor": {"light": "#0008"}}}"##) }
        if interaction {
            traits.append(#"{"type": "@appcues/target-interaction", "config": {"enablePassThrough": \#(passThrough), "actions": [{"on": "tap", "type": "@appcues/track", "config": {"eventName": "target tapped"}}]}}"#)
        }
        let json = #"{"id": "00000000-0000-4000-8000-900000000101", "traits": [], "steps": [{"id": "00000000-0000-4000-8000-900000000102", "type": "tooltip", "traits": [\#(traits.joined(separator: ","))], "actions": {}, "content": {"type": "spacer", "id": "00000000-0000-4000-8000-900000000601"}}], "name": "Tour", "type": "mobile"}"#
        let h = try TraitsHarness()
        try h.lua(#"""
        ui.show{id = "buy", accessibilityIdentifier = "buy", x = 20, y = 600, width = 100, height = 44, onTap = function() print("buy tapped") end}
        ui.show{id = "other", x = 200, y = 100, width = 50, height = 50, onTap = function() print("other tapped") end}
        """# + "\ntraits.show([==[\(json)]==])")
        return h
    }

    /// The app's taps on `buy` (1 each) and `other` (100 each), as their handlers print them.
    func buyTaps(_ h: TraitsHarness) throws -> Int {
        let logs = h.engine.transcript.events.filter { $0.type == "log" }.compactMap { $0["message"]?.stringValue }
        return logs.filter { $0 == "buy tapped" }.count + 100 * logs.filter { $0 == "other tapped" }.count
    }
    func tracked(_ h: TraitsHarness) -> Int {
        h.engine.transcript.events.filter { $0.type == "appcues.analytics" && $0["name"]?.stringValue == "target tapped" }.count
    }

    /// `TargetView.hitTest` without pass-through returns itself: the target's actions run, the app view gets nothing.
    @Test func withoutPassThroughTheTargetTakesTheTap() throws {
        let h = try Self.harness()
        try h.lua("app.tap('buy')")
        #expect(try buyTaps(h) == 0)
        #expect(tracked(h) == 1)
        #expect(h.events("ui.tap", ["id", "coveredBy", "passThrough"]).last
                == #"ui.tap id="buy" coveredBy="experience 00000000-0000-4000-8000-900000000101 target" passThrough=false"#)
    }

    /// With `enablePassThrough`: the app window's hit view gets the tap, and the recognizer added to it runs the target's actions.
    @Test func withPassThroughTheAppViewGetsTheTapAsWell() throws {
        let h = try Self.harness(passThrough: true)
        try h.lua("app.tap('buy')")
        #expect(try buyTaps(h) == 1)
        #expect(tracked(h) == 1)
    }

    /// `@appcues/backdrop` inserts a plain background view over the app: a tap elsewhere on the screen hits it.
    @Test func theBackdropTakesATapOutsideTheTarget() throws {
        let h = try Self.harness(passThrough: true)
        try h.lua("app.tap('other')")
        #expect(try buyTaps(h) == 0)
        #expect(tracked(h) == 0)
        #expect(h.events("ui.tap", ["coveredBy"]).last == #"ui.tap coveredBy="experience 00000000-0000-4000-8000-900000000101 backdrop""#)
    }

    /// `ExperienceWrapperView` and its backdrop view ignore hits on themselves: without a backdrop
    /// colour a tap outside the content reaches the app.
    @Test func withoutABackdropTheAppGetsTheTap() throws {
        let h = try Self.harness(backdrop: false, interaction: false)
        try h.lua("app.tap('other')")
        #expect(try buyTaps(h) == 100)
        #expect(h.events("ui.tap", ["coveredBy"]).last == "ui.tap coveredBy=nil")
    }

    /// `@appcues/skippable` dismisses on a backdrop tap: a tap on an app view under the backdrop dismisses.
    @Test func aSkippableBackdropDismissesOnATapOfAnAppView() throws {
        let h = try Self.harness(interaction: false)
        try h.lua(#"""
        traits.dismiss()
        traits.show{id = "00000000-0000-4000-8000-900000000201", name = "Skip", type = "mobile",
          traits = {{type = "@appcues/modal", config = {presentationStyle = "dialog"}}, {type = "@appcues/backdrop", config = {backgroundColor = {light = "#0008"}}}, {type = "@appcues/skippable"}},
          steps = {{id = "00000000-0000-4000-8000-900000000202", type = "modal", traits = {}, actions = {}, content = {type = "spacer", id = "00000000-0000-4000-8000-900000000602"}}}}
        app.tap("other")
        """#)
        #expect(try buyTaps(h) == 0)
        #expect(h.system.renderer.current == nil)
        #expect(h.analytics("experience_dismissed").count == 2)
    }

    /// An embedded experience is inside the app's own view: it covers nothing.
    @Test func anEmbedCoversNothing() throws {
        let h = try TraitsHarness()
        try h.lua(#"""
        ui.show{id = "slot", frameID = "home", x = 0, y = 0, width = 300, height = 100}
        ui.show{id = "b", x = 10, y = 10, width = 10, height = 10, onTap = function() print("b tapped") end}
        traits.show{id = "00000000-0000-4000-8000-900000000301", name = "E", type = "mobile", traits = {{type = "@appcues/embedded", config = {frameID = "home"}}},
          steps = {{id = "00000000-0000-4000-8000-900000000302", type = "embed", traits = {}, actions = {}, content = {type = "spacer", id = "00000000-0000-4000-8000-900000000603"}}}}
        app.tap("b")
        """#)
        #expect(h.events("log", ["message"]).contains(#"log message="b tapped""#))
        #expect(h.system.renderer.current?.experience.renderContext == "embed:home")
    }

    /// Hostile: a target handler that taps the app view again is contained (the target's
    /// actions go through the queue; a Lua loop of taps stays under the instruction limit).
    @Test func reentrantTapsAreContained() throws {
        let h = try Self.harness(passThrough: true)
        try h.lua("for _ = 1, 2000 do app.tap('buy') end")
        #expect(try buyTaps(h) == 2000)
        #expect(tracked(h) == 2000)
    }
}
