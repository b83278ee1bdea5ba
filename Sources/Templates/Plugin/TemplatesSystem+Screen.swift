import Engine
import SystemKit

/// The in-app on screen, for the run report, `ctlua render` and `:screen`: a presenter's and a
/// native in-app's views are app views (`ui.show`), drawn in the app's layer; this layer says
/// which in-app is displayed and what waits behind it.
extension TemplatesSystem {
    public static func screenLayers(of system: TemplatesSystem, in engine: Engine) -> [ScreenLayer] {
        guard let controller = system.controller else { return [] }
        let waiting = controller.pending.count + controller.queue.count
        guard let displayed = controller.displayed else { return [] }
        var notes = ["displayed in-app \(displayed.id): \(displayed.templateName ?? displayed.type ?? "?")"]
        if waiting > 0 { notes.append("\(waiting) in-app\(waiting == 1 ? "" : "s") waiting (pending and queued)") }
        return [ScreenLayer(owner: name, title: "in-app", notes: notes)]
    }
}
