import Engine
import JSON
import SystemKit
import Systems
import Testing

/// The screen model captured from an engine: the app's headless views, their text, errors,
/// frames and taps, the screen's size, and the JSON form a worker sends it in.
struct ScreenCaptureTests {
    private func engine() throws -> Engine { try SystemCatalog.standard.makeEngine() }

    @Test func appViewsAreCapturedInOrderWithTextErrorsAndTaps() throws {
        let engine = try engine()
        try engine.run(#"""
            ui.show{id = "title", text = "Sale", color = "red"}
            ui.show{id = "email", kind = "field", label = "E-mail", error = "required"}
            ui.show{id = "ok", label = "OK", onTap = function() end}
            """#)
        let screen = ScreenCapture.screen(of: engine, catalog: .standard, tapped: "ok")
        let app = try #require(screen.layers.first)
        #expect(app.owner == "app")
        #expect(app.views.map(\.id) == ["title", "email", "ok"])
        #expect(app.views[0].text == "Sale")
        #expect(app.views[0].details == [#"color: "red""#])
        #expect(app.views[1].kind == "field")
        #expect(app.views[1].error == "required")
        #expect(app.views.map(\.tappable) == [false, false, true])
        #expect(app.views.allSatisfy { $0.frame == nil })
        #expect(app.geometry == nil)
        #expect(screen.tapped == "ok")
        #expect(screen.width == 390 && screen.height == 844)
        #expect(screen.sizeSource.contains("assumed"))
    }

    @Test func aViewWithNumericGeometryIsDrawnAtItsFrameAndTheScreenViewGivesTheSize() throws {
        let engine = try engine()
        try engine.run(#"""
            ui.show{id = "screen", width = 320, height = 568}
            ui.show{id = "buy", x = 10, y = 500, width = 100, height = 40}
            ui.show{id = "half", x = 10, y = "top"}
            """#)
        let screen = ScreenCapture.screen(of: engine, catalog: .standard)
        #expect(screen.width == 320 && screen.height == 568)
        #expect(screen.sizeSource == #"the app view "screen" (320×568 points)"#)
        let views = screen.layers[0].views
        #expect(views[1].frame == ScreenRect(x: 10, y: 500, width: 100, height: 40))
        #expect(views[2].frame == nil)   // a frame is all four numbers or none
        #expect(screen.layers[0].geometry != nil)
    }

    @Test func aScreenSurvivesItsJSONForm() throws {
        let screen = Screen(width: 300, height: 600, sizeSource: "test", layers: [
            ScreenLayer(owner: "app", title: "t", geometry: "g", views: [
                ScreenView(id: "a", kind: "view", text: "A", details: ["k: 1"], error: "e",
                           frame: ScreenRect(x: 1, y: 2, width: 3, height: 4), tappable: true,
                           children: [ScreenView(kind: "child")]),
            ], notes: ["n"], stackTop: 12),
        ], tapped: "a")
        let text = try screen.json.encoded()
        #expect(try Screen(json: JSONDocument(text: text).value) == screen)
    }

    @Test func aMalformedScreenNamesTheJSONPath() throws {
        let json: JSONValue = ["width": 1, "height": 1, "sizeSource": "s", "layers": [["owner": "app", "title": "t", "views": [["id": "x"]]]]]
        #expect(throws: LocatedProblem.self) { try Screen(json: json) }
        do { _ = try Screen(json: json) } catch { #expect("\(error)".contains("layers[0].views[0].kind")) }
    }
}
