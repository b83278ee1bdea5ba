import Foundation
import SystemKit
import Testing

/// The SVG drawing: well-formed, self-contained, honest about geometry, marking taps.
struct ScreenSVGTests {
    static let screen = Screen(layers: [
        ScreenLayer(owner: "app", title: "headless views (ui.show)", views: [
            ScreenView(id: "title", kind: "view", text: "Sale <50%> & more"),
            ScreenView(id: "ok", kind: "button", text: "OK", tappable: true),
            ScreenView(id: "email", kind: "field", error: "required"),
        ]),
        ScreenLayer(owner: "traits", title: "experience tour", geometry: "the backdrop covers the screen", views: [
            ScreenView(kind: "backdrop", frame: ScreenRect(x: 0, y: 0, width: 390, height: 844)),
            ScreenView(kind: "target", text: "targetRectangle", frame: ScreenRect(x: 10, y: 700, width: 100, height: 40)),
        ], notes: ["tooltip top of its target"]),
    ], tapped: "ok")

    struct Malformed: Error { var reason: String }

    /// Checks the SVG is well-formed enough for a browser's XML parser: tags nest and close, no
    /// raw `&` outside an entity, no control character; returns the root element's name.
    @discardableResult
    private func parse(_ svg: String) throws -> String {
        var stack: [String] = []
        var root: String?
        var rest = Substring(svg)
        while let open = rest.firstIndex(of: "<") {
            try checkText(rest[..<open])
            guard let close = rest[open...].firstIndex(of: ">") else { throw Malformed(reason: "unclosed tag") }
            let tag = rest[rest.index(after: open)..<close]
            let name = String(tag.drop { $0 == "/" }.prefix { !$0.isWhitespace && $0 != "/" })
            if tag.hasPrefix("/") {
                guard stack.popLast() == name else { throw Malformed(reason: "</\(name)> closes nothing open") }
            } else if !tag.hasSuffix("/") {
                if stack.isEmpty { root = root ?? name }
                stack.append(name)
            }
            if tag.filter({ $0 == "\"" }).count % 2 != 0 { throw Malformed(reason: "unbalanced quotes in <\(tag)>") }
            try checkText(tag)
            rest = rest[rest.index(after: close)...]
        }
        guard stack.isEmpty, let root else { throw Malformed(reason: "unclosed: \(stack)") }
        return root
    }

    private func checkText(_ text: Substring) throws {
        if text.unicodeScalars.contains(where: { $0.value < 0x20 && $0 != "\n" && $0 != "\t" }) { throw Malformed(reason: "control character") }
        var rest = text
        while let amp = rest.firstIndex(of: "&") {
            let entity = rest[amp...].prefix { $0 != ";" && !$0.isWhitespace }
            guard ["&amp", "&lt", "&gt", "&quot", "&#39"].contains(String(entity)) else { throw Malformed(reason: "raw & in \(text)") }
            rest = rest[rest.index(after: amp)...]
        }
    }

