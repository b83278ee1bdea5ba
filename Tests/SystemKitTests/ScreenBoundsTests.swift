import Engine
import SystemKit
import Systems
import Testing

/// What a drawing holds: sizes a screen can have, frames it can place, texts cut, counts total.
struct ScreenBoundsTests {
    @Test(arguments: [
        (1e300, 10_000), (-1e300, 4), (Double.nan, 4), (Double.infinity, 10_000), (-Double.infinity, 4), (7.9, 7), (4, 4), (-0.0, 4),
    ])
    func wholeIsTotal(value: Double, expected: Int) {
        #expect(ScreenLayout.whole(value, in: 4...10_000) == expected)
    }

    @Test(arguments: [
        ("width = 1e300, height = 800", false), ("width = 390, height = -1e300", false), ("width = 20001, height = 800", false), ("width = 0.5, height = 800", false),
        ("width = 1e-300, height = 800", false), ("width = 20000, height = 1", true), ("width = 400, height = 800", true),
    ])
    func theAppScreensSizeIsUsedOnlyInRange(size: String, used: Bool) throws {
        let engine = try SystemCatalog.standard.makeEngine()
        try engine.run("ui.show{id = 'screen', \(size)}")
        let screen = ScreenCapture.screen(of: engine, catalog: .standard)
        #expect(Screen.isDrawable(width: screen.width, height: screen.height))
        if used {
            #expect(screen.sizeSource.hasPrefix("the app view \"screen\""), "\(screen.sizeSource)")
        } else {
            #expect(screen.sizeSource.hasPrefix("assumed 390×844 points"), "\(screen.sizeSource)")
            #expect(screen.width == Screen.assumedSize.width && screen.height == Screen.assumedSize.height)
        }
    }

    /// A captured screen keeps the first characters of a 3 MB text, a long id, thousands of details.
    @Test func aCapturedScreensTextsAreCut() throws {
        let engine = try SystemCatalog.standard.makeEngine()
        try engine.run("""
            local t = {id = string.rep('i', 5000), text = string.rep('x', 3000000), error = string.rep('e', 10000)}
            for i = 1, 1000 do t['p' .. i] = i end
            ui.show(t)
            """)
        let screen = ScreenCapture.screen(of: engine, catalog: .standard, tapped: String(repeating: "i", count: 5000))
        let view = try #require(screen.layers.first?.views.first)
        #expect(view.text?.count == Screen.maxText)
        #expect(view.error?.count == Screen.maxText)
        #expect(view.id?.count == Screen.maxName)
        #expect(screen.tapped == view.id)   // still the tapped view once both are cut
        #expect(view.details.count == Screen.maxDetails + 1)
        #expect(view.details.last == "+980 more details")
    }

    @Test(arguments: [
        (ScreenRect(x: 0, y: 0, width: 390, height: 844), true), (ScreenRect(x: -10, y: 5, width: 0, height: 0), true),
        (ScreenRect(x: 1e300, y: 0, width: 1, height: 1), false), (ScreenRect(x: 0, y: 0, width: -1, height: 1), false),
        (ScreenRect(x: 0, y: .nan, width: 1, height: 1), false), (ScreenRect(x: 0, y: 0, width: .infinity, height: 1), false),
    ])
    func aFrameIsDrawableInRange(rect: ScreenRect, drawable: Bool) {
        #expect(rect.isDrawable == drawable)
    }
}
