import Engine
import JSON

/// What a step handler gets beside its typed input: the engine and where the step is. A handler
/// never sees its step's JSON: the loader decoded it into the input (``StepInput``).
public struct StepContext {
    /// The scenario's engine (settled by the runner after the step).
    public let engine: Engine
    /// The folder of the scenario file: relative paths in the step resolve against it.
    public let directory: String
    /// The scenario's name (chunk names of `lua` steps).
    public let scenarioName: String
    /// Where the step is (`steps[3]`), for messages.
    public let path: JSONPath

    public init(engine: Engine, directory: String, scenarioName: String = "scenario", path: JSONPath = .root) {
        self.engine = engine
        self.directory = directory
        self.scenarioName = scenarioName
        self.path = path
    }
}

/// A scenario step that a system contributes: `{"deliver": {...}}`.
///
/// Its shapes (`value`, `parameters`) are checked when the file loads, then its input type decodes
/// the step once (``StepInput``); the handler receives that input.
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
    /// Decodes the step's input, at load (after its shapes passed).
    public var decode: @Sendable (StepReader) throws(LocatedProblem) -> DecodedInput
    /// Carries the step out with its decoded input; the runner settles the engine afterwards.
    public var run: @Sendable (System, DecodedInput, StepContext) throws -> Void

    public init<Input: StepInput>(_ name: String, value: ValueShape, parameters: [String: ValueShape] = [:], input: Input.Type,
                                  summary: String, example: String,
                                  run: @escaping @Sendable (System, Input, StepContext) throws -> Void) {
        self.name = name
        self.value = value
        self.parameters = parameters
        self.summary = summary
        self.example = example
        self.decode = { reader throws(LocatedProblem) in DecodedInput(try Input(step: reader)) }
        self.run = { system, input, context in try run(system, try input.as(Input.self, for: name), context) }
    }

    /// Checks `object` (a step object with this step's command) against the shapes, decodes it and
    /// runs it: what the runner does with a step, for a caller that has one step (tests, the REPL).
    public func perform(_ object: JSONObject, on system: System, context: StepContext) throws {
        let reader = JSONReader(value: .object(object))
        var problems = reader.check(object[name] ?? .null, value, at: .root.key(name))
        for (key, parameter) in object where key != name {
            if let shape = parameters[key] { problems += reader.check(parameter, shape, at: .root.key(key)) } else {
                problems.append(reader.problem("unknown parameter \(JSONWriter.quote(key)) of step \(JSONWriter.quote(name))", at: .root.key(key)))
            }
        }
        if let first = problems.first { throw first }
        try run(system, try decode(StepReader(step: reader.node, name: name, parameters: parameters.keys)), context)
    }
}

/// A step of any system (or of the core), as the scenario loader and runner see it.
public struct StepDefinition: Sendable {
    /// Who runs the step.
    public enum Handler: Sendable {
        /// The runner's own expectation check (`expect`).
        case expect
        /// A step decoded at load by `decode` and run on the scenario's worker thread by `run`.
        case run(decode: @Sendable (StepReader) throws(LocatedProblem) -> DecodedInput,
                 run: @Sendable (DecodedInput, StepContext) throws -> Void)
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

    /// A core step whose input is `Input`.
    public init<Input: StepInput>(name: String, value: ValueShape, parameters: [String: ValueShape] = [:], summary: String,
                                  input: Input.Type, example: String, run: @escaping @Sendable (Input, StepContext) throws -> Void) {
        self.init(name: name, value: value, parameters: parameters, summary: summary, example: example,
                  handler: .run(decode: { reader throws(LocatedProblem) in DecodedInput(try Input(step: reader)) },
                                run: { input, context in try run(try input.as(Input.self, for: name), context) }))
    }

    /// The step of a system, reaching the system of the engine it runs on.
    public init<S: SystemPlugin>(_ step: SystemStep<S>, of system: S.Type) {
        let run = step.run
        self.init(name: step.name, value: step.value, parameters: step.parameters, summary: step.summary,
                  example: step.example, system: S.name,
                  handler: .run(decode: step.decode, run: { input, context in try run(try context.engine.plugin(S.self), input, context) }))
    }

    /// Decodes the input of the step object at `node` (its shapes already checked).
    public func decode(_ node: JSONNode) throws(LocatedProblem) -> DecodedInput? {
        guard case .run(let decode, _) = handler else { return nil }
        return try decode(StepReader(step: node, name: name, parameters: parameters.keys))
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
