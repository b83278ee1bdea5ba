import Foundation

/// Draws a ``Screen`` as a self-contained SVG (no fonts, images or scripts from outside): the
/// screen's outline, each layer's views back to front (solid boxes at known frames, dashed
/// boxes in a plain stack where geometry is unknown), tappable views in blue, the view the
/// step tapped in red, and a legend saying where the size and every frame come from.
public enum ScreenSVG {
    static let tappableColour = "#1f6feb"
    static let tappedColour = "#d1242f"

    /// The SVG document (`<svg ...>...</svg>`, with the XML namespace, no XML declaration, so it
    /// is valid both as a file and inline in HTML).
    public static func render(_ screen: Screen) -> String {
        let drawing = drawing(screen)
        return drawing.opening + drawing.body + "</svg>\n"
    }

    /// The drawing in two parts: the `<svg ...>` tag (size and view box) and what it holds, so a
    /// page can draw a screen once and show it again with `<use>` in an `<svg>` of the same tag.
    public static func drawing(_ screen: Screen) -> (opening: String, body: String) {
        let layout = ScreenLayout(screen)
        let width = layout.screenWidth
        let legend = legendLines(screen).flatMap { wrap($0, columns: ScreenLayout.whole((width - 8) / ScreenLayout.charWidth, in: 20...10_000)) }
        let legendTop = layout.height + 14
        let height = legendTop + Double(legend.count) * 15 + 6
        let opening = ##"<svg xmlns="http://www.w3.org/2000/svg" class="ctlua-screen" width="\##(n(width))" height="\##(n(height))" "##
            + ##"viewBox="0 0 \##(n(width)) \##(n(height))" font-family="monospace" font-size="11">"##
        var svg = "<title>\(XMLText.escape("screen: " + screen.sizeSource, attribute: false))</title>"
        svg += ##"<rect x="0" y="0" width="\##(n(width))" height="\##(n(height))" fill="#ffffff"/>"##
        svg += ##"<rect class="device" x="0.5" y="0.5" width="\##(n(width - 1))" height="\##(n(layout.screenHeight - 1))" rx="14" fill="#f6f8fa" stroke="#57606a"/>"##
        if layout.height > layout.screenHeight {
            svg += ##"<line x1="0" y1="\##(n(layout.screenHeight))" x2="\##(n(width))" y2="\##(n(layout.screenHeight))" stroke="#57606a" stroke-dasharray="6 4"/>"##
            svg += text(x: width - 6, y: layout.screenHeight + 12, "below the screen: the plain stack runs on", fill: "#57606a", anchor: "end")
        }
        var labelIndex = 0
        for box in layout.boxes {
            while labelIndex < layout.labels.count, layout.labels[labelIndex].z <= box.z {
                svg += label(layout.labels[labelIndex])
                labelIndex += 1
            }
            svg += draw(box, tapped: screen.tapped)
        }
        for rest in layout.labels[labelIndex...] { svg += label(rest) }
        for (i, line) in legend.enumerated() {
            svg += text(x: 4, y: legendTop + Double(i) * 15 + 10, line, fill: "#24292f", cssClass: "legend")
        }
        return (opening, svg)
    }

    /// Where the size and the frames come from, one line each, then the key to the boxes.
    public static func legendLines(_ screen: Screen) -> [String] {
        var lines = ["screen: \(screen.sizeSource)"]
        if !Screen.isDrawable(width: screen.width, height: screen.height) {
            let size = screen.drawnSize
            lines.append("drawn at \(n(size.width))×\(n(size.height)): \(n(screen.width))×\(n(screen.height)) is not from 1 to \(n(Screen.maxSide)) points")
        }
        for (i, layer) in screen.layers.enumerated() {
            let count = layer.views.reduce(0) { $0 + $1.flattened.count }
            let geometry = layer.geometry.map { "frames: \($0)" } ?? "geometry unknown: plain stack"
            lines.append("z\(i + 1) \(layer.owner): \(count) view\(count == 1 ? "" : "s"); \(geometry)")
        }
        lines.append("solid: frame known · dashed: plain stack (no geometry) · blue: tappable · red: tapped by this step")
        return lines
    }

