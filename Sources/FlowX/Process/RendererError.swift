/// Why the renderer refused a driving call (start, fill, action, upload, dismiss, resume).
public enum RendererError: Error, Equatable, CustomStringConvertible {
    case configuration(ConfigurationError)
    case unknownProcess(String, known: [String])
    case unknownInstance(String)
    case notRunning(String, String)
    case noProcess
    case notModal(String)
    case noField(String, screen: String)
    case noAction(String, screen: String)
    case notUpload(String)
    case busy(String)
    case wrongName(String, name: String, actual: String)
    case themeNotSetUp
    case noSessionForTheme

    public var description: String {
        switch self {
        case .configuration(let error): return error.description
        case .unknownProcess(let name, let known):
            return "flowx: no process definition named '\(name)'" + (known.isEmpty ? " (none loaded)" : " (loaded: \(known.joined(separator: ", ")))")
        case .unknownInstance(let uuid): return "flowx: no process instance \(uuid)"
        case .notRunning(let name, let state): return "flowx: process '\(name)' is \(state)"
        case .noProcess: return "flowx: no process is running"
        case .notModal(let name): return "flowx: process '\(name)' is not modal: it cannot be dismissed"
        case .noField(let key, let screen): return "flowx: screen '\(screen)' has no field '\(key)'"
        case .noAction(let name, let screen): return "flowx: screen '\(screen)' has no button or component with the action '\(name)'"
        case .notUpload(let name): return "flowx: action '\(name)' is not an upload action"
        case .busy(let name): return "flowx: action '\(name)' is still waiting for its validators"
        case .themeNotSetUp:
            return "flowx: the theme is not set up: call flowx.setupTheme(uuid) (or setup.flowx.theme), after the session, before starting or continuing a process"
        case .noSessionForTheme:
            return "flowx: setupTheme needs a valid session first (FXSessionConfig: flowx.session(token) or setup.flowx.session)"
        case .wrongName(let uuid, let name, let actual): return "flowx: process instance \(uuid) is '\(actual)', not '\(name)'"
        }
    }
}
