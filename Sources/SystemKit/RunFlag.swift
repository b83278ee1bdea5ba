import Engine

/// A flag of `ctlua run` that a system contributes (`ctlua run --debug-build script.lua`):
/// applied to the system once the engine is made, before the script runs.
public struct RunFlag<System: EngineSystem>: Sendable {
    /// The flag without its dashes (`debug-build`).
    public var name: String
    public var summary: String
    public var apply: @Sendable (System) throws -> Void

    public init(_ name: String, summary: String, apply: @escaping @Sendable (System) throws -> Void) {
        self.name = name
        self.summary = summary
        self.apply = apply
    }
}

/// A run flag of any system.
public struct RunFlagDefinition: Sendable {
    public var name: String
    public var summary: String
    /// The contributing system.
    public var system: String
    public var apply: @Sendable (Engine) throws -> Void

    public init<S: SystemPlugin>(_ flag: RunFlag<S>, of system: S.Type) {
        let apply = flag.apply
        name = flag.name
        summary = flag.summary
        self.system = S.name
        self.apply = { engine in try apply(try engine.plugin(S.self)) }
    }
}
