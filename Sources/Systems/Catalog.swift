import FlowX
import Hooks
import SystemKit
import Templates
import Traits

extension SystemCatalog {
    /// Every system ctlua ships, in the order engines install them. The only list of systems:
    /// add a system here (and its folder under `Sources/`), nowhere else.
    public static var standard: SystemCatalog {
        SystemCatalog([
            SystemEntry(TemplatesSystem.self),
            SystemEntry(FlowXSystem.self),
            SystemEntry(HooksSystem.self),
            SystemEntry(TraitsSystem.self),
        ])
    }
}
