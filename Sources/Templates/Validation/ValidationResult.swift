import JSON

/// The outcome of validating an event name, a key or event data (`CTValidationResult`):
/// success, a warning (the data was cleaned) or a drop, with the SDK's error code and message.
public struct ValidationResult: Equatable, Sendable {
    /// `CTValidationOutcome`.
    public enum Outcome: Int, Sendable { case success = 0, warning = 1, drop = 2 }

    public var outcome: Outcome
    /// The SDK's error code (`CTValidationErrorCode`; 0 for success).
    public var code: Int
    /// The SDK's message (`errorDesc`).
    public var message: String?
    /// The cleaned value (`cleanedData`), nil for a drop.
    public var cleaned: CleanedValue?
    /// `CTDropReason` of a drop.
    public var dropReason: DropReason?
    /// The warnings or errors a warning/drop aggregates (`subResults`).
    public var subResults: [ValidationResult] = []

    /// `CTDropReason`.
    public enum DropReason: String, Sendable {
        case nullEventName, restrictedEventName, discardedEventName, emptyKey, restrictedMultiValueKey, other
    }

    /// What a validator cleans: a name or key, or event data.
    public enum CleanedValue: Equatable, Sendable {
        case text(String)
        case data(JSONObjectBox)
    }

    /// `shouldDrop`.
    public var shouldDrop: Bool { outcome == .drop }

    /// `success` / `successWithData:`.
    public static func success(_ cleaned: CleanedValue? = nil) -> ValidationResult {
        ValidationResult(outcome: .success, code: 0, message: nil, cleaned: cleaned)
    }

    /// `warningWithCode:message:data:`.
    public static func warning(_ code: Int, _ message: String, _ cleaned: CleanedValue? = nil) -> ValidationResult {
        ValidationResult(outcome: .warning, code: code, message: message, cleaned: cleaned)
    }

    /// `dropWithCode:message:reason:`.
    public static func drop(_ code: Int, _ message: String, reason: DropReason) -> ValidationResult {
        ValidationResult(outcome: .drop, code: code, message: message, cleaned: nil, dropReason: reason)
    }

    /// `warningWithSubResults:data:`: the first sub-result's code, `<n> validation warnings`.
    public static func warning(subResults: [ValidationResult], _ cleaned: CleanedValue?) -> ValidationResult {
        var r = ValidationResult(outcome: .warning, code: 0, message: nil, cleaned: cleaned, subResults: subResults)
        if let first = subResults.first {
            r.code = first.code
            r.message = "\(subResults.count) validation warnings"
        }
        return r
    }

    /// `dropWithSubResults:reason:`: the first sub-result's code, `<n> validation errors`.
    public static func drop(subResults: [ValidationResult], reason: DropReason) -> ValidationResult {
        var r = ValidationResult(outcome: .drop, code: 0, message: nil, cleaned: nil, dropReason: reason, subResults: subResults)
        if let first = subResults.first {
            r.code = first.code
            r.message = "\(subResults.count) validation errors"
        }
        return r
    }

    /// `resultWithErrorCode:andMessage:`: codes 513 and 514 drop, any other code warns.
    public init(errorCode: Int, message: String) {
        self.init(outcome: (513...514).contains(errorCode) ? .drop : .warning, code: errorCode, message: message, cleaned: nil)
    }

    public init(outcome: Outcome, code: Int, message: String?, cleaned: CleanedValue?, dropReason: DropReason? = nil,
                subResults: [ValidationResult] = []) {
        self.outcome = outcome
        self.code = code
        self.message = message
        self.cleaned = cleaned
        self.dropReason = dropReason
        self.subResults = subResults
    }

    /// The cleaned text, when it is one.
    public var text: String? {
        if case .text(let s)? = cleaned { return s }
        return nil
    }
}

/// Event data inside a ``ValidationResult`` (a JSON object, compared by value).
public struct JSONObjectBox: Equatable, Sendable {
    public var object: JSONObject
    public init(_ object: JSONObject) { self.object = object }
}
