import JSON
import SystemKit

/// One step of a run as the report shows it: which step, the transcript events it caused, and
/// the screen after it (``ScenarioExecutor/screens``).
public struct StepRecord: Sendable, Equatable {
    /// The step's index (`steps[3]`); nil for the start (setup and scripts loaded) and for the
    /// end of a `.lua` scenario.
    public var step: Int?
    /// What happened: the step's name (`tap`), `start`, or `script` for a `.lua` scenario.
    public var name: String
    /// The step as written in the scenario (null for the start and a script).
    public var value: JSONValue
    /// The transcript indices of the events it caused: `firstEvent..<endEvent`.
    public var firstEvent: Int
    public var endEvent: Int
    /// The screen after it.
    public var screen: Screen

    public init(step: Int?, name: String, value: JSONValue = .null, firstEvent: Int, endEvent: Int, screen: Screen) {
        self.step = step
        self.name = name
        self.value = value
        self.firstEvent = firstEvent
        self.endEvent = endEvent
        self.screen = screen
    }

    /// `steps[3]`, `start` or `script`.
    public var label: String { step.map { "steps[\($0)]" } ?? name }
}

extension StepRecord: JSONRepresentable {
    /// `{"step", "name", "value", "firstEvent", "endEvent", "screen"}`.
    public var json: JSONValue {
        ["step": step.map { .integer(Int64($0)) } ?? .null, "name": .string(name), "value": value,
         "firstEvent": .integer(Int64(firstEvent)), "endEvent": .integer(Int64(endEvent)), "screen": screen.json]
    }

    public init(json: JSONValue) throws(LocatedProblem) { try self.init(JSONReader(value: json).node, earlier: []) }

    /// Reads a record whose screen may be `"sameScreenAs": I`, the screen of `earlier[I]`.
    init(_ node: JSONNode, earlier: [StepRecord]) throws(LocatedProblem) {
        _ = try node.object()
        let screen: Screen
        let same = node["sameScreenAs"]
        if same.value != nil {
            let index = try same.integer()
            guard earlier.indices.contains(index) else { throw same.problem("expected the index of an earlier step, got \(index)") }
            screen = earlier[index].screen
        } else {
            screen = try Screen(node["screen"])
        }
        self.init(step: try node["step"].optionalInteger(), name: try node["name"].string(), value: node["value"].value ?? .null,
                  firstEvent: try node["firstEvent"].integer(), endEvent: try node["endEvent"].integer(), screen: screen)
    }

    /// The JSON forms of `records`, each screen written once: a record whose screen equals an
    /// earlier one's has `"sameScreenAs": I` instead (a screen on for 50 steps crosses the worker
    /// protocol once, not 50 times).
    static func json(_ records: [StepRecord]) -> [JSONValue] {
        var first: [Screen: Int] = [:]
        return records.enumerated().map { i, record in
            var json = record.json
            if let earlier = first[record.screen], case .object(var object) = json {
                object["screen"] = nil
                object["sameScreenAs"] = .integer(Int64(earlier))
                json = .object(object)
            } else {
                first[record.screen] = i
            }
            return json
        }
    }

    /// The records of ``json(_:)``'s forms.
    static func records(_ nodes: [JSONNode]) throws(LocatedProblem) -> [StepRecord] {
        var records: [StepRecord] = []
        for node in nodes { records.append(try StepRecord(node, earlier: records)) }
        return records
    }
}
