import Engine
import JSON
import SystemKit

/// What the shown experience puts on screen, for the run report, `ctlua render` and `:screen`.
///
/// Geometry the traits know is drawn where it is: the backdrop covers the screen, the target
/// rectangle and keyhole (`@appcues/target-*`), the tooltip's pointer and frame. The size of the
/// content (the container, its steps and their components) is never computed headlessly, so
/// those views are left without a frame and drawn in a plain stack (inside the tooltip's frame).
extension TraitsSystem {
    public static func screenLayers(of system: TraitsSystem, in engine: Engine) -> [ScreenLayer] {
        guard let presentation = system.renderer.current else { return [] }
        let size = ScreenCapture.size(of: engine.ui)
        let screen = ScreenRect(x: 0, y: 0, width: size.width, height: size.height)
        let wrapper = presentation.package.wrapper
        var views = [view(of: wrapper, screen: screen)]
        var known: [String] = []
        if wrapper.all(kind: "backdrop").isEmpty == false { known.append("the backdrop covers the screen") }
        var stackTop: Double?
        var notes: [String] = []
        if let target = ScreenRect(wrapper["targetRectangle"]) {
            views.append(ScreenView(kind: "target", text: "targetRectangle", frame: target))
            known.append("target rectangle")
        }
        if let x = wrapper["pointer"]?["x"]?.doubleValue, let y = wrapper["pointer"]?["y"]?.doubleValue {
            views.append(ScreenView(kind: "pointer", frame: ScreenRect(x: x, y: y, width: 0, height: 0)))
            known.append("pointer")
            if wrapper["position"]?.stringValue == "bottom", ScreenRect(wrapper["frame"]) == nil { stackTop = y + 14 }
        }
        for backdrop in wrapper.all(kind: "backdrop") {
            guard let rect = ScreenRect(backdrop["keyhole"]?["rect"]) else { continue }
            views.append(ScreenView(kind: "keyhole", text: backdrop["keyhole"]?["shape"]?.stringValue, frame: rect))
            known.append("keyhole")
        }
        if wrapper.all(kind: "target").contains(where: { ScreenRect($0["rect"]) != nil }) { known.append("target area") }
        if ScreenRect(wrapper["frame"]) != nil { known.insert("the tooltip's frame", at: 0) }
        if let position = wrapper["position"]?.stringValue {
            let placed = ScreenRect(wrapper["frame"]) != nil || stackTop != nil
            notes.append("tooltip \(position) of its target" + (placed ? "" : "; content size unknown, drawn from the top"))
        }
        if let frame = wrapper["embeddedIn"]?.stringValue { notes.append("embedded in the app view #\(frame)") }
        if wrapper["presented"] == .bool(false) { notes.append("not presented (being removed)") }
        var style = wrapper["presentationStyle"]?.stringValue ?? wrapper.kind
        if let window = wrapper["window"]?.stringValue { style += ", \(window) window" }
        let title = "experience \(presentation.experience.id), group \(presentation.group + 1) step \(presentation.item + 1) (\(style))"
        let geometry = known.isEmpty ? nil : known.joined(separator: ", ") + " from the traits; content in a plain stack"
        return [ScreenLayer(owner: name, title: title, geometry: geometry, views: views, notes: notes, stackTop: stackTop)]
    }

    /// A trait view and its subtree; a backdrop gets the screen's frame, a keyhole target its
    /// `rect`, every other view none.
    static func view(of trait: TraitView, screen: ScreenRect) -> ScreenView {
        var frame: ScreenRect?
        if trait.kind == "backdrop" { frame = screen }
        if trait.kind == "target" { frame = ScreenRect(trait["rect"]) }
        if let computed = ScreenRect(trait["frame"]) { frame = computed }   // a tooltip's frame (its target layout)
        var properties = trait.properties
        for key in ["targetRectangle", "pointer", "rect", "content", "keyhole", "frame"] { properties.removeValue(forKey: key) }
        return ScreenCapture.view(id: trait.id, kind: trait.kind, properties: properties, tappable: trait.onTap != nil,
                                  frame: frame, children: trait.children.map { view(of: $0, screen: screen) })
    }
}
