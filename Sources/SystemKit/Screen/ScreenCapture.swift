import Engine
import JSON

/// Captures what is on screen from an engine: the app's headless views (``HeadlessUI``), then
/// each system's own layers (``SystemPlugin/screenLayers(of:in:)``), in catalog order.
public enum ScreenCapture {
    /// Properties whose value is the text a view shows, in order of preference.
    static let textKeys = ["text", "title", "label", "message"]
    /// Properties the drawing shows otherwise (geometry) or never (ids).
    static let hiddenKeys: Set<String> = ["x", "y", "width", "height", "kind", "id"]

    /// The screen of `engine` now; `tapped`: the id of the view the last step tapped. Its texts
    /// are cut to what a drawing shows (``Screen/bounded()``).
    public static func screen(of engine: Engine, catalog: SystemCatalog, tapped: String? = nil) -> Screen {
        var screen = Screen(tapped: tapped)
        let size = size(of: engine.ui)
        if let source = size.source {
            screen.width = size.width
            screen.height = size.height
            screen.sizeSource = source
        }
        screen.layers = [appLayer(engine.ui)] + catalog.systems.flatMap { $0.screen(engine) }
        return screen.bounded()
    }

    /// The app's headless views (`ui.show`: presenters, native in-apps, hook screens, FlowX
    /// screens), in the order first shown; a view with numeric `x`, `y`, `width` and `height`
    /// is drawn at that frame, others in a plain stack.
    public static func appLayer(_ ui: HeadlessUI) -> ScreenLayer {
        let views = ui.views.values.map { view(id: $0.id, properties: $0.properties, tappable: ui.isTappable($0.id)) }
        let framed = views.filter { $0.frame != nil }.count
        return ScreenLayer(owner: "app", title: "headless views (ui.show)",
                           geometry: framed > 0 ? "the views' own x, y, width and height properties" : nil, views: views)
    }

    /// The screen size: the app view "screen"'s numeric `width` and `height`, else the size traits
    /// assume (``Screen/assumedSize``), with where it comes from. A size that is not a screen's
    /// (not from 1 to ``Screen/maxSide`` points, NaN, infinite) is not used: the assumed size is,
    /// and the source says why.
    public static func size(of ui: HeadlessUI) -> (width: Double, height: Double, source: String?) {
        if let view = ui.find("screen"), let width = view.properties["width"]?.doubleValue,
           let height = view.properties["height"]?.doubleValue, width > 0, height > 0 {
            guard Screen.isDrawable(width: width, height: height) else {
                let assumed = Screen.assumedSize
                return (assumed.width, assumed.height, "assumed \(number(assumed.width))×\(number(assumed.height)) points (the app view "
                        + "\"screen\" gives \(number(width))×\(number(height)), not from 1 to \(number(Screen.maxSide)) points)")
            }
            return (width, height, "the app view \"screen\" (\(number(width))×\(number(height)) points)")
        }
        return (Screen.assumedSize.width, Screen.assumedSize.height, nil)
    }

    /// A view from JSON properties: its text, error and frame read from the usual keys.
    public static func view(id: String?, kind: String? = nil, properties: JSONObject, tappable: Bool,
                            frame: ScreenRect? = nil, children: [ScreenView] = []) -> ScreenView {
        let textKey = textKeys.first { properties[$0]?.stringValue != nil }
        var details: [String] = []
        for (key, value) in properties where key != textKey && !hiddenKeys.contains(key) && key != "error" && key != "tappable" {
            if key == "children" || value == .null { continue }
            details.append("\(key): \(clip(JSONWriter.text(value), 48))")
        }
        var error: String?
        switch properties["error"] {
        case .string(let message)?: error = message
        case .bool(true)?: error = "error shown"
        case .object(let object)?: error = object["message"]?.stringValue ?? JSONWriter.text(.object(object))
        default: error = nil
        }
        return ScreenView(id: id, kind: kind ?? properties["kind"]?.stringValue ?? "view",
                          text: textKey.flatMap { properties[$0]?.stringValue }, details: details, error: error,
                          frame: frame ?? ScreenRect(.object(properties)), tappable: tappable, children: children)
    }

    /// `text` cut to `limit` characters with an ellipsis.
    public static func clip(_ text: String, _ limit: Int) -> String {
        text.count <= limit ? text : String(text.prefix(max(limit - 1, 0))) + "…"
    }

    /// `390` for whole numbers, `12.5` otherwise.
    public static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
    }
}
