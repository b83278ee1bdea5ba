/// Where the drawing puts each view: at its frame when one is known, else in a plain stack that
/// runs down the screen, layer after layer (indented by depth), or down inside the nearest
/// enclosing view that has a frame. Shared by the SVG drawing.
public struct ScreenLayout: Sendable {
    /// One placed box.
    public struct Box: Sendable {
        public var view: ScreenView
        /// The layer's z position, 1 at the back.
        public var z: Int
        public var x: Double
        public var y: Double
        public var width: Double
        public var height: Double
        /// True when the position comes from a known frame; false: the plain stack.
        public var framed: Bool
        /// Text lines to write in it, with their role (`title`, `text`, `error`, `detail`).
        public var lines: [(role: String, text: String)]
    }

    /// A layer's heading in the stack (its z, owner and title), or one of its notes.
    public struct Label: Sendable {
        public var z: Int
        public var x: Double
        public var y: Double
        public var text: String
        public var isNote: Bool
    }

    public static let margin = 8.0
    public static let indent = 12.0
    public static let lineHeight = 14.0
    public static let padding = 5.0
    public static let gap = 4.0
    /// Approximate advance of an 11 px monospace character.
    public static let charWidth = 6.7
    /// Views drawn per screen; the rest are counted in a note (`:screen` lists every one).
    public static let maxBoxes = 300

    public var boxes: [Box] = []
    public var labels: [Label] = []
    /// The screen's drawn width and height (``Screen/drawnSize``).
    public var screenWidth: Double
    public var screenHeight: Double
    /// The drawing's height: the screen's, or more when the stack runs past it.
    public var height: Double

    /// Places every view of `screen`. A frame the drawing cannot hold (``ScreenRect/isDrawable``:
    /// 1e300 points, NaN) is not used: the view is drawn in the plain stack, its frame in its tooltip.
    public init(_ screen: Screen) {
        var cursor = Self.margin
        var omitted = 0
        (screenWidth, screenHeight) = screen.drawnSize
        height = screenHeight
        for (index, layer) in screen.layers.enumerated() {
            let z = index + 1
            let flat = layer.views.flatMap(\.flattened)
            let stacked = flat.filter { Self.frame(of: $0.view) == nil }
            if let top = layer.stackTop, top.isFinite, !stacked.isEmpty || !layer.notes.isEmpty {
                cursor = min(max(top, Self.margin), screenHeight)
            }
            if !stacked.isEmpty || !layer.notes.isEmpty {
                labels.append(Label(z: z, x: Self.margin, y: cursor + 11, text: "z\(z) \(layer.owner): \(layer.title)", isNote: false))
                cursor += Self.lineHeight + 2
            }
            for note in layer.notes {
                labels.append(Label(z: z, x: Self.margin + Self.indent, y: cursor + 11, text: note, isNote: true))
                cursor += Self.lineHeight
            }
            // Framed views by depth: a frameless view inside one is stacked within its frame.
            // (A backdrop covers the screen: what it holds is stacked as the layer's own views.)
            var enclosing: [(depth: Int, frame: ScreenRect?, cursor: Double)] = []
            let first = boxes.count
            for (view, depth) in flat {
                guard boxes.count < Self.maxBoxes else {
                    omitted += 1
                    continue
                }
                while let last = enclosing.last, last.depth >= depth { enclosing.removeLast() }
                if let frame = Self.frame(of: view) {
                    let lines = Self.lines(of: view, width: frame.width, compact: true)
                    boxes.append(Box(view: view, z: z, x: frame.x, y: frame.y, width: frame.width, height: frame.height,
                                     framed: true, lines: lines))
                    let shown = min(Double(lines.count), max(((frame.height - Self.padding) / Self.lineHeight).rounded(.down), 0))
                    enclosing.append((depth, view.kind == "backdrop" ? nil : frame, frame.y + Self.padding + shown * Self.lineHeight))
                    continue
                }
                let x: Double, width: Double, y: Double
                let parent = enclosing.last.flatMap { entry in entry.frame.map { (entry.depth, $0, entry.cursor) } }
                if let (parentDepth, frame, top) = parent {
                    x = frame.x + Self.padding + Double(depth - parentDepth - 1) * Self.indent
                    width = max(frame.x + frame.width - Self.padding - x, 40)
                    y = top
                } else {
                    x = Self.margin + Double(depth) * Self.indent
                    width = max(screenWidth - x - Self.margin, 40)
                    y = cursor
                }
                // inside a frame, one line (id, kind, text) and the error: the frame's room is real
                let lines = parent == nil ? Self.lines(of: view, width: width, compact: false) : Self.line(of: view, width: width)
                let boxHeight = Double(lines.count) * Self.lineHeight + 2 * Self.padding
                boxes.append(Box(view: view, z: z, x: x, y: y, width: width, height: boxHeight, framed: false, lines: lines))
                if parent == nil {
                    cursor += boxHeight + Self.gap
                } else {
                    enclosing[enclosing.count - 1].cursor += boxHeight + Self.gap
                    cursor = max(cursor, enclosing[enclosing.count - 1].cursor)
                }
            }
            // a layer's backdrops are behind its other views, wherever the tree holds them
            let layerBoxes = boxes[first...]
            boxes.replaceSubrange(first..., with: layerBoxes.filter { $0.view.kind == "backdrop" } + layerBoxes.filter { $0.view.kind != "backdrop" })
            if !stacked.isEmpty || !layer.notes.isEmpty { cursor += Self.gap }
        }
        if omitted > 0 {
            labels.append(Label(z: screen.layers.count, x: Self.margin, y: cursor + 11,
                                text: "+\(omitted) more view\(omitted == 1 ? "" : "s") not drawn (a drawing shows \(Self.maxBoxes))", isNote: true))
            cursor += Self.lineHeight + Self.gap
        }
        height = max(screenHeight, cursor + Self.margin)
    }

