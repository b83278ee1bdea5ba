import JSON

/// Errors of driving the in-app queue (bad payloads).
public enum InAppError: Error, Equatable, CustomStringConvertible, Sendable {
    /// A payload that is not a notification, a list of them, or `{"inapp_notifs": [...]}`: the
    /// problem names the JSON path of the offending value.
    case invalidPayload(LocatedProblem)

    public var description: String {
        switch self {
        case .invalidPayload(let problem): return "templates: deliver: \(problem)"
        }
    }
}
