/// Draws a ``Screen`` as text for a terminal (`:screen` in the REPL): one line per layer, back
/// to front, then one per view, indented by depth, with its frame when known.
public enum ScreenText {
    /// The drawing, ending with a newline; `width` cuts long lines (0: no cut).
    public static func render(_ screen: Screen, width: Int = 0) -> String {
        var lines = ["screen: \(screen.sizeSource)"]
        if screen.isEmpty { lines.append("  (nothing on screen)") }
        for (i, layer) in screen.layers.enumerated() where !(layer.views.isEmpty && layer.notes.isEmpty) {
            let geometry = layer.geometry.map { "frames: \($0)" } ?? "geometry unknown: plain stack"
            lines.append("z\(i + 1) \(layer.owner): \(layer.title) (\(geometry))")
            for note in layer.notes { lines.append("    \(note)") }
            for view in layer.views {
                for (view, depth) in view.flattened { lines.append(line(view, depth: depth, tapped: screen.tapped)) }
            }
        }
        let cut = width > 0 ? lines.map { ScreenCapture.clip($0, width) } : lines
        return cut.joined(separator: "\n") + "\n"
    }

    /// `  [tap] #ok button “OK” @20,700 350×44 ⚠ required` for one view.
    static func line(_ view: ScreenView, depth: Int, tapped: String?) -> String {
        var text = String(repeating: "  ", count: depth + 1)
        if view.id != nil, view.id == tapped { text += "[TAPPED] " } else if view.tappable { text += "[tap] " }
        text += (view.id.map { "#\($0) " } ?? "") + view.kind
        if let shown = view.text { text += " “\(shown)”" }
        if let frame = view.frame {
            text += " @\(ScreenSVG.n(frame.x)),\(ScreenSVG.n(frame.y)) \(ScreenSVG.n(frame.width))×\(ScreenSVG.n(frame.height))"
        }
        if let error = view.error { text += " ⚠ \(error)" }
        if !view.details.isEmpty { text += "  " + view.details.prefix(3).joined(separator: ", ") }
        return text
    }
}
