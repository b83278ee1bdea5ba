import Engine
import JSON

/// What a step handler gets: the engine, the step's value and the whole step object.
public struct StepContext {
    /// The scenario's engine (settled by the runner after the step).
    public let engine: Engine
    /// The command key's value (`"ok"` in `{"tap": "ok"}`).
    public let value: JSONValue
    /// The whole step object, parameters included (`{"navigate": "home", "from": "cell"}`).
    public let step: JSONValue
    /// The folder of the scenario file: relative paths in the step resolve against it.
    public let directory: String
    /// The scenario's name (chunk names of `lua` steps).
    public let scenarioName: String

    public init(engine: Engine, value: JSONValue, step: JSONValue, directory: String, scenarioName: String = "scenario") {
        self.engine = engine
        self.value = value
        self.step = step
        self.directory = directory
        self.scenarioName = scenarioName
    }
}

/// A scenario step that a system contributes: `{"deliver": {...}}`.
public struct SystemStep<System: EngineSystem>: Sendable {
    /// The command key.
    public var name: String
    /// The shape of the command key's value (checked when the file loads).
    public var value: ValueShape
    /// Other keys allowed in the step object, with their shapes.
    public var parameters: [String: ValueShape]
    /// One line for the reference: what the step does.
    public var summary: String
    /// An example step object for the reference (JSON text).
    public var example: String
    /// Carries the step out; the runner settles the engine afterwards.
    public var run: @Sendable (System, StepContext) throws -> Void

    public init(_ name: String, value: ValueShape, parameters: [String: ValueShape] = [:], summary: String,
                example: String, run: @escaping @Sendable (System, StepContext) throws -> Void) {
        self.name = name
        self.value = value
        self.parameters = parameters
        self.summary = summary
        self.example = example
        self.run = run
    }
}

/// A step of any system (or of the core), as the scenario loader and runner see it.
public struct StepDefinition: Sendable {
    /// Who runs the step.
    public enum Handler: Sendable {
        /// The runner's own expectation check (`expect`).
        case expect
        /// A handler run on the scenario's worker thread.
        case run(@Sendable (StepContext) throws -> Void)
    }

    public var name: String
    public var value: ValueShape
    public var parameters: [String: ValueShape]
    public var summary: String
    public var example: String
    /// The system that contributes the step (nil: the core).
    public var system: String?
    public var handler: Handler

    public init(name: String, value: ValueShape, parameters: [String: ValueShape] = [:], summary: String = "",
                example: String = "", system: String? = nil, handler: Handler) {
        self.name = name
        self.value = value
        self.parameters = parameters
        self.summary = summary
        self.example = example
        self.system = system
        self.handler = handler
    }

    /// The step of a system, reaching the system of the engine it runs on.
    public init<S: SystemPlugin>(_ step: SystemStep<S>, of system: S.Type) {
        let run = step.run
        self.init(name: step.name, value: step.value, parameters: step.parameters, summary: step.summary,
                  example: step.example, system: S.name,
                  handler: .run { context in try run(try context.engine.plugin(S.self), context) })
    }
}

extension Engine {
    /// The engine's system of type `S`, or an error naming it (the engine was not assembled
    /// through a catalog that has it).
    public func plugin<S: SystemPlugin>(_ type: S.Type) throws -> S {
        guard let found = system(S.self) else { throw SystemError("the \(S.name) system is not part of this engine") }
        return found
    }
}
