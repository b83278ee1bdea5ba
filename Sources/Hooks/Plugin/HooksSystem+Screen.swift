import Engine
import SystemKit

/// The navigation stack, for the run report, `ctlua render` and `:screen`: hook screens and
/// river screens are app views (`ui.show`), drawn in the app's layer; this layer says which
/// screen is on top and which hook is presenting.
extension HooksSystem {
    public static func screenLayers(of system: HooksSystem, in engine: Engine) -> [ScreenLayer] {
        guard let manager = system.manager else { return [] }
        let state = manager.state
        guard !state.stack.isEmpty else { return [] }
        let stack = state.stack.map { $0.hook.map { "[hook \($0)]" } ?? $0.screen }.joined(separator: " > ")
        var notes = ["navigation stack: \(stack)"]
        if let last = state.last {
            let outcome: String
            switch last.presented {
            case true?: outcome = "presented"
            case false?: outcome = last.blockedBy.map { "blocked by \($0)" } ?? "not presented"
            case nil: outcome = "running"
            }
            notes.append("last navigation: \(last.target) from \(last.from.rawValue): \(outcome)")
        }
        return [ScreenLayer(owner: name, title: "navigation", notes: notes)]
    }
}
