import Engine

/// A `:command` of the REPL that a system contributes (`:queue`).
public struct REPLCommand<System: EngineSystem>: Sendable {
    /// Typed after the colon.
    public var name: String
    /// Other names (`:q` for `:queue`).
    public var aliases: [String]
    /// The arguments as `:help` shows them (`[N]`), empty when it takes none.
    public var arguments: String
    /// One line for `:help`.
    public var summary: String
    /// Runs the command with the rest of the line; returns the text to print.
    public var run: @Sendable (System, Engine, String) throws -> String

    public init(_ name: String, aliases: [String] = [], arguments: String = "", summary: String,
                run: @escaping @Sendable (System, Engine, String) throws -> String) {
        self.name = name
        self.aliases = aliases
        self.arguments = arguments
        self.summary = summary
        self.run = run
    }
}

/// A REPL command of any system.
public struct REPLCommandDefinition: Sendable {
    public var name: String
    public var aliases: [String]
    public var arguments: String
    public var summary: String
    public var system: String
    public var run: @Sendable (Engine, String) throws -> String

    public init<S: SystemPlugin>(_ command: REPLCommand<S>, of system: S.Type) {
        name = command.name
        aliases = command.aliases
        arguments = command.arguments
        summary = command.summary
        self.system = S.name
        let run = command.run
        self.run = { engine, argument in try run(try engine.plugin(S.self), engine, argument) }
    }

    /// `:queue [N]`, as `:help` lists it.
    public var usage: String { ":" + name + (arguments.isEmpty ? "" : " " + arguments) }
}
