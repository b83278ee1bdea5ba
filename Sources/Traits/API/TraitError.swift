/// An error a trait throws while it is applied or presents: `description` is reported as the
/// step error; `retryMilliseconds` retries the whole step presentation after that delay;
/// `recoverable` leaves the experience waiting for a retry.
public struct TraitError: Error, CustomStringConvertible, Equatable, Sendable {
    /// What went wrong (the `step.error` message).
    public let description: String
    /// Milliseconds after which the step presentation is tried again (never negative).
    public let retryMilliseconds: Int?
    /// Whether the experience waits for a retry instead of ending.
    public let recoverable: Bool

    /// A trait error; a negative `retryMilliseconds` becomes 0, as in the SDK.
    public init(description: String, retryMilliseconds: Int? = nil, recoverable: Bool = false) {
        self.description = description
        self.retryMilliseconds = retryMilliseconds.map { max(0, $0) }
        self.recoverable = recoverable
    }
}
