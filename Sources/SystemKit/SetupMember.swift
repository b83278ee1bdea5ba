import Engine
import JSON

/// What a setup handler gets beside its typed input (``StepInput``, decoded when the scenario loaded).
public struct SetupContext {
    public let engine: Engine
    /// The folder of the scenario file: relative paths in the member resolve against it.
    public let directory: String

    public init(engine: Engine, directory: String) {
        self.engine = engine
        self.directory = directory
    }
}

/// When a setup member is applied, relative to the scenario's `scripts`.
public enum SetupPhase: Sendable, Equatable {
    /// Before the scripts run (build flags that scripts may depend on).
    case beforeScripts
    /// After the scripts ran (definitions that take presenters the scripts registered).
    case afterScripts
}

/// A member of a scenario's `setup` object that a system contributes.
public struct SetupMember<System: EngineSystem>: Sendable {
    public var name: String
    public var shape: ValueShape
    public var summary: String
    public var example: String
    public var phase: SetupPhase
    /// Decodes the member's input, at load (after its shape passed).
    public var decode: @Sendable (StepReader) throws(LocatedProblem) -> DecodedInput
    public var apply: @Sendable (System, DecodedInput, SetupContext) throws -> Void

    public init<Input: StepInput>(_ name: String, shape: ValueShape, input: Input.Type, phase: SetupPhase = .afterScripts,
                                  summary: String, example: String,
                                  apply: @escaping @Sendable (System, Input, SetupContext) throws -> Void) {
        self.name = name
        self.shape = shape
        self.summary = summary
        self.example = example
        self.phase = phase
        self.decode = { reader throws(LocatedProblem) in DecodedInput(try Input(step: reader)) }
        self.apply = { system, input, context in try apply(system, try input.as(Input.self, for: "setup.\(name)"), context) }
    }

    /// Checks `value` against the shape, decodes it and applies it (tests, the REPL).
    public func perform(_ value: JSONValue, on system: System, context: SetupContext) throws {
        let reader = JSONReader(value: value)
        if let first = reader.check(value, shape, at: .root).first { throw first }
        try apply(system, try decode(StepReader(value: reader.node, name: name)), context)
    }
}

/// A setup member of any system (or of the core).
public struct SetupDefinition: Sendable {
    public var name: String
    public var shape: ValueShape
    public var summary: String
    public var example: String
    public var phase: SetupPhase
    /// The contributing system (nil: the core).
    public var system: String?
    public var decode: @Sendable (StepReader) throws(LocatedProblem) -> DecodedInput
    public var apply: @Sendable (DecodedInput, SetupContext) throws -> Void

    public init<Input: StepInput>(name: String, shape: ValueShape, input: Input.Type, phase: SetupPhase = .afterScripts,
                                  summary: String, example: String, apply: @escaping @Sendable (Input, SetupContext) throws -> Void) {
        self.name = name
        self.shape = shape
        self.phase = phase
        self.summary = summary
        self.example = example
        self.system = nil
        self.decode = { reader throws(LocatedProblem) in DecodedInput(try Input(step: reader)) }
        self.apply = { input, context in try apply(try input.as(Input.self, for: "setup.\(name)"), context) }
    }

    public init<S: SystemPlugin>(_ member: SetupMember<S>, of system: S.Type) {
        let apply = member.apply
        name = member.name
        shape = member.shape
        phase = member.phase
        summary = member.summary
        example = member.example
        self.system = S.name
        decode = member.decode
        self.apply = { input, context in try apply(try context.engine.plugin(S.self), input, context) }
    }

    /// Decodes the member's value at `node` (its shape already checked).
    public func decode(_ node: JSONNode) throws(LocatedProblem) -> DecodedInput {
        try decode(StepReader(value: node, name: name))
    }
}
