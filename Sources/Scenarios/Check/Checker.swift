import Engine
import Foundation
import JSON
import LuaRuntime
import SystemKit

/// `ctlua check`: validates every file under some paths without running a scenario.
///
/// Files are taken as `ctlua test` takes them (folders searched recursively, hidden entries and
/// `__snapshots__` skipped), `.json` and `.lua` only. Each file is one of:
/// - a system's JSON file (the first system whose ``FileKindDefinition`` recognises it): read by
///   that system's own reader;
/// - a scenario (the folder rule of ``ScenarioDiscovery``, or any other `.json` with `steps`):
///   loaded and validated as `ctlua test` loads it (steps, setup, expectations), its scripts compiled,
///   the files its steps and setup members name checked to exist;
/// - any other `.lua`: a script, run at its top level in one engine shared by every script (so
///   definitions, traits, hooks and validators register), then each system reports what it found
///   unknown (``CheckDefinition/finish``).
public struct Checker {
    public var registry: StepRegistry
    /// Limits of the engine that runs the scripts.
    public var limits = LuaLimits(memory: 256 << 20, instructions: nil, timeout: 10, output: nil)

    public init(registry: StepRegistry) { self.registry = registry }

    /// What a check found.
    public struct Report: Sendable {
        /// One message per problem, `file:line:column: message` where it applies.
        public var problems: [String] = []
        /// How many files of each kind were checked (`scenario`, `script`, a system's kinds).
        public var counts: [String: Int] = [:]
        /// Paths given that do not exist (a usage error: exit 2).
        public var missingPaths: [String] = []

        /// `12 scenarios, 3 scripts, 1 FlowX process definition`.
        public var summary: String {
            counts.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)\($0.value == 1 ? "" : "s")" }.joined(separator: ", ")
        }
    }

    public func check(_ paths: [String]) -> Report {
        var report = Report()
        let (files, errors) = Self.files(paths)
        report.missingPaths = errors.map(\.description)
        var scripts: [ScenarioDiscovery.Found] = []
        var documents: [(ScenarioDiscovery.Found, JSONReader, FileKindDefinition)] = []
        var scenarios: [ScenarioDiscovery.Found] = []
        for found in files {
            if found.file.lowercased().hasSuffix(".lua") {
                var found = found
                found.rule = ScenarioDiscovery.scenarioRule(found.file)
                if found.rule != nil { scenarios.append(found) } else { scripts.append(found) }
                continue
            }
            let bytes: [UInt8]
            do { bytes = try FileBytes.read(found.file) } catch {
                report.problems.append(LocatedProblem(file: found.relativePath, message: "cannot read: \(error)").description)
                continue
            }
            let reader: JSONReader
            do { reader = try JSONReader(file: found.relativePath, bytes: bytes) } catch {
                report.problems.append(error.description)
                continue
            }
            if let kind = registry.catalog.fileKind(of: reader.root) {
                documents.append((found, reader, kind))
            } else if reader.root.objectValue?["steps"] != nil {
                var found = found
                found.rule = "a .json file whose top-level object has a \"steps\" key and that no system recognises"
                scenarios.append(found)
            } else if let keys = reader.root.objectValue?.keys, !keys.isEmpty, Set(keys).isSubset(of: ScenarioLoader.includeKeys) {
                // Shared setup (`include`): checked with each scenario that includes it.
                report.counts["shared setup", default: 0] += 1
            } else {
                let kinds = (["scenario (an object with \"steps\")", "shared setup (\"scripts\"/\"setup\" that scenarios include)"] + registry.catalog.fileKinds.map(\.name)).joined(separator: ", ")
                report.problems.append(LocatedProblem(file: found.relativePath,
                                                      message: "not a file ctlua reads (known: \(kinds))").description)
            }
        }
        report.problems += loadSystemFiles(scripts: scripts, documents: documents, counts: &report.counts)
        let loader = ScenarioLoader(registry: registry, runPaths: paths)
        let compiler = scenarios.isEmpty ? nil : try? LuaState(policy: .full, limits: limits)
        for found in scenarios {
            report.counts["scenario", default: 0] += 1
            switch loader.load(found) {
            case .failure(let failure): report.problems += failure.errors.map(\.description)
            case .success(let scenario): report.problems += checkBody(scenario, found: found, compiler: compiler)
            }
        }
        // Each file's problems together, files in the order found (a system reports some at the end).
        let order = files.map { $0.relativePath + ":" }
        report.problems = report.problems.enumerated().sorted { a, b in
            let (ia, ib) = (order.firstIndex { a.element.hasPrefix($0) } ?? order.count,
                            order.firstIndex { b.element.hasPrefix($0) } ?? order.count)
            return ia != ib ? ia < ib : a.offset < b.offset
        }.map(\.element)
        return report
    }

    /// Every `.json` and `.lua` file under `paths` (a file named is taken whatever its extension).
    static func files(_ paths: [String]) -> ([ScenarioDiscovery.Found], [LocatedProblem]) {
        ScenarioDiscovery.find(paths, isSystemFile: { _ in "any" }, everyFile: true)
    }
}