    /// `text` cut into lines of at most `columns` characters, at spaces where it can.
    static func wrap(_ text: String, columns: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: false) {
            if !line.isEmpty, line.count + 1 + word.count > columns {
                lines.append(line)
                line = "  "
            }
            line += (line.isEmpty || line == "  " ? "" : " ") + word
            while line.count > columns {
                lines.append(String(line.prefix(columns)))
                line = "  " + line.dropFirst(columns)
            }
        }
        if !line.trimmingCharacters(in: .whitespaces).isEmpty { lines.append(line) }
        return lines
    }

    static func draw(_ box: ScreenLayout.Box, tapped: String?) -> String {
        let view = box.view
        let isTapped = tapped != nil && view.id == tapped
        var stroke = view.tappable ? tappableColour : "#8c959f"
        var strokeWidth = view.tappable ? 1.5 : 1
        if isTapped { stroke = tappedColour; strokeWidth = 3 }
        var fill = box.framed ? "#ffffff" : "#ffffffd9"
        if view.kind == "backdrop" { fill = "#00000059" }
        if view.kind == "target" || view.kind == "keyhole" { fill = "none"; stroke = isTapped ? stroke : "#bf8700" }
        let dash = box.framed ? "" : ##" stroke-dasharray="4 3""##
        var attributes = ##"class="view\##(box.framed ? " framed" : " stacked")\##(view.tappable ? " tappable" : "")\##(isTapped ? " tapped" : "")""##
        attributes += ##" data-z="\##(box.z)""##
        if let id = view.id { attributes += ##" data-view-id="\##(XMLText.escape(id))""## }
        var out = "<g \(attributes)><title>\(XMLText.escape(tooltip(view, framed: box.framed), attribute: false))</title>"
        if view.kind == "pointer" {
            let x = box.x, y = box.y
            out += ##"<path d="M \##(n(x)) \##(n(y)) l -7 12 h 14 z" fill="#bf8700"/>"##
            return out + text(x: x + 9, y: y + 11, "pointer", fill: "#bf8700") + "</g>"
        }
        out += ##"<rect x="\##(n(box.x))" y="\##(n(box.y))" width="\##(n(max(box.width, 1)))" height="\##(n(max(box.height, 1)))" rx="3" fill="\##(fill)" stroke="\##(stroke)" stroke-width="\##(n(strokeWidth))"\##(dash)/>"##
        if view.kind == "backdrop" {
            return out + text(x: box.x + box.width - 6, y: box.y + box.height - 6, "backdrop", fill: "#ffffff", anchor: "end") + "</g>"
        }
        let fits = max(ScreenLayout.whole((box.height - ScreenLayout.padding) / ScreenLayout.lineHeight, in: 0...10_000),
                       box.framed ? 0 : box.lines.count)
        for (i, line) in box.lines.prefix(fits).enumerated() {
            let colour: String
            switch line.role {
            case "title": colour = view.tappable ? tappableColour : "#24292f"
            case "error": colour = tappedColour
            case "detail": colour = "#57606a"
            default: colour = "#0a3069"
            }
            out += text(x: box.x + ScreenLayout.padding, y: box.y + ScreenLayout.padding + Double(i) * ScreenLayout.lineHeight + 10,
                        line.text, fill: colour, bold: line.role == "title")
        }
        if isTapped || view.tappable {
            out += text(x: box.x + box.width - 5, y: box.y + 13, isTapped ? "tapped" : "tap",
                        fill: isTapped ? tappedColour : tappableColour, anchor: "end", bold: isTapped)
        }
        return out + "</g>"
    }

    static func label(_ label: ScreenLayout.Label) -> String {
        text(x: label.x, y: label.y, label.text, fill: label.isNote ? "#24292f" : "#6e7781", cssClass: label.isNote ? "note" : "layer",
             bold: !label.isNote)
    }

    static func tooltip(_ view: ScreenView, framed: Bool) -> String {
        var parts = [(view.id.map { "#\($0) " } ?? "") + view.kind]
        if let text = view.text { parts.append("text: \(text)") }
        if let error = view.error { parts.append("error: \(error)") }
        parts += view.details
        if let frame = view.frame {
            parts.append("frame: \(n(frame.x)),\(n(frame.y)) \(n(frame.width))×\(n(frame.height))")
            if !frame.isDrawable { parts.append("frame out of range: drawn in a plain stack") }
        } else if !framed {
            parts.append("position unknown: drawn in a plain stack")
        }
        if view.tappable { parts.append("tappable") }
        return parts.joined(separator: "\n")
    }

    static func text(x: Double, y: Double, _ content: String, fill: String, anchor: String? = nil, cssClass: String? = nil,
                     bold: Bool = false) -> String {
        var attributes = ##"x="\##(n(x))" y="\##(n(y))" fill="\##(fill)""##
        if let anchor { attributes += ##" text-anchor="\##(anchor)""## }
        if let cssClass { attributes += ##" class="\##(cssClass)""## }
        if bold { attributes += ##" font-weight="bold""## }
        return "<text \(attributes)>\(XMLText.escape(content, attribute: false))</text>"
    }

    /// A number as SVG writes it (`12`, `12.5`).
    static func n(_ value: Double) -> String {
        let rounded = (value * 100).rounded() / 100
        return ScreenCapture.number(rounded)
    }
}
