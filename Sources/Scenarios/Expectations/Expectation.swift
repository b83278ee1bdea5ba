import JSON

/// The content of an `expect` step; absent members are not checked.
public struct Expectation: Sendable, Equatable {
    /// Patterns that must match events in this order (an ordered subsequence of the transcript).
    public var events: [JSONObject]?
    /// Patterns that must match no event of the transcript.
    public var noEvents: [JSONObject]?
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
        keys = object.elements.filter { $0.key != "events" && $0.key != "noEvents" }.map { (name: $0.key, value: $0.value) }
    }

    public static func == (a: Expectation, b: Expectation) -> Bool {
        a.events == b.events && a.noEvents == b.noEvents
            && a.keys.map(\.name) == b.keys.map(\.name) && a.keys.map(\.value) == b.keys.map(\.value)
    }
}
