import ArgumentParser
import Engine
import JSON

/// One system of a catalog, with its contributions erased to the engine-level definitions.
public struct SystemEntry: Sendable {
    public let name: String
    public let summary: String
    public let modules: [LuaModuleInfo]
    public let steps: [StepDefinition]
    public let setupMembers: [SetupDefinition]
    public let expectationKeys: [ExpectationDefinition]
    public let eventTypes: [EventType]
    public let replCommands: [REPLCommandDefinition]
    /// The system's flags of `ctlua run`.
    public let runFlags: [RunFlagDefinition]
    /// What `ctlua check` asks of the system.
    public let checks: CheckDefinition
    /// The system's `ctlua` subcommands (a function: command types are metatypes).
    public let commands: @Sendable () -> [any ParsableCommand.Type]
    /// What the system puts on screen in an engine (``SystemPlugin/screenLayers(of:in:)``).
    public let screen: @Sendable (Engine) -> [ScreenLayer]
    /// Makes the system and adds it to an engine.
    public let install: @Sendable (Engine) throws -> Void

    public init<S: SystemPlugin>(_ type: S.Type) {
        name = S.name
        summary = S.summary
        modules = S.modules
        steps = SystemEntry.erase(S.steps) { StepDefinition($0, of: S.self) }
        setupMembers = SystemEntry.erase(S.setupMembers) { SetupDefinition($0, of: S.self) }
        expectationKeys = SystemEntry.erase(S.expectationKeys) { ExpectationDefinition($0, of: S.self) }
        eventTypes = S.eventTypes
        replCommands = SystemEntry.erase(S.replCommands) { REPLCommandDefinition($0, of: S.self) }
        commands = { S.commands }
        runFlags = SystemEntry.erase(S.runFlags) { RunFlagDefinition($0, of: S.self) }
        checks = CheckDefinition(S.checks, of: S.self)
        install = { engine in try engine.add(S.make(for: engine)) }
        screen = { engine in engine.system(S.self).map { S.screenLayers(of: $0, in: engine) } ?? [] }
    }

    /// `items.map(erase)`, as a loop: in a generic context `map` is the stdlib's unspecialized
    /// generic, whose first call looks its associated types up by a conformance scan at every
    /// start (B7 in Benchmarks/README.md).
    private static func erase<Item, Erased>(_ items: [Item], _ erase: (Item) -> Erased) -> [Erased] {
        var erased: [Erased] = []
        erased.reserveCapacity(items.count)
        for item in items { erased.append(erase(item)) }
        return erased
    }
}

/// The systems an engine is assembled from, in order.
///
/// Every engine of ctlua (the CLI's `run`, `-e` and standard input, the REPL, the scenario
/// runner, the systems' own subcommands, the benchmarks) is made by ``makeEngine(_:)``; the
/// REPL's banner, completion and `:help`, the scenario steps and the reference come from here.
public struct SystemCatalog: Sendable {
    public let systems: [SystemEntry]

    public init(_ systems: [SystemEntry]) { self.systems = systems }

    /// This catalog with `entry` added last (replacing a system of the same name).
    public func adding(_ entry: SystemEntry) -> SystemCatalog {
        SystemCatalog(systems.filter { $0.name != entry.name } + [entry])
    }

    /// A new engine with every system of the catalog added, in order.
    public func makeEngine(_ configuration: Engine.Configuration = Engine.Configuration()) throws -> Engine {
        let engine = try Engine(configuration: configuration)
        for system in systems { try system.install(engine) }
        return engine
    }

    /// Every Lua module: the core's (`json`, `app`, `ui`), then the systems'.
    public var modules: [LuaModuleInfo] { CoreContributions.modules + systems.flatMap(\.modules) }

    /// Every system's REPL commands.
    public var replCommands: [REPLCommandDefinition] { systems.flatMap(\.replCommands) }

    /// The REPL command called `name` or having it as an alias.
    public func replCommand(named name: String) -> REPLCommandDefinition? {
        replCommands.first { $0.name == name || $0.aliases.contains(name) }
    }

    /// Every system's flags of `ctlua run`.
    public var runFlags: [RunFlagDefinition] { systems.flatMap(\.runFlags) }

    /// Every system's `ctlua` subcommands.
    public var commands: [any ParsableCommand.Type] { systems.flatMap { $0.commands() } }

    /// Every JSON file kind the systems read, in catalog order.
    public var fileKinds: [FileKindDefinition] { systems.flatMap(\.checks.fileKinds) }

    /// The first file kind that recognises `document`, if any.
    public func fileKind(of document: JSONValue) -> FileKindDefinition? {
        fileKinds.first { $0.recognizes(document) }
    }

    /// Every event type: the core's, then the systems'.
    public var eventTypes: [(system: String?, type: EventType)] {
        CoreContributions.eventTypes.map { (nil, $0) } + systems.flatMap { s in s.eventTypes.map { (s.name, $0) } }
    }

    /// Names contributed twice (steps, setup members, expectation keys, REPL commands, event
    /// types, modules), one message each; empty for a sound catalog.
    public func validate(coreSteps: [String], coreSetup: [String], coreExpectations: [String]) -> [String] {
        var problems: [String] = []
        func check(_ kind: String, _ owned: [(String, String)]) {
            var seen: [String: String] = [:]
            for (name, owner) in owned {
                if let first = seen[name] {
                    problems.append("\(kind) \"\(name)\" is contributed by both \(first) and \(owner)")
                } else {
                    seen[name] = owner
                }
            }
        }
        check("step", coreSteps.map { ($0, "the core") } + systems.flatMap { s in s.steps.map { ($0.name, s.name) } })
        check("setup member", coreSetup.map { ($0, "the core") } + systems.flatMap { s in s.setupMembers.map { ($0.name, s.name) } })
        check("expectation key", coreExpectations.map { ($0, "the core") }
              + systems.flatMap { s in s.expectationKeys.map { ($0.name, s.name) } })
        check("event type", eventTypes.map { ($0.type.name, $0.system ?? "the core") })
        check("module", modules.map { ($0.name, "a system") })
        check("REPL command", CoreContributions.replCommandNames.map { ($0, "the REPL") }
              + systems.flatMap { s in s.replCommands.flatMap { c in ([c.name] + c.aliases).map { ($0, s.name) } } })
        check("run flag", systems.flatMap { s in s.runFlags.map { ($0.name, s.name) } })
        check("system", systems.map { ($0.name, "the catalog") })
        return problems
    }
}
