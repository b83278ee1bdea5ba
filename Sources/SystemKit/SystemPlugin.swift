import ArgumentParser
import Engine
import LuaRuntime

/// A system as a plug-in: everything it brings to ctlua, declared in one place.
///
/// A system (templates, traits, hooks, FlowX, or one of your own) is an ``EngineSystem`` (its
/// state on one engine, its Lua modules) plus this static description of what it contributes:
/// scenario steps, `setup` members, expectation keys, transcript event types, REPL commands and
/// CLI subcommands. ``SystemCatalog`` lists the systems; the engine, the scenario runner, the REPL
/// and the CLI know systems only through it, so adding a system is adding a folder and one line
/// in the catalog.
///
/// ## Implementation requirements
/// - ``name`` is unique in a catalog and is the system's main Lua module name when it has one.
/// - ``make(for:)`` returns a new system for a new engine; the catalog adds it to the engine
///   (``Engine/add(_:)``), which calls ``EngineSystem/install(in:)``.
/// - Step, setup, expectation and REPL handlers get the system and the engine it belongs to; they
///   run on the engine's thread and may throw ``SystemError`` (its message is shown as is).
/// - Names of steps, setup members and expectation keys are unique across the catalog and the core
///   (``CoreContributions``); ``SystemCatalog/validate()`` reports clashes.
/// - Every event type the system records is listed in ``eventTypes`` (the reference is generated
///   from it).
public protocol SystemPlugin: EngineSystem {
    /// The system's name (`templates`).
    static var name: String { get }
    /// One line: what the system simulates.
    static var summary: String { get }
    /// The Lua modules the system installs (globals and `require`-able), with their LuaLS file.
    static var modules: [LuaModuleInfo] { get }
    /// A new system for `engine` (not yet added to it).
    static func make(for engine: Engine) throws -> Self
    /// Scenario steps.
    static var steps: [SystemStep<Self>] { get }
    /// Members of a scenario's `setup` object.
    static var setupMembers: [SetupMember<Self>] { get }
    /// Keys of `expect` steps.
    static var expectationKeys: [ExpectationKey<Self>] { get }
    /// Transcript event types the system records.
    static var eventTypes: [EventType] { get }
    /// REPL `:commands`.
    static var replCommands: [REPLCommand<Self>] { get }
    /// `ctlua` subcommands that only this system needs.
    static var commands: [any ParsableCommand.Type] { get }
    /// Flags of `ctlua run` (`--name`), applied before the script runs.
    static var runFlags: [RunFlag<Self>] { get }
    /// What `ctlua check` validates for this system: its file kinds, the files its scenarios name,
    /// and the problems found once everything is loaded.
    static var checks: SystemChecks<Self> { get }
    /// What the system itself puts on screen beyond the app's headless views (an experience's
    /// views at the frames its traits computed, a navigation stack), back to front; the run
    /// report, `ctlua render` and `:screen` draw them. A view without a known frame is drawn in a
    /// plain stack, so leave ``ScreenView/frame`` nil rather than guess one.
    static func screenLayers(of system: Self, in engine: Engine) -> [ScreenLayer]
}

extension SystemPlugin {
    public static var modules: [LuaModuleInfo] { [] }
    public static var steps: [SystemStep<Self>] { [] }
    public static var setupMembers: [SetupMember<Self>] { [] }
    public static var expectationKeys: [ExpectationKey<Self>] { [] }
    public static var eventTypes: [EventType] { [] }
    public static var replCommands: [REPLCommand<Self>] { [] }
    public static var commands: [any ParsableCommand.Type] { [] }
    public static var runFlags: [RunFlag<Self>] { [] }
    public static var checks: SystemChecks<Self> { SystemChecks() }
    public static func screenLayers(of system: Self, in engine: Engine) -> [ScreenLayer] { [] }
}

/// A Lua module as the REPL, completion and the reference list it.
public struct LuaModuleInfo: Sendable, Equatable {
    /// The global and `require` name.
    public var name: String
    /// One line: what the module is for.
    public var summary: String
    /// Its LuaLS annotation file, relative to the repository (`types/templates.lua`).
    public var typesFile: String?
    /// Every table its functions read (option, definition and plug-in tables): each refuses a key
    /// it does not declare (``LuaTableShape``), and the tests walk these declarations.
    public var tables: [LuaTableShape]

    public init(name: String, summary: String, typesFile: String? = nil, tables: [LuaTableShape] = []) {
        self.name = name
        self.summary = summary
        self.typesFile = typesFile
        self.tables = tables
    }
}

/// An error from a system's step, setup or REPL handler; its message is shown as is.
public struct SystemError: Error, CustomStringConvertible, Equatable {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

/// A transcript event type: its name, its fields beyond `t` and `type`, and what it means.
public struct EventType: Sendable, Equatable {
    public var name: String
    /// The fields, as documented (`id`, `template`, (`reason`) for optional ones).
    public var fields: [String]
    /// One line: when it is recorded.
    public var meaning: String

    public init(_ name: String, fields: [String], meaning: String) {
        self.name = name
        self.fields = fields
        self.meaning = meaning
    }
}
