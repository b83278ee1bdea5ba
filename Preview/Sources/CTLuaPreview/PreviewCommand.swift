import ArgumentParser
import CTLuaKit
import Foundation
import Hummingbird

/// `ctlua preview [PATH...]` (the `ctlua-preview` executable; `ctlua preview` runs it): a session
/// server on 127.0.0.1 and its page, to click through what the project's scripts show and record
/// it as a scenario.
public struct PreviewCommand: AsyncParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "ctlua preview",
        abstract: "Click through the project's presenters, experiences, hook flows and forms in a browser; record a scenario.",
        discussion: """
            Starts a local server bound to 127.0.0.1 on a free port and prints its address with a
            random token: open it in a browser on this machine. The page lists the JSON scenarios
            under PATH (default: the current folder) to start from (their setup and scripts) or a
            blank engine; it draws the screen as `ctlua test --report` does, and a click on a view
            taps it (a field takes typing, a picker a choice). Buttons send back, navigate, app
            events, deliveries, `advance` of the virtual clock, a relaunch, or any step as JSON.
            Beside the screen: the transcript and each system's state (the in-app queue, the
            appcues funnel, the hook chain, the FlowX process data).

            Editing a .lua or .json file under PATH replays the session on a fresh engine. "Pin
            expectation" records an `expect` of the state now; "Save as scenario" writes the steps
            taken, with an `expect` at the end, as a JSON scenario inside the current folder (the
            project): `ctlua test FILE` runs it.

            Scripts run under the sandbox and limits of `ctlua test`. Every request must carry the
            token (the page keeps it as an HttpOnly, SameSite=Strict cookie); other hosts, other
            Host names and other origins are refused, and no file is served. Ctrl-C stops.
            """)

    @Argument(help: "Folders or scenario files to start from and to watch (default: the current folder).")
    var paths: [String] = []

    @Option(help: "The port on 127.0.0.1 (default 0: a free one).")
    var port: Int = 0

    @Option(name: .customLong("max-memory"), help: "Memory limit of the Lua state in bytes (0: none; as `ctlua test`).")
    var maxMemory: Int?

    @Option(name: .customLong("max-instructions"), help: "Instruction limit per call into Lua (0: none; as `ctlua test`).")
    var maxInstructions: Int?

    @Option(help: "Seconds a single call into Lua may run (as `ctlua test`).")
    var timeout: Double?

    public init() {}

    public func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port \(port): expected 0 (a free port) to 65535") }
        if let maxMemory, maxMemory < 0 { throw ValidationError("--max-memory \(maxMemory): expected 0 or more bytes") }
        if let maxInstructions, maxInstructions < 0 { throw ValidationError("--max-instructions \(maxInstructions): expected 0 or more") }
        if let timeout, !(timeout > 0) { throw ValidationError("--timeout \(timeout): expected a positive number of seconds") }
    }

    public func run() async throws {
        let paths = self.paths.isEmpty ? ["."] : self.paths
        let project = ProjectFolder(root: FileManager.default.currentDirectoryPath)
        let limits = ScenarioLimits(maxMemory: maxMemory == 0 ? nil : maxMemory,
                                    maxInstructions: maxInstructions == 0 ? nil : maxInstructions, timeout: timeout)
        let preview = PreviewService(paths: paths, project: project, limits: limits)
        for problem in preview.problems { FileHandle.standardError.write(Data("ctlua preview: \(problem)\n".utf8)) }
        try await preview.run(port: port) { url in
            FileHandle.standardOutput.write(Data("ctlua preview: \(url)\nctlua preview: open it in a browser on this machine; Ctrl-C stops\n".utf8))
        }
    }
}

/// The preview as a whole: the engine thread and its host, the server, the file watcher.
struct PreviewService: Sendable {
    let engine: EngineThread<SessionHost>
    let server: PreviewServer
    let token: String
    let paths: [String]
    let problems: [String]

    init(paths: [String], project: ProjectFolder, limits: ScenarioLimits, makeSession: SessionFactory? = nil) {
        let catalog = SystemCatalog.standard
        let registry = StepRegistry(catalog: catalog)
        let found = StartPoints.find(paths: paths, project: project, catalog: catalog)
        let steps: [JSONValue] = registry.orderedSteps.map { step in
            ["name": .string(step.name), "system": step.system.map(JSONValue.string) ?? .null,
             "summary": .string(step.summary), "example": .string(step.example)]
        }
        let factory = makeSession ?? ScenarioSessionAdapter.factory(registry: registry, limits: limits)
        let starts = found.starts
        engine = EngineThread(name: "ctlua-preview-engine") {
            SessionHost(project: project, starts: starts, steps: steps, makeSession: factory)
        }
        token = AccessPolicy.makeToken()
        server = PreviewServer(engine: engine, token: token)
        self.paths = paths
        problems = found.problems
    }

    /// Serves until interrupted (SIGINT, SIGTERM); `ready` gets the URL once the port is bound.
    func run(port: Int, ready: @escaping @Sendable (String) -> Void) async throws {
        let engine = engine
        let token = token
        let watcher = Task { await FileWatcher(paths: paths).run { changed in engine.post { $0.reload(changed: changed) } } }
        defer { watcher.cancel(); engine.stop() }
        let app = server.application(port: port) { bound in ready("http://127.0.0.1:\(bound)/?token=\(token)") }
        try await app.runService()
    }
}
