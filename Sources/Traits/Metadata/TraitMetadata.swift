import JSON

/// The metadata handed to handlers on ``TraitMetadataDelegate/publish()``: the values now and
/// the values at the previous publish.
public struct TraitMetadata: Sendable, Equatable {
    /// The values now.
    public let current: JSONObject
    /// The values at the previous publish (empty before the first).
    public let previous: JSONObject

    public init(current: JSONObject, previous: JSONObject) {
        self.current = current
        self.previous = previous
    }

    /// The current value under `key`.
    public subscript(key: String) -> JSONValue? { current[key] }
    /// The value under `key` at the previous publish.
    public func previous(_ key: String) -> JSONValue? { previous[key] }
    /// Whether `key` has a current value.
    public func isSet(_ key: String) -> Bool { current[key] != nil }

    /// The animation handlers run in: `animationDuration` (seconds, a number) and
    /// `animationEasing` (`linear`, `easeIn`, `easeOut`, `easeInOut`) both set; nil otherwise.
    public var animation: (duration: Double, easing: String)? {
        guard let duration = current["animationDuration"]?.doubleValue,
              let easing = current["animationEasing"]?.stringValue,
              TraitMetadata.easings.contains(easing) else { return nil }
        return (duration, easing)
    }

    /// The easings the step-transition-animation trait knows.
    public static let easings = ["linear", "easeIn", "easeOut", "easeInOut"]
}