    @Test func theDrawingIsWellFormedXMLWithEveryViewAndEscapedText() throws {
        let svg = ScreenSVG.render(Self.screen)
        #expect(try parse(svg) == "svg")
        #expect(svg.contains("Sale &lt;50%&gt; &amp; more"))
        for id in ["title", "ok", "email"] { #expect(svg.contains(#"data-view-id="\#(id)""#)) }
    }

    @Test func nothingIsFetchedFromOutside() {
        let svg = ScreenSVG.render(Self.screen)
        #expect(!svg.contains("href"))
        #expect(!svg.contains("url("))
        #expect(!svg.contains("<script"))
        #expect(!svg.contains("@import"))
    }

    @Test func stackedViewsAreDashedAndFramedOnesSolidAndTheLegendSaysWhich() throws {
        let svg = ScreenSVG.render(Self.screen)
        let stacked = svg.components(separatedBy: #"class="view stacked"#).count - 1
        let framed = svg.components(separatedBy: #"class="view framed"#).count - 1
        #expect(stacked == 3)
        #expect(framed == 2)
        let legend = ScreenSVG.legendLines(Self.screen)
        #expect(legend.contains("z1 app: 3 views; geometry unknown: plain stack"))
        #expect(legend.contains("z2 traits: 2 views; frames: the backdrop covers the screen"))
        #expect(svg.contains("z1 app: 3 views; geometry unknown: plain stack"))
        #expect(svg.contains("z2 traits: 2 views; frames: the backdrop covers the"))   // wrapped to the width
        #expect(svg.contains("assumed 390×844"))
        #expect(svg.contains("tooltip top of its target"))
    }

    @Test func theTappedViewIsHighlightedAndTappableOnesMarked() {
        let svg = ScreenSVG.render(Self.screen)
        #expect(svg.contains(#"class="view stacked tappable tapped" data-z="1" data-view-id="ok""#))
        #expect(svg.contains(">tapped</text>"))
        let untapped = ScreenSVG.render(Screen(layers: Self.screen.layers))
        #expect(!untapped.contains("tapped\""))
        #expect(untapped.contains(">tap</text>"))
    }

    @Test func aStackLongerThanTheScreenGrowsTheDrawingAndSaysSo() throws {
        let views = (0..<60).map { ScreenView(id: "v\($0)", kind: "view", text: "row \($0)") }
        let svg = ScreenSVG.render(Screen(layers: [ScreenLayer(owner: "app", title: "t", views: views)]))
        #expect(svg.contains("below the screen: the plain stack runs on"))
        let layout = ScreenLayout(Screen(layers: [ScreenLayer(owner: "app", title: "t", views: views)]))
        #expect(layout.height > 844)
        _ = try parse(svg)
    }

    /// Sizes and frames from scripts and server JSON (±1e300, NaN, infinities, a size of 0): every
    /// one is drawn (no trap converting to Int), every number the SVG writes in a position or
    /// size is finite and in range, and out-of-range frames are drawn in the plain stack.
    @Test(arguments: [1e300, -1e300, Double.nan, Double.infinity, -Double.infinity, 0, Double.greatestFiniteMagnitude, 1e-300, -5])
    func anySizeOrFrameIsDrawn(value: Double) throws {
        let screen = Screen(width: value, height: value, layers: [
            ScreenLayer(owner: "app", title: "views", views: [
                ScreenView(id: "v", kind: "view", text: "hi", frame: ScreenRect(x: value, y: value, width: value, height: value),
                           children: [ScreenView(id: "inner", kind: "child", text: "in")]),
                ScreenView(kind: "pointer", frame: ScreenRect(x: value, y: 5, width: 0, height: 0)),
                ScreenView(kind: "backdrop", frame: ScreenRect(x: 0, y: 0, width: value, height: 844)),
            ], notes: ["a note"], stackTop: value),
            ScreenLayer(owner: "traits", title: "experience", views: [ScreenView(kind: "target", frame: ScreenRect(x: 10, y: 10, width: value, height: 5))]),
        ], tapped: "v")
        let svg = ScreenSVG.render(screen)
        #expect(try parse(svg) == "svg")
        let attribute = try NSRegularExpression(pattern: #" (x|y|width|height|x1|x2|y1|y2|stroke-width)="([^"]*)""#)
        let whole = NSRange(svg.startIndex..., in: svg)
        let numbers = attribute.matches(in: svg, range: whole).compactMap { Range($0.range(at: 2), in: svg).map { String(svg[$0]) } }
        #expect(numbers.count > 10)
        for number in numbers { #expect(Double(number).map { abs($0) <= 2 * Screen.maxCoordinate } == true, "\(number) in \(svg.prefix(400))") }
        #expect(svg.contains(#"data-view-id="v""#) && svg.contains(#"data-view-id="inner""#))
        if !ScreenRect(x: value, y: value, width: value, height: value).isDrawable {
            #expect(svg.contains("frame out of range: drawn in a plain stack"))
        }
        #expect(ScreenText.render(screen, width: 100).contains("#v view"))
    }

    /// A screen of a thousand views draws the first ``ScreenLayout/maxBoxes`` and counts the rest.
    @Test func aDrawingShowsAtMostMaxBoxesViews() throws {
        let views = (0..<1000).map { ScreenView(id: "v\($0)", kind: "view") }
        let svg = ScreenSVG.render(Screen(layers: [ScreenLayer(owner: "app", title: "many", views: views)]))
        #expect(try parse(svg) == "svg")
        #expect(svg.components(separatedBy: "<g class=\"view").count - 1 == ScreenLayout.maxBoxes)
        #expect(svg.contains("+700 more views not drawn (a drawing shows 300)"))
    }

    @Test func controlCharactersCannotBreakTheXML() throws {
        let screen = Screen(layers: [ScreenLayer(owner: "app", title: "t\u{1}", views: [ScreenView(id: "a\"\u{0}b", kind: "v\u{7}")])])
        _ = try parse(ScreenSVG.render(screen))
    }

    @Test func theTextDrawingListsLayersViewsFramesAndTheTap() {
        let text = ScreenText.render(Self.screen)
        #expect(text == """
            screen: assumed 390×844 points (no app view "screen" gives a width and height)
            z1 app: headless views (ui.show) (geometry unknown: plain stack)
              #title view “Sale <50%> & more”
              [TAPPED] #ok button “OK”
              #email field ⚠ required
            z2 traits: experience tour (frames: the backdrop covers the screen)
                tooltip top of its target
              backdrop @0,0 390×844
              target “targetRectangle” @10,700 100×40

            """)
        #expect(ScreenText.render(Screen()).contains("(nothing on screen)"))
    }
}
