/// Where the drawing puts each view: at its frame when one is known, else in a plain stack that
/// runs down the screen, layer after layer (indented by depth). Shared by the SVG drawing.
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

    public var boxes: [Box] = []
    public var labels: [Label] = []
    /// The drawing's height: the screen's, or more when the stack runs past it.
    public var height: Double

    public init(_ screen: Screen) {
        var cursor = Self.margin
        height = screen.height
        for (index, layer) in screen.layers.enumerated() {
            let z = index + 1
            let flat = layer.views.flatMap(\.flattened)
            let stacked = flat.filter { $0.view.frame == nil }
            if let top = layer.stackTop, !stacked.isEmpty || !layer.notes.isEmpty { cursor = max(top, Self.margin) }
            if !stacked.isEmpty || !layer.notes.isEmpty {
                labels.append(Label(z: z, x: Self.margin, y: cursor + 11, text: "z\(z) \(layer.owner): \(layer.title)", isNote: false))
                cursor += Self.lineHeight + 2
            }
            for note in layer.notes {
                labels.append(Label(z: z, x: Self.margin + Self.indent, y: cursor + 11, text: note, isNote: true))
                cursor += Self.lineHeight
            }
            for (view, depth) in flat {
                if let frame = view.frame {
                    boxes.append(Box(view: view, z: z, x: frame.x, y: frame.y, width: frame.width, height: frame.height,
                                     framed: true, lines: Self.lines(of: view, width: frame.width, compact: true)))
                    continue
                }
                let x = Self.margin + Double(depth) * Self.indent
                let width = max(screen.width - x - Self.margin, 40)
                let lines = Self.lines(of: view, width: width, compact: false)
                let boxHeight = Double(lines.count) * Self.lineHeight + 2 * Self.padding
                boxes.append(Box(view: view, z: z, x: x, y: cursor, width: width, height: boxHeight, framed: false, lines: lines))
                cursor += boxHeight + Self.gap
            }
            if !stacked.isEmpty || !layer.notes.isEmpty { cursor += Self.gap }
        }
        height = max(screen.height, cursor + Self.margin)
    }

    /// The lines a box shows: `#id kind`, the text, the error, then details (two at most when
    /// `compact`, in a frame of known size; five in the stack).
    static func lines(of view: ScreenView, width: Double, compact: Bool) -> [(role: String, text: String)] {
        let columns = max(Int((width - 2 * padding) / charWidth), 4)
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
