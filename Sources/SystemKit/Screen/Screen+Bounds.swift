/// What a drawing can hold: a screen's sizes and frames come from scripts and server JSON
/// (`ui.show{width = 1e300}`, an `@appcues/target-rectangle` of 1e300 points, NaN and infinity
/// from Lua), and its texts can be megabytes. A size out of range is not drawn at that size, a
/// frame out of range is drawn in the plain stack, texts are cut, and every count the drawing
/// derives from a size is total (``ScreenLayout/whole(_:in:)``), so any screen is drawn.
extension Screen {
    /// The largest side of a screen drawn at its size, in points (a larger one, or one not
    /// finite or not positive, is replaced by ``assumedSize`` and said so).
    public static let maxSide = 20_000.0
    /// The largest distance from the origin of a frame drawn where it is, in points.
    public static let maxCoordinate = 1_000_000.0
    /// Characters kept of a view's text or error, and of a layer's title or note.
    public static let maxText = 500
    /// Characters kept of a view's id or kind.
    public static let maxName = 200
    /// Details kept per view, notes per layer.
    public static let maxDetails = 20

    /// True when `width` × `height` can be a screen's drawn size.
    public static func isDrawable(width: Double, height: Double) -> Bool {
        width.isFinite && height.isFinite && width >= 1 && height >= 1 && width <= maxSide && height <= maxSide
    }

    /// The size the drawing uses: this screen's when drawable, else ``assumedSize``.
    public var drawnSize: (width: Double, height: Double) {
        Self.isDrawable(width: width, height: height) ? (width, height) : Self.assumedSize
    }

    /// This screen with every text cut to what a drawing shows (``maxText``, ``maxName``,
    /// ``maxDetails``): a 3 MB text is kept as its first characters, once per screen.
    public func bounded() -> Screen {
        var screen = self
        screen.sizeSource = ScreenCapture.clip(sizeSource, Self.maxText)
        screen.tapped = tapped.map { ScreenCapture.clip($0, Self.maxName) }
        screen.layers = layers.map { $0.bounded() }
        return screen
    }
}

extension ScreenLayer {
    func bounded() -> ScreenLayer {
        var layer = self
        layer.owner = ScreenCapture.clip(owner, Screen.maxName)
        layer.title = ScreenCapture.clip(title, Screen.maxText)
        layer.geometry = geometry.map { ScreenCapture.clip($0, Screen.maxText) }
        layer.notes = Self.capped(notes.map { ScreenCapture.clip($0, Screen.maxText) }, "note")
        layer.views = views.map { $0.bounded() }
        return layer
    }

    /// The first ``Screen/maxDetails`` lines, then `+N more` for the rest.
    static func capped(_ lines: [String], _ noun: String) -> [String] {
        guard lines.count > Screen.maxDetails else { return lines }
        return Array(lines.prefix(Screen.maxDetails)) + ["+\(lines.count - Screen.maxDetails) more \(noun)s"]
    }
}

extension ScreenView {
    func bounded() -> ScreenView {
        var view = self
        view.id = id.map { ScreenCapture.clip($0, Screen.maxName) }
        view.kind = ScreenCapture.clip(kind, Screen.maxName)
        view.text = text.map { ScreenCapture.clip($0, Screen.maxText) }
        view.error = error.map { ScreenCapture.clip($0, Screen.maxText) }
        view.details = ScreenLayer.capped(details.map { ScreenCapture.clip($0, Screen.maxText) }, "detail")
        view.children = children.map { $0.bounded() }
        return view
    }
}

extension ScreenRect {
    /// True when the drawing can place a view at this frame: every part finite, the corner
    /// within ``Screen/maxCoordinate`` of the origin, the size not negative and not larger.
    public var isDrawable: Bool {
        let limit = Screen.maxCoordinate
        return [x, y, width, height].allSatisfy { $0.isFinite && abs($0) <= limit } && width >= 0 && height >= 0
    }
}
