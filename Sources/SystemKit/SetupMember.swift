import Engine
import JSON

/// What a setup handler gets.
public struct SetupContext {
    public let engine: Engine
    /// The member's value.
    public let value: JSONValue
    /// The folder of the scenario file: relative paths in the member resolve against it.
    public let directory: String

    public init(engine: Engine, value: JSONValue, directory: String) {
        self.engine = engine
        self.value = value
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
    public var apply: @Sendable (System, SetupContext) throws -> Void

    public init(_ name: String, shape: ValueShape, phase: SetupPhase = .afterScripts, summary: String, example: String,
                apply: @escaping @Sendable (System, SetupContext) throws -> Void) {
        self.name = name
        self.shape = shape
        self.summary = summary
        self.example = example
        self.phase = phase
        self.apply = apply
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
    public var apply: @Sendable (SetupContext) throws -> Void

    public init(name: String, shape: ValueShape, phase: SetupPhase = .afterScripts, summary: String, example: String,
                system: String? = nil, apply: @escaping @Sendable (SetupContext) throws -> Void) {
        self.name = name
        self.shape = shape
        self.phase = phase
        self.summary = summary
        self.example = example
        self.system = system
        self.apply = apply
    }

    public init<S: SystemPlugin>(_ member: SetupMember<S>, of system: S.Type) {
        let apply = member.apply
        self.init(name: member.name, shape: member.shape, phase: member.phase, summary: member.summary,
                  example: member.example, system: S.name,
                  apply: { context in try apply(try context.engine.plugin(S.self), context) })
    }
}
