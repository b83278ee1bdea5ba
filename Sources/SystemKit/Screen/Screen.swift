import JSON

/// A rectangle in screen points, origin top left.
public struct ScreenRect: Sendable, Hashable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// `{x, y, width, height}` when all four are numbers (a trait's `targetRectangle`, an app view).
    public init?(_ value: JSONValue?) {
        guard let x = value?["x"]?.doubleValue, let y = value?["y"]?.doubleValue,
              let width = value?["width"]?.doubleValue, let height = value?["height"]?.doubleValue else { return nil }
        self.init(x: x, y: y, width: width, height: height)
    }

    public var json: JSONValue { ["x": .double(x), "y": .double(y), "width": .double(width), "height": .double(height)] }
}

/// One view on screen as the drawing shows it: what it is, what it says, where it is when that
/// is known, and whether a tap reaches it.
public struct ScreenView: Sendable, Hashable {
    /// The view's id (the `tap` step's address), nil for views without one (a backdrop).
    public var id: String?
    /// What the view is (`view` for the app's, a trait's `kind`, `field`, `button`...).
    public var kind: String
    /// The text it shows (`text`, `title`, `label`), nil when none.
    public var text: String?
    /// Other properties worth reading, `key: value`, in order.
    public var details: [String]
    /// A validation or error message shown on the view.
    public var error: String?
    /// Where it is, when a system knows; nil: drawn in a plain stack.
    public var frame: ScreenRect?
    /// A tap reaches it (it has a handler).
    public var tappable: Bool
    /// Views inside it, front last.
    public var children: [ScreenView]

    public init(id: String? = nil, kind: String, text: String? = nil, details: [String] = [], error: String? = nil,
                frame: ScreenRect? = nil, tappable: Bool = false, children: [ScreenView] = []) {
        self.id = id
        self.kind = kind
        self.text = text
        self.details = details
        self.error = error
        self.frame = frame
        self.tappable = tappable
        self.children = children
    }

    /// This view and every view inside it, depth first, with their depth (this one 0).
    public var flattened: [(view: ScreenView, depth: Int)] {
        [(self, 0)] + children.flatMap { $0.flattened.map { ($0.view, $0.depth + 1) } }
    }
}

/// What one owner puts on screen (the app's headless views, an experience, a navigation
/// stack), drawn in z-order: a later layer is on top.
public struct ScreenLayer: Sendable, Hashable {
    /// `app` for the headless UI, else the system's name.
    public var owner: String
    /// One line: what the layer is (`experience tour, group 1 step 2 (@appcues/modal dialog)`).
    public var title: String
    /// Where the frames of its views come from (`frames computed by traits`), nil when none has one.
    public var geometry: String?
    /// The views, back to front.
    public var views: [ScreenView]
    /// Facts without a view (`navigation stack: home > [login] > details`).
    public var notes: [String]
    /// Where the plain stack of its frameless views starts (below a tooltip's pointer, say); nil:
    /// after the previous layer's stack.
    public var stackTop: Double?

    public init(owner: String, title: String, geometry: String? = nil, views: [ScreenView] = [], notes: [String] = [],
                stackTop: Double? = nil) {
        self.owner = owner
        self.title = title
        self.geometry = geometry
        self.views = views
        self.notes = notes
        self.stackTop = stackTop
    }
}

/// What is on screen at one moment: the headless views of every owner in z-order, the screen's
/// size and where that size comes from, and the view a step tapped.
public struct Screen: Sendable, Hashable {
    /// The screen size traits assume when no app view gives one (`D.screen()` of the built-in traits).
    public static let assumedSize = (width: 390.0, height: 844.0)

    public var width: Double
    public var height: Double
    /// Where the size comes from: `the app view "screen"`, or an assumption said as such.
    public var sizeSource: String
    /// Back to front.
    public var layers: [ScreenLayer]
    /// The id of the view the step tapped, nil when it tapped none.
    public var tapped: String?

    public init(width: Double = Screen.assumedSize.width, height: Double = Screen.assumedSize.height,
                sizeSource: String = "assumed 390×844 points (no app view \"screen\" gives a width and height)",
                layers: [ScreenLayer] = [], tapped: String? = nil) {
        self.width = width
        self.height = height
        self.sizeSource = sizeSource
        self.layers = layers
        self.tapped = tapped
    }

    /// Every view of every layer, depth first.
    public var allViews: [ScreenView] { layers.flatMap { $0.views.flatMap { $0.flattened.map(\.view) } } }

    /// True when nothing is on screen.
    public var isEmpty: Bool { layers.allSatisfy { $0.views.isEmpty && $0.notes.isEmpty } }
}
