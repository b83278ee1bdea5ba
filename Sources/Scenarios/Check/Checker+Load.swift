import Engine
import Foundation
import JSON
import LuaRuntime
import SystemKit

extension Checker {
    /// Per folder (the files of one folder make one app: a process and its validators, templates
    /// and their JSON definitions), runs the scripts in one engine, reads each system file with its
    /// system's reader, then asks every system what it found unknown.
    func loadSystemFiles(scripts: [ScenarioDiscovery.Found], documents: [(ScenarioDiscovery.Found, JSONReader, FileKindDefinition)],
                         counts: inout [String: Int]) -> [String] {
        let folder = { (found: ScenarioDiscovery.Found) in (found.file as NSString).deletingLastPathComponent }
        let folders = Set(scripts.map(folder) + documents.map { folder($0.0) }).sorted()
        return folders.flatMap { name in
            loadFolder(scripts: scripts.filter { folder($0) == name }, documents: documents.filter { folder($0.0) == name },
                       counts: &counts)
        }
    }

    private func loadFolder(scripts: [ScenarioDiscovery.Found], documents: [(ScenarioDiscovery.Found, JSONReader, FileKindDefinition)],
                            counts: inout [String: Int]) -> [String] {
        var problems: [String] = []
        var configuration = Engine.Configuration()
        configuration.policy = .full
        configuration.limits = limits
        configuration.scriptRoots = Array(Set(scripts.map { ($0.file as NSString).deletingLastPathComponent })).sorted()
        let engine: Engine
        do { engine = try registry.catalog.makeEngine(configuration) } catch {
            return ["ctlua: cannot make an engine: \(error)"]
        }
        let systems = registry.catalog.systems
        for system in systems {
            do { try system.checks.prepare(engine) } catch { problems.append("\(system.name): \(error)") }
        }
        for script in scripts {
            counts["script", default: 0] += 1
            do { try engine.load(path: script.file) } catch {
                problems.append((error as? LuaError)?.message ?? "\(script.relativePath): \(error)")
            }
        }
        for (found, reader, kind) in documents {
            counts[kind.name, default: 0] += 1
            do { problems += try kind.check(engine, reader) } catch {
                problems.append(Self.message(error, file: found.relativePath, kind: kind.name))
            }
        }
        for system in systems {
            do { problems += try system.checks.finish(engine) } catch { problems.append("\(system.name): \(error)") }
        }
        return problems
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

    /// A loaded scenario's scripts compile, and the files its setup and steps name exist.
    func checkBody(_ scenario: Scenario, found: ScenarioDiscovery.Found, compiler: LuaState?) -> [String] {
        guard case .steps(let scripts, let setup, let steps) = scenario.body else {
            return compile(scenario.file, shownAs: found.relativePath, in: compiler)
        }
        var problems: [String] = []
        for script in scripts { problems += compile(script, shownAs: Self.display(script), in: compiler) }
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
        guard !named.isEmpty else { return problems }
        let reader: JSONReader
        do { reader = try JSONReader(file: found.relativePath, bytes: try FileBytes.read(scenario.file)) } catch { return problems }
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
