import Foundation
import JSON
import LuaRuntime

/// One simulated app: a Lua state with its sandbox and limits, a virtual clock and
/// run loop, a transcript, a headless UI, storage and a file fetcher. Systems
/// (``EngineSystem``) hang off it; the engine knows none of them by name.
///
/// An engine is confined to one thread; parallelism is one engine per worker.
/// Every driving call returns once the engine is idle (`settle()`).
public final class Engine {
    /// How an engine is set up.
    public struct Configuration {
        public var policy: SandboxPolicy = .strict
        public var limits: LuaLimits = .standard
        /// The state directory (nil: a temporary one, removed with the engine; nothing in it
        /// outlives the engine, so its writes are atomic but not fsynced: `Storage.isDurable`).
        public var stateDirectory: URL?
        /// Folders `require` searches (a loaded script's folder is added automatically).
        public var scriptRoots: [String] = []
        /// `print` goes to standard output instead of the transcript (`ctlua run`).
        public var printToStandardOutput = false
        /// Relative paths given to `app.load` resolve against this folder (default: the working directory).
        public var baseDirectory: URL?
        /// Under `strict`, folders besides `scriptRoots` that a script's `app.load` may read
        /// (the scenario runner adds the folder `ctlua test` runs from: the project).
        public var loadRoots: [String] = []
        /// Records line coverage of the scripts loaded from files (``Engine/coverage``).
        public var coverage = false
        public init() {}
    }

    public let configuration: Configuration
    public let clock = VirtualClock()
    public let transcript: Transcript
    public let ui: HeadlessUI
    public let storage: Storage
    /// Fetches in-app files: local paths, `file://`, http(s) through a 14-day cache; fixtures replace it.
    public let files: SwitchableFileFetcher
    /// The default fetcher (cache over local and http).
    public let defaultFetcher: any FileFetcher
    /// The current Lua state (a new one after each relaunch).
    // `lua` and `retainedBytes` without dynamic exclusivity checks (three per `retain`, which
    // every delivered value pays): plain reads and writes on the engine's one thread.
    @exclusivity(unchecked) public private(set) var lua: LuaState
    /// Scripts loaded with `app.load` (run again on relaunch), in order.
    public private(set) var scripts: [String] = []
    /// Number of relaunches so far.
    public private(set) var launches = 1

    /// Bytes of script-made values the engine keeps outside Lua (UI properties, log lines and
    /// errors in the transcript, what systems keep for scripts), charged by `retain`.
    @exclusivity(unchecked) public internal(set) var retainedBytes = 0
    /// Entries from Swift into Lua running inside each other, over every state the engine makes
    /// (a relaunch's new state included): a presenter that delivers, a hook that navigates, a
    /// trait that shows, a validator that submits end with one clear error at its limit.
    public let nesting: LuaNesting

    private var systems: [any EngineSystem] = []
    private var retired: [LuaState] = []
    private let ownsDirectory: Bool

    public init(configuration: Configuration = Configuration()) throws {
        self.configuration = configuration
        let clock = self.clock
        transcript = Transcript(clock: { clock.now })
        ui = HeadlessUI(transcript: transcript)
        if let directory = configuration.stateDirectory {
            storage = try Storage(directory: directory)
            ownsDirectory = false
        } else {
            let temp = FileManager.default.temporaryDirectory.appendingPathComponent("ctlua-engine-\(UUID().uuidString)")
            storage = try Storage(directory: temp, durable: false)
            ownsDirectory = true
        }
        let transcript = self.transcript
        defaultFetcher = CachingFileFetcher(
            upstream: RoutingFileFetcher(local: LocalFileFetcher(baseDirectory: configuration.baseDirectory),
                                         remote: HTTPFileFetcher(directory: storage.directory.appendingPathComponent("downloads"))),
            storage: storage, clock: clock, onError: { transcript.record("error", ["message": .string($0)]) })
        files = SwitchableFileFetcher(target: defaultFetcher)
        let nesting = LuaNesting()
        self.nesting = nesting
        lua = try Engine.makeState(configuration, nesting: nesting)
        // weak: the transcript holds the clock (its time source); a strong capture would be a cycle
        clock.onOverrun = { [weak transcript] in transcript?.record("error", ["message": .string($0)]) }
        try installCoreModules()
        // Under strict, a script learns nothing of host files outside its roots through a file
        // URL (an in-app's `file://` argument): the same rule as `app.load`.
        if configuration.policy == .strict {
            files.confine = { [unowned self] url in
                // The path as the fetcher opens it (not `..`-folded: the kernel follows links first).
                self.isInsideLoadRoots(LocalFileFetcher.path(of: url, baseDirectory: self.configuration.baseDirectory), mustExist: false)
            }
        }
    }

