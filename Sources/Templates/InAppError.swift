/// Errors of driving the in-app queue (bad payloads).
public enum InAppError: Error, Equatable, CustomStringConvertible, Sendable {
    /// A payload that is not a notification, a list of them, or `{"inapp_notifs": [...]}`.
    case invalidPayload(path: String, reason: String)

    public var description: String {
        switch self {
        case .invalidPayload(let path, let reason): return "templates: deliver: \(path): \(reason)"
        }
    }
}
