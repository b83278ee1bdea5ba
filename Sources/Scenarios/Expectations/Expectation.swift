import JSON

/// The content of an `expect` step; absent members are not checked.
public struct Expectation: Sendable, Equatable {
    /// Patterns that must match events in this order (an ordered subsequence of the transcript).
    public var events: [JSONObject]?
    /// Patterns that must match no event of the transcript.
    public var noEvents: [JSONObject]?
    /// Patterns that must match, in this order, events recorded since the previous `expect` step.
    public var newEvents: [JSONObject]?
    /// The name of a golden transcript to compare the transcript so far with.
    public var snapshot: String?
    /// Exact numbers of transcript events matching a pattern.
    public var eventCounts: [(pattern: JSONObject, count: Int)]?
    /// The other keys (`ui` and the systems' keys), in the order written.
    public var keys: [(name: String, value: JSONValue)]

    public init(events: [JSONObject]? = nil, noEvents: [JSONObject]? = nil, keys: [(name: String, value: JSONValue)] = []) {
        self.events = events
        self.noEvents = noEvents
        self.keys = keys
    }

    /// Reads an `expect` value already checked against ``StepRegistry/expectationShape``.
    public init(validated value: JSONValue) {
        let object = value.objectValue ?? [:]
        events = object["events"]?.arrayValue?.compactMap(\.objectValue)
        noEvents = object["noEvents"]?.arrayValue?.compactMap(\.objectValue)
        newEvents = object["newEvents"]?.arrayValue?.compactMap(\.objectValue)
        snapshot = object["snapshot"]?.stringValue
        eventCounts = object["eventCount"]?.arrayValue?.compactMap { entry -> (pattern: JSONObject, count: Int)? in
            guard let pattern = entry["match"]?.objectValue, let count = entry["count"]?.doubleValue else { return nil }
            return (pattern, Int(count))
        }
        keys = object.elements.filter { !Self.transcriptKeys.contains($0.key) }.map { (name: $0.key, value: $0.value) }
    }

    /// The keys checked against the transcript by the evaluator itself.
    static let transcriptKeys: Set<String> = ["events", "noEvents", "newEvents", "eventCount", "snapshot"]

    public static func == (a: Expectation, b: Expectation) -> Bool {
        a.events == b.events && a.noEvents == b.noEvents && a.newEvents == b.newEvents && a.snapshot == b.snapshot
            && a.eventCounts?.map(\.pattern) == b.eventCounts?.map(\.pattern)
            && a.eventCounts?.map(\.count) == b.eventCounts?.map(\.count)
            && a.keys.map(\.name) == b.keys.map(\.name) && a.keys.map(\.value) == b.keys.map(\.value)
    }
}
