/// `CTValidationResultStack`: the validation errors the SDK keeps for its next request. At most
/// ``capacity`` are kept (pushing one more drops the oldest); they are taken oldest first.
/// `Campaigns` pushes every error it reports as `validation.error` (``Campaigns/validationStack``).
public struct ValidationResultStack: Equatable, Sendable {
    /// The SDK's limit (`pendingValidationResults.count > 50` drops the first).
    public static let capacity = 50
    /// `pendingValidationResults`, oldest first.
    public private(set) var pending: [ValidationResult] = []

    public init() {}

    /// `pushValidationResults:`: each result in order; nil does nothing.
    public mutating func push(_ results: [ValidationResult]?) {
        for result in results ?? [] { push(result) }
    }

    /// `pushValidationResult:`: nil does nothing; past the capacity the oldest is dropped.
    public mutating func push(_ result: ValidationResult?) {
        guard let result else { return }
        pending.append(result)
        if pending.count > Self.capacity { pending.removeFirst() }
    }

    /// `popValidationResult`: the oldest result, removed; nil when empty.
    public mutating func pop() -> ValidationResult? {
        pending.isEmpty ? nil : pending.removeFirst()
    }
}