    /// The frame the drawing places `view` at: its own when drawable, else nil (the plain stack).
    public static func frame(of view: ScreenView) -> ScreenRect? { view.frame.flatMap { $0.isDrawable ? $0 : nil } }

    /// `value` as a whole number within `range` (rounded toward zero; NaN gives the lower bound,
    /// infinities the nearer bound): every count the drawing derives from a size, total for any Double.
    public static func whole(_ value: Double, in range: ClosedRange<Int>) -> Int {
        guard !value.isNaN else { return range.lowerBound }
        return Int(min(max(value.rounded(.towardZero), Double(range.lowerBound)), Double(range.upperBound)))
    }

    /// Characters of an 11 px monospace font that fit in `width` points less the padding.
    static func columns(_ width: Double) -> Int { whole((width - 2 * padding) / charWidth, in: 4...10_000) }

    /// One line for a view stacked inside a frame: `#id kind “text”`, then its error if any.
    static func line(of view: ScreenView, width: Double) -> [(role: String, text: String)] {
        let columns = columns(width)
        var text = (view.id.map { "#\($0) " } ?? "") + view.kind
        if let shown = view.text { text += " “\(shown)”" }
        var lines: [(String, String)] = [("title", ScreenCapture.clip(text, columns))]
        if let error = view.error { lines.append(("error", ScreenCapture.clip("⚠ \(error)", columns))) }
        return lines
    }

    /// The lines a box shows: `#id kind`, the text, the error, then details (two at most when
    /// `compact`, in a frame of known size; five in the stack).
    static func lines(of view: ScreenView, width: Double, compact: Bool) -> [(role: String, text: String)] {
        let columns = columns(width)
        var lines: [(String, String)] = []
        let name = (view.id.map { "#\($0) " } ?? "") + view.kind
        lines.append(("title", ScreenCapture.clip(name, columns)))
        if let text = view.text { lines.append(("text", ScreenCapture.clip("“\(text)”", columns))) }
        if let error = view.error { lines.append(("error", ScreenCapture.clip("⚠ \(error)", columns))) }
        let shown = compact ? 2 : 5
        for detail in view.details.prefix(shown) { lines.append(("detail", ScreenCapture.clip(detail, columns))) }
        if view.details.count > shown { lines.append(("detail", "+\(view.details.count - shown) more")) }
        return lines
    }
}
