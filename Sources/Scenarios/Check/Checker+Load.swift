import Engine
import Foundation
import JSON
import LuaRuntime
import SystemKit

extension Checker {
    /// The folder that names the project of `file`: the nearest folder above it holding
    /// `.ctlua/` (what `ctlua init` writes), or "" (the run's own project, the folder `ctlua
    /// test` loads from). Two projects checked together are two apps, each with its engine.
    static func project(of file: String, cache: inout [String: String]) -> String {
        var folder = (file as NSString).deletingLastPathComponent
        var visited: [String] = []
        var root = ""
        while !folder.isEmpty {
            if let known = cache[folder] { root = known; break }
            visited.append(folder)
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: folder + "/.ctlua", isDirectory: &isFolder), isFolder.boolValue {
                root = folder
                break
            }
            if folder == "/" { break }
            folder = (folder as NSString).deletingLastPathComponent
        }
        for seen in visited { cache[seen] = root }
        return root
    }

    /// Per project, one engine loads every script once, then reads each system file against
    /// what they registered, then asks every system what it found unknown.
    func loadProjects(_ files: Files, scenarios: [Scenario], into report: inout Report) {
        var cache: [String: String] = [:]
        var scripts: [String: [String]] = [:]
        var documents: [String: [(ScenarioDiscovery.Found, JSONReader, FileKindDefinition)]] = [:]
        for script in files.scripts {
            scripts[Self.project(of: script.file, cache: &cache), default: []].append(script.file)
        }
        for scenario in scenarios {
            guard case .steps(let listed, _, _) = scenario.body else { continue }
            let project = Self.project(of: scenario.file, cache: &cache)
            scripts[project, default: []] += listed
        }
        for document in files.documents { documents[Self.project(of: document.0.file, cache: &cache), default: []].append(document) }
        for project in Set(scripts.keys).union(documents.keys).sorted() {
            loadProject(scripts: scripts[project] ?? [], documents: documents[project] ?? [], into: &report)
        }
    }

    /// The engine of a project's check: the policy and limits of a `ctlua test` scenario, the
    /// folder the check runs from as load root; under `full`, `os.exit` raises an error instead
    /// of ending the check.
    func makeEngine() throws -> Engine {
        var configuration = Engine.Configuration()
        configuration.policy = policy
        configuration.limits = limits
        configuration.loadRoots = [FileManager.default.currentDirectoryPath]
        let engine = try registry.catalog.makeEngine(configuration)
        if watchdog { engine.lua.startWatchdog() }
        if policy == .full, case .table(let os) = engine.lua.globals["os"] {
            try os.set(.string(LuaString("exit")), .function(engine.lua.function("exit") { _ in
                throw LuaError.callback(message: "os.exit: a checked script cannot end `ctlua check`")
            }))
        }
        return engine
    }

    private func loadProject(scripts: [String], documents: [(ScenarioDiscovery.Found, JSONReader, FileKindDefinition)],
                             into report: inout Report) {
        var problems: [String] = []
        let engine: Engine
        do { engine = try makeEngine() } catch {
            return report.problems.append("ctlua: cannot make an engine: \(error)")
        }
        // Where each file's work starts in the transcript: a warning that names no file is
        // about the file being read when it was recorded.
        var starts: [(event: Int, file: String?)] = []
        let systems = registry.catalog.systems
        for system in systems {
            do { try system.checks.prepare(engine) } catch { problems.append("\(system.name): \(error)") }
        }
        var tried: Set<String> = []
        for script in scripts {
            // Once each: a scenario's script may also be a file found, or loaded by another script.
            let absolute = ScenarioDiscovery.normalize(script)
            guard tried.insert(absolute).inserted, !engine.scripts.contains(absolute) else { continue }
            report.counts["script", default: 0] += 1
            let shown = Self.display(absolute)
            starts.append((engine.transcript.events.count, shown))
            let first = engine.transcript.events.count
            var failure: String?
            do {
                try engine.load(path: absolute)
                // The script's garbage collected now, under the limits: its finalizers run while
                // its name is known (a `__gc` that loops or fails is this script's problem).
                try engine.run("collectgarbage()", name: "=(collecting \(shown)'s garbage)")
            } catch {
                failure = Self.naming(shown, error)
            }
            // An error the load recorded (a finalizer's, a timer's) fails a scenario in `test`;
            // a finalizer's stops the collection too: said once.
            let recorded = Self.errorEvents(of: engine, from: first)
            if let failure, recorded.isEmpty || !engine.scripts.contains(absolute) { problems.append(failure) }
            problems += recorded.map { "\(shown): \($0)" }
        }
        for (found, reader, kind) in documents {
            report.counts[kind.name, default: 0] += 1
            starts.append((engine.transcript.events.count, found.relativePath))
            do { problems += try kind.check(engine, reader) } catch {
                problems.append(Self.message(error, file: found.relativePath, kind: kind.name))
            }
        }
        starts.append((engine.transcript.events.count, nil))
        for system in systems {
            do { problems += try system.checks.finish(engine) } catch { problems.append("\(system.name): \(error)") }
        }
        report.problems += problems
        report.warnings += Self.warnings(of: engine, starts: starts)
    }

    /// The messages of the project's `warning` events (what the SDK would ignore: the warnings
    /// of `ctlua test`), each naming its file: the one it names, else the one being read.
    static func warnings(of engine: Engine, starts: [(event: Int, file: String?)]) -> [String] {
        engine.transcript.events.enumerated().compactMap { index, event in
            guard event.type == "warning" else { return nil }
            let message = event["message"]?.stringValue ?? JSONWriter.text(event.json)
            guard event["file"] == nil, let file = starts.last(where: { $0.event <= index })?.file else { return message }
            return "\(file): \(message)"
        }
    }

    /// The messages of the `error` events recorded since event `first`.
    static func errorEvents(of engine: Engine, from first: Int) -> [String] {
        engine.transcript.events.dropFirst(first).filter { $0.type == "error" }.map { $0["message"]?.stringValue ?? "error" }
    }

    /// A script's error as a problem: a syntax error and a string raised by Lua code as they are
    /// (they start with `file:line:`), any other (a limit, an error object, not enough memory)
    /// after the file's name, so it names its file too.
    static func naming(_ file: String, _ error: any Error) -> String {
        switch error as? LuaError {
        case .syntax(let message, _)?: return message
        case .runtime(let message, _, .string)?: return message
        case let error?: return "\(file): \(error.message)"
        case nil: return "\(file): \(error)"
        }
    }

    /// `path` relative to the working folder when inside it.
    static func display(_ path: String) -> String {
        ScenarioDiscovery.relativeToCurrentFolder(path, cwd: FileManager.default.currentDirectoryPath) ?? path
    }

    /// A problem as users see it: a located problem as it is, anything else after the file's name.
    static func message(_ error: any Error, file: String, kind: String) -> String {
        if let problem = error as? LocatedProblem { return problem.description }
        if let lua = error as? LuaError { return lua.message }
        return "\(file): \(kind): \(error)"
    }

    /// A loaded scenario's files named by its setup and steps exist; a `.lua` scenario compiles
    /// (it is not run). A JSON scenario's scripts were loaded with its project's.
    func checkBody(_ scenario: Scenario, found: ScenarioDiscovery.Found, compiler: LuaState?) -> [String] {
        guard case .steps(_, let setup, let steps) = scenario.body else {
            return compile(scenario.file, shownAs: found.relativePath, in: compiler)
        }
        let references = CoreSteps.fileReferences + registry.catalog.systems.flatMap(\.checks.references)
        var named: [(JSONPath, String)] = []
        for reference in references {
            switch reference.place {
            case .setup(let member):
                if let value = setup.objectValue?[member] { named += reference.files(value, JSONPath.root.key("setup").key(member)) }
            case .step(let name):
                for step in steps where step.name == name { named += reference.files(step.object, step.path) }
            }
        }
        guard !named.isEmpty else { return [] }
        let reader: JSONReader
        if case .success(let read)? = found.document { reader = read } else {
            do { reader = try JSONReader(file: found.relativePath, bytes: try FileBytes.read(scenario.file)) } catch { return [] }
        }
        var problems: [String] = []
        for (path, name) in named {
            let full = ScenarioDiscovery.normalize(name.hasPrefix("/") ? name : scenario.directory + "/" + name)
            var isFolder: ObjCBool = false
            if !FileManager.default.fileExists(atPath: full, isDirectory: &isFolder) {
                problems.append(reader.problem("file not found: \(name) (looked for \(full))", at: path).description)
            } else if isFolder.boolValue {
                problems.append(reader.problem("a folder, not a file: \(name)", at: path).description)
            } else if !FileManager.default.isReadableFile(atPath: full) {
                problems.append(reader.problem("file not readable: \(name)", at: path).description)
            }
        }
        return problems
    }

    /// A script compiles (it is not run): its syntax errors, with file and line.
    func compile(_ path: String, shownAs name: String, in state: LuaState?) -> [String] {
        guard let state else { return [] }
        do {
            _ = try state.loadFile(path, chunkName: name)
            return []
        } catch {
            return [error.message]
        }
    }
}
