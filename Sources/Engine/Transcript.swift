import JSON
import OrderedCollections

/// One entry of the transcript: what happened, at which virtual time, with what data.
public struct TranscriptEvent: Sendable, Equatable, JSONRepresentable {
    /// Virtual time in seconds since the engine started.
    public var t: Double
    /// The event type, e.g. `template.presented` (see scenarios.md).
    public var type: String
    /// The fields beyond `t` and `type`, in insertion order.
    public var fields: JSONObject

    public init(t: Double, type: String, fields: JSONObject = [:]) {
        self.t = t
        self.type = type
        self.fields = fields
    }

    /// The event as one JSON object: `{"t": .., "type": .., ...fields}`.
    public var json: JSONValue {
        var object: JSONObject = ["t": .double(t), "type": .string(type)]
        for (key, value) in fields where key != "t" && key != "type" { object[key] = value }
        return .object(object)
    }

    /// Reads an event back from ``json``.
    public init(json: JSONValue) throws(LocatedProblem) {
        let reader = JSONReader(value: json)
        var object = try reader.object(json, at: .root)
        let t = try reader.number(object["t"], at: .root.key("t"))
        let type = try reader.string(object["type"], at: .root.key("type"))
        object.removeValue(forKey: "t")
        object.removeValue(forKey: "type")
        self.init(t: t, type: type, fields: object)
    }

    /// A field by name (`t` and `type` included).
    public subscript(field: String) -> JSONValue? {
        switch field {
        case "t": return .double(t)
        case "type": return .string(type)
        default: return fields[field]
        }
    }

    /// True when the event satisfies `pattern`: each named field (`t` and `type` included)
    /// matches by ``JSONMatch``'s rule.
    public func matches(_ pattern: JSONObject) -> Bool {
        pattern.allSatisfy { key, member in JSONMatch.matches(member, self[key]) }
    }
}

/// The ordered record of everything an engine did.
///
/// The transcript is the product's central artefact: the REPL prints it, the
/// scenario runner asserts on it, and tests read it.
public final class Transcript {
    // No dynamic exclusivity checks (≈60 instructions each, two per event): `events` is only
    // appended to (the observer is called after the append) and read, on the engine's one thread.
    /// Every event so far, oldest first.
    @exclusivity(unchecked) public private(set) var events: [TranscriptEvent] = []
    /// Called for each new event (the REPL prints them as they happen).
    @exclusivity(unchecked) public var observer: ((TranscriptEvent) -> Void)?
    private let clock: () -> Double

    public init(clock: @escaping () -> Double) { self.clock = clock }

    /// Appends an event stamped with the current virtual time.
    @discardableResult
    public func record(_ type: String, _ fields: JSONObject = [:]) -> TranscriptEvent {
        let event = TranscriptEvent(t: clock(), type: type, fields: fields)
        events.append(event)
        observer?(event)
        return event
    }

    /// Events whose type starts with `prefix` (all when nil).
    public func events(prefix: String?) -> [TranscriptEvent] {
        guard let prefix, !prefix.isEmpty else { return events }
        return events.filter { $0.type.hasPrefix(prefix) }
    }
}
