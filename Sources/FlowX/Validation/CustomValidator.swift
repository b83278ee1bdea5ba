import JSON
import OrderedCollections

/// A custom validator, written in Swift or Lua: the renderer calls the host app's data source
/// with the validator's name, the field's value and the validator's parameters.
///
/// ## Implementation requirements
/// - A sync validator returns `true` when the value is valid; throwing counts as invalid and is
///   recorded as an error.
/// - An async validator calls `completion` once, now or later on the engine's run loop (a timer);
///   later calls are ignored. Not calling it within the registry's timeout counts as invalid and
///   is recorded as an error.
public enum CustomValidator {
    public typealias Completion = (Result<Bool, ValidatorError>) -> Void

    case sync((_ value: JSONValue?, _ params: [String]) throws -> Bool)
    case async((_ value: JSONValue?, _ params: [String], _ completion: @escaping Completion) throws -> Void)

    /// True for async validators.
    public var isAsync: Bool { if case .async = self { return true } else { return false } }
}

/// What one validation found: valid or not, and why when something went wrong.
public struct ValidationOutcome: Equatable, Sendable {
    public var valid: Bool
    /// Set when the validator is unknown (`unknown validator`) or failed (the error's text).
    public var reason: String?

    public init(valid: Bool, reason: String? = nil) {
        self.valid = valid
        self.reason = reason
    }
}
