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

    public init(json: JSONValue) throws(LocatedProblem) {
        let reader = JSONReader(value: json)
        let object = try reader.object(json, at: .root)
        let screen: Screen
        do { screen = try Screen(json: object["screen"] ?? .null) } catch { throw error.under(.root.key("screen")) }
        self.init(step: try reader.optionalInteger(object["step"], at: .root.key("step")),
                  name: try reader.string(object["name"], at: .root.key("name")), value: object["value"] ?? .null,
                  firstEvent: try reader.integer(object["firstEvent"], at: .root.key("firstEvent")),
                  endEvent: try reader.integer(object["endEvent"], at: .root.key("endEvent")), screen: screen)
    }
}