    deinit {
        lua.close()
        for state in retired { state.close() }
        if ownsDirectory { try? FileManager.default.removeItem(at: storage.directory) }
    }

    private static func makeState(_ configuration: Configuration, nesting: LuaNesting) throws -> LuaState {
        let state = try LuaState(policy: configuration.policy, limits: configuration.limits, scriptRoots: configuration.scriptRoots)
        state.nesting = nesting
        if configuration.coverage { state.startCoverage() }
        return state
    }

    /// Line coverage of the scripts run so far, over every launch (nil unless
    /// `configuration.coverage`).
    public var coverage: LuaCoverage? {
        guard configuration.coverage else { return nil }
        return LuaCoverage.merged((retired + [lua]).compactMap(\.coverage))
    }

    /// Adds a system and installs it into the current state.
    public func add(_ system: any EngineSystem) throws {
        systems.append(system)
        try system.install(in: self)
    }

    /// The simulated app came back from the background: every system hears it
    /// (`appDidEnterForeground`), in the order they were added. The system that simulates the app's
    /// lifecycle (`app.background`/`app.foreground`) calls it.
    public func enterForeground() {
        for system in systems { system.appDidEnterForeground(self) }
    }

    /// The first added system of type `T`.
    public func system<T: EngineSystem>(_ type: T.Type) -> T? {
        systems.lazy.compactMap { $0 as? T }.first
    }

    /// Registers a Lua module in the current state: reachable with `require(name)` and as a global.
    /// Under `strict` every script reaches it through its own read-only view (see `EngineSystem`).
    public func installModule(_ name: String, _ make: @escaping (LuaState) throws -> LuaValue) throws {
        try install(name, make, into: lua)
    }

    private func install(_ name: String, _ make: @escaping (LuaState) throws -> LuaValue, into state: LuaState) throws {
        let module = try make(state)
        state.preload(name, loader: state.function(name) { _ in [module] })
        state.globals[name] = module
    }

    private func installCoreModules() throws {
        lua.installJSONModule()
        lua.globals["json"] = try lua.require("json")
        if !configuration.printToStandardOutput {
            lua.printHandler = { [unowned self] line in self.transcript.record("log", ["message": .string(line)]) }
        }
        lua.warningHandler = { [unowned self] warning in self.transcript.record("error", ["message": .string(warning)]) }
        try install("app", AppModule.make(engine: self), into: lua)
        try install("ui", UIModule.make(engine: self), into: lua)
    }

    /// Runs every timer due now, and what they schedule: the engine is then idle.
    public func settle() { clock.drain() }

    /// Runs a chunk in a fresh environment, then settles. Errors are thrown, not recorded.
    @discardableResult
    public func run(_ code: String, name: String = "=(chunk)") throws -> [LuaValue] {
        defer { settle() }
        return try lua.run(code, name: name)
    }

    /// Runs an extension script (presenters, traits, hooks, validators) and remembers it for relaunch.
    public func load(path: String) throws {
        try load(paths: [path])
    }

