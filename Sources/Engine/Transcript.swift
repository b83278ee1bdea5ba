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
    ///
    /// Built from arrays (the keys are `fields`' own, unique, without `t` and `type`): every
    /// event crosses the worker protocol this way, and inserting key by key hashed each one.
    public var json: JSONValue {
        var keys = ["t", "type"], values: [JSONValue] = [.double(t), .string(type)]
        keys.reserveCapacity(fields.count + 2)
        values.reserveCapacity(fields.count + 2)
        for (key, value) in fields where key != "t" && key != "type" {
            keys.append(key)
            values.append(value)
        }
        return .object(JSONObject(uncheckedUniqueKeys: keys, values: values))
    }

    /// Reads an event back from ``json``.
    public init(json: JSONValue) throws(LocatedProblem) {
        // The usual case without building a path; a problem is described by the reader.
        if case .object(let object) = json, let t = object["t"]?.doubleValue, case .string(let type)? = object["type"] {
            let keys = object.keys.elements, values = object.values.elements
            if keys.count >= 2 && keys[0] == "t" && keys[1] == "type" {   // as ``json`` writes it: the rest is the fields
                self.init(t: t, type: type, fields: JSONObject(uncheckedUniqueKeys: keys[2...], values: values[2...]))
            } else {
                self.init(t: t, type: type, fields: object.filter { $0.key != "t" && $0.key != "type" })
            }
            return
        }
        let reader = JSONReader(value: json)
        let object = try reader.object(json, at: .root)
        let t = try reader.number(object["t"], at: .root.key("t"))
        let type = try reader.string(object["type"], at: .root.key("type"))
        self.init(t: t, type: type, fields: object.filter { $0.key != "t" && $0.key != "type" })
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
    /// The input being applied, for ``warn(_:)``: set by the scenario runner around each step and
    /// setup member (nil outside them: a warning names only what it knows).
    @exclusivity(unchecked) public var source: InputSource?
    /// The messages ``warn(_:)`` recorded (each once).
    var warned: Set<String> = []

    public init(clock: @escaping () -> Double) { self.clock = clock }

    /// Appends an event stamped with the current virtual time.
    @discardableResult
    public func record(_ type: String, _ fields: JSONObject = [:]) -> TranscriptEvent {
        let event = TranscriptEvent(t: clock(), type: type, fields: fields)
        events.append(event)
        observer?(event)
        return event
    }

    /// ``record(_:_:)`` giving nothing back: no copy of the event made for the caller (its
    /// retains and releases), for events recorded many times per operation (FlowX's `validation`
    /// events: 60 per B9 submit).
    /// `fields` is taken as it is (consumed: a caller's copy is moved in, not copied again).
    public func append(_ type: String, _ fields: consuming JSONObject) {
        events.append(TranscriptEvent(t: clock(), type: type, fields: fields))
        if let observer { observer(events[events.count - 1]) }
    }

    /// Events whose type starts with `prefix` (all when nil).
    public func events(prefix: String?) -> [TranscriptEvent] {
        guard let prefix, !prefix.isEmpty else { return events }
        return events.filter { $0.type.hasPrefix(prefix) }
    }
}
