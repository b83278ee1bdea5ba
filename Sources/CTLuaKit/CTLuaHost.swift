import Foundation

/// The stable entry points of ctlua as a library: engines with a chosen set of systems, scenarios
/// loaded from files or JSON text and run in this process, and the screen as text.
///
/// A host is a value (`Sendable`); the engines it makes are not: an ``Engine`` is confined to the
/// thread that made it (one engine per thread for parallel work).
///
/// ```swift
/// let host = CTLuaHost()                               // the standard systems
/// let engine = try host.makeEngine(folder: "presenters")
/// try engine.load(path: "presenters/banner.lua")
/// try engine.run("app.tap('ok')")
/// print(engine.transcript.events.map(\.type))
/// ```
public struct CTLuaHost: Sendable {
    /// ctlua's version: what `ctlua --version` prints, the newest release heading of CHANGELOG.md
    /// and the release's git tag (a test fails when the three disagree).
    public static let version = "0.2.0"

    /// The systems engines are assembled from.
    public let systems: SystemCatalog
    /// The steps, `setup` members and expectation keys of those systems and the core.
    public let registry: StepRegistry
    /// Limits of every engine (memory, instructions, wall time per entry into Lua).
    public var limits: ScenarioLimits

    /// A host for `systems` (default: every system ctlua ships; `SystemCatalog([...])` for fewer).
    public init(systems: SystemCatalog = .standard, limits: ScenarioLimits = ScenarioLimits()) {
        self.systems = systems
        self.registry = StepRegistry(catalog: systems)
        self.limits = limits
    }

    /// A new engine with the systems installed, as a scenario's engine is made: the strict
    /// sandbox, `folder` as its script root and base folder (scripts load from there and
    /// `templates.file` paths resolve there), the host's limits.
    public func makeEngine(folder: String) throws -> Engine {
        try systems.makeEngine(executor.configuration(folder: folder))
    }

    /// The scenarios of files and folders, as `ctlua test` finds and loads them; every problem
    /// of every file when any is wrong.
    public func scenarios(at paths: [String]) throws(ScenarioLoadErrors) -> [Scenario] {
        try Runner.load(paths: paths, registry: registry).get()
    }

    /// The scenarios of JSON scenario text (one, or one per case of `cases`), validated as a file
    /// is; `folder` is where its scripts and files are found, `name` its file name in messages (a
    /// name, not a path: `..` or `/` is a load error).
    public func scenarios(json: String, folder: String, name: String = "scenario.json") throws(ScenarioLoadErrors) -> [Scenario] {
        guard !name.isEmpty, !name.contains("/"), name != ".", name != ".." else {
            throw ScenarioLoadErrors([LocatedProblem(file: name, message: "a scenario's name is a file name, not a path")])
        }
        let file = URL(fileURLWithPath: folder, isDirectory: true).appendingPathComponent(name).path
        let found = ScenarioDiscovery.Found(relativePath: name, file: file)
        let stem = (name as NSString).deletingPathExtension
        return try ScenarioLoader(registry: registry).loadAll(bytes: Array(json.utf8), found: found, defaultName: stem).get()
    }

    /// Runs a scenario on a new engine in this process; its failures, transcript and step screens
    /// are in the result. (`ctlua test` also runs each scenario in a worker process that a crash
    /// or a wall-clock overrun ends; here the host's limits bound each entry into Lua.)
    public func run(_ scenario: Scenario) -> ScenarioResult {
        var executor = executor
        executor.screens = true
        return executor.run(scenario)
    }

    /// What `engine` shows, drawn as text (the REPL's `:screen`): the app's views and what each
    /// system puts on screen.
    public func screenText(of engine: Engine) -> String {
        ScreenText.render(ScreenCapture.screen(of: engine, catalog: systems))
    }

    private var executor: ScenarioExecutor { ScenarioExecutor(registry: registry, limits: limits) }
}