    /// Runs several scripts, then settles once: an in-app restored from storage is not presented
    /// (or skipped as unregistered) before the last script has defined its template.
    public func load(paths: [String]) throws {
        defer { settle() }
        for path in paths {
            let absolute = URL(fileURLWithPath: path, relativeTo: configuration.baseDirectory).standardizedFileURL.path
            try runScript(absolute)
            scripts.append(absolute)
        }
    }

    /// `path` relative to the working folder when inside it (messages name `presenters/x.lua:3:`,
    /// not the whole absolute path, which Lua would also shorten with `...`).
    static func displayPath(_ path: String) -> String {
        let cwd = FileManager.default.currentDirectoryPath
        let prefix = cwd.hasSuffix("/") ? cwd : cwd + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }

    /// Runs a script the way `app.load` does for a script: under `strict` the path (relative to
    /// `baseDirectory`) must resolve, symlinks included, inside a script root or a load root, and
    /// must not contain NUL. A load that fails widens nothing (its folder is not kept as a root).
    public func loadFromScript(path: String) throws {
        guard configuration.policy == .strict else { return try load(path: path) }
        guard !path.utf8.contains(0) else { throw LuaError.callback(message: "app.load: the path contains a NUL byte") }
        let absolute = URL(fileURLWithPath: path, relativeTo: configuration.baseDirectory).standardizedFileURL.path
        guard isInsideLoadRoots(absolute) else {
            throw LuaError.callback(message: "app.load: '\(path)' is not a file inside the script roots")
        }
        try load(path: absolute)
    }

    /// Whether `path` (absolute) is a file a script may reach under `strict`: inside a script
    /// root or a load root, symlinks resolved (``PathConfinement``). `app.load` and in-app
    /// `file://` paths both ask it.
    public func isInsideLoadRoots(_ path: String, mustExist: Bool = true) -> Bool {
        PathConfinement.isInside(path, roots: lua.scriptRoots + configuration.loadRoots, mustExist: mustExist)
    }

    private func runScript(_ path: String) throws {
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        let added = !lua.scriptRoots.contains(folder)
        if added { lua.scriptRoots.append(folder) }
        do {
            try lua.loadFile(path, chunkName: Self.displayPath(path)).call()
        } catch {
            if added, let index = lua.scriptRoots.lastIndex(of: folder) { lua.scriptRoots.remove(at: index) }
            throw error
        }
    }

    /// The server's reply to the launch batch of the relaunch in progress (`app.relaunch(response)`,
    /// `{"relaunch": {...}}`), for systems to read in `didRelaunch`; nil otherwise.
    public private(set) var launchResponse: JSONValue?

    /// Persists, rebuilds the Lua state and every system from storage, and runs the loaded scripts again.
    ///
    /// `response`: what the server answers the launch (systems read it as `launchResponse`).
    public func relaunch(response: JSONValue? = nil) throws {
        launchResponse = response
        defer { launchResponse = nil }
        for system in systems { try system.prepareRelaunch(self) }
        retired.append(lua)   // it may be running the caller (a `.lua` scenario); closed with the engine
        clock.cancelAll()     // timers belonged to the app process that is gone
        ui.clear()            // so did its views (and their tap handlers, which call the old state)
        lua = try Engine.makeState(configuration, nesting: nesting)
        launches += 1
        try installCoreModules()
        for system in systems { try system.install(in: self) }
        transcript.record("app.relaunched", ["launch": .integer(Int64(launches))])
        for script in scripts { try runScript(script) }
        for system in systems { try system.didRelaunch(self) }
        settle()
    }

    /// Calls a Lua function from the run loop (a timer, a tap); an error becomes an `error` event.
    public func callRecordingErrors(_ function: LuaFunction, _ arguments: [LuaValue] = [], source: String? = nil) {
        do { try function.call(arguments: arguments) } catch { recordError(error, source: source) }
    }
}
