import JSON
import SystemKit

/// One step of a JSON scenario: its command name (the object's first key), that key's value,
/// and the whole step object (for parameters such as `navigate`'s `from`).
public struct ScenarioStep: Sendable, Equatable {
    /// Position in `steps`, from 0 (`steps[3]`).
    public var index: Int
    /// The command: `deliver`, `tap`, `expect`, ...
    public var name: String
    /// The command key's value.
    public var value: JSONValue
    /// The whole step object, parameters included.
    public var object: JSONValue

    public init(index: Int, name: String, value: JSONValue, object: JSONValue) {
        self.index = index
        self.name = name
        self.value = value
        self.object = object
    }

    /// `steps[3]`.
    public var path: JSONPath { JSONPath.root.key("steps").index(index) }
}

/// The typed inputs of a scenario's setup members and steps (``StepInput``), decoded once from
/// their JSON: the handlers receive these and never read the JSON again. Derived from the
/// scenario's JSON, so not part of its JSON form nor of its equality.
public struct ScenarioInputs: Sendable, Equatable {
    /// By setup member name.
    public var setup: [String: DecodedInput] = [:]
    /// By step index: a step's input, or an `expect` step's ``Expectation``.
    public var steps: [Int: DecodedInput] = [:]

    public init() {}

    public static func == (a: ScenarioInputs, b: ScenarioInputs) -> Bool {
        a.setup.keys.sorted() == b.setup.keys.sorted() && a.steps.keys.sorted() == b.steps.keys.sorted()
    }
}

/// A loaded, validated scenario.
public struct Scenario: Sendable, Equatable {
    /// What a scenario file contains.
    public enum Body: Sendable, Equatable {
        /// A JSON scenario: scripts (absolute paths), setup and steps.
        case steps(scripts: [String], setup: JSONValue, steps: [ScenarioStep])
        /// A `.lua` scenario: a script run in a fresh engine, passing when it ends without error.
        case lua
    }

    /// The path as discovered (argument joined with the path inside a folder); stable across
    /// machines when the command line is, so shards hash it.
    public var relativePath: String
    /// The absolute path of the file.
    public var file: String
    /// The `name` member, or the file name without extension.
    public var name: String
    public var body: Body
    /// `skip`/`todo` of the scenario (step nil) and of its steps, in order.
    public var marks: [ScenarioMark] = []
    /// `"only": true`: when any scenario selected has it, the others are skipped.
    public var only = false
    /// `"strict": true` (or `ctlua test --strict`): each `warning` event the run records is a
    /// failure (``ScenarioExecutor/result(of:failures:transcript:duration:coverage:marks:)``).
    public var strict = false
    /// The inputs of its setup members and steps, decoded once when the file loaded; nil for a
    /// scenario read back from its JSON form (a worker decodes what it receives before it runs).
    public var inputs: ScenarioInputs?

    public init(relativePath: String, file: String, name: String, body: Body, marks: [ScenarioMark] = [], only: Bool = false,
                strict: Bool = false) {
        self.strict = strict
        self.relativePath = relativePath
        self.file = file
        self.name = name
        self.body = body
        self.marks = marks
        self.only = only
    }

    /// The mark of the whole scenario: it does not run.
    public var scenarioMark: ScenarioMark? { marks.first { $0.step == nil } }

    /// The folder holding the file: paths inside the scenario are relative to it.
    public var directory: String {
        guard let slash = file.lastIndex(of: "/") else { return "." }
        return slash == file.startIndex ? "/" : String(file[..<slash])
    }
}
