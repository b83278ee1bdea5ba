import JSON
import SystemKit

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
    /// The other keys (`ui` and the systems' keys), in the order written, each with its input
    /// decoded by its definition.
    public var keys: [(name: String, value: JSONValue, input: DecodedInput)]

    public init(events: [JSONObject]? = nil, noEvents: [JSONObject]? = nil, keys: [(name: String, value: JSONValue, input: DecodedInput)] = []) {
        self.events = events
        self.noEvents = noEvents
        self.keys = keys
    }

    /// Decodes an `expect` value already checked against ``StepRegistry/expectationShape``: the
    /// transcript keys here, every other key by its definition in `registry`.
    public init(_ node: JSONNode, registry: StepRegistry) throws(LocatedProblem) {
        func patterns(_ key: String) throws(LocatedProblem) -> [JSONObject]? {
            var out: [JSONObject] = []
            guard let items = try node[key].optionalArray() else { return nil }
            for item in items { out.append(try item.object()) }
            return out
        }
        events = try patterns("events")
        noEvents = try patterns("noEvents")
        newEvents = try patterns("newEvents")
        snapshot = try node["snapshot"].optionalString()
        if let entries = try node["eventCount"].optionalArray() {
            var counts: [(pattern: JSONObject, count: Int)] = []
            for entry in entries {
                let count = try entry["count"].number()
                guard count == count.rounded(), count >= 0, count <= Double(Int32.max) else {
                    throw entry["count"].problem("expected a whole number of events, got \(JSONWriter.text(.double(count)))")
                }
                counts.append((try entry["match"].object(), Int(count)))
            }
            eventCounts = counts
        }
        keys = []
        for (name, member) in try node.members() where !Self.transcriptKeys.contains(name) {
            guard let definition = registry.expectationKeys.first(where: { $0.name == name }) else {
                throw member.problem("unknown expectation key \(JSONWriter.quote(name))")
            }
            keys.append((name: name, value: try member.any(), input: try definition.decode(member)))
        }
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
