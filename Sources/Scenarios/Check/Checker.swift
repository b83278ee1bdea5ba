import Engine
import Foundation
import JSON
import LuaRuntime
import SystemKit

/// `ctlua check`: validates every file under some paths without running a scenario: the load of
/// a `ctlua test` run, and what each system reads.
///
/// Files are taken as `ctlua test` takes them (folders searched recursively, hidden entries and
/// `__snapshots__` skipped), `.json` and `.lua` only. Each file is one of:
/// - a system's JSON file (the first system whose ``FileKindDefinition`` recognises it): read by
///   that system's own reader;
/// - a scenario (the folder rule of ``ScenarioDiscovery``, or any other `.json` with `steps`):
///   loaded and validated as `ctlua test` loads it (steps, setup, expectations), the files its
///   steps and setup members name checked to exist; a `.lua` scenario is compiled, not run;
/// - any other `.lua`: a script.
///
/// Per project (``project(of:)``) one engine, under the policy and limits of `ctlua test`,
/// loads every script once (those found and those the project's scenarios list), then every
/// system file of the project is read against what the scripts registered, whatever their
/// folders, then each system reports what it found unknown (``CheckDefinition/finish``).
public struct Checker {
    public var registry: StepRegistry
    /// Limits of the engines that load the scripts (each script's load is one entry into Lua):
    /// by default those of a `ctlua test` scenario.
    public var limits = ScenarioLimits().luaLimits
    /// The policy scripts run under: `strict` (as `ctlua test` runs them) unless asked.
    public var policy = SandboxPolicy.strict
    /// Backs each engine's timeout with the process watchdog (``LuaState/startWatchdog(grace:)``):
    /// only in a process that does nothing else (`ctlua check`).
    public var watchdog = false

    public init(registry: StepRegistry) { self.registry = registry }

    /// What a check found.
    public struct Report: Sendable {
        /// One line per problem, `file:line:column: message` where it applies, control characters
        /// escaped (a file name or an error message cannot start a line of its own).
        public var problems: [String] = []
        /// What the SDK would ignore without a word (the `warning` events the loads recorded,
        /// as `ctlua test` prints them `WARN`), one line each: not problems, unless `--strict`.
        public var warnings: [String] = []
        /// How many files of each kind were checked (`scenario`, `script`, a system's kinds).
        public var counts: [String: Int] = [:]
        /// Paths given that do not exist (a usage error: exit 2).
        public var missingPaths: [String] = []

        /// `12 scenarios, 3 scripts, 1 FlowX process definition`.
        public var summary: String {
            counts.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)\($0.value == 1 ? "" : "s")" }.joined(separator: ", ")
        }
    }

    /// The files of one check, sorted by what they are.
    struct Files {
        var scripts: [ScenarioDiscovery.Found] = []
        var documents: [(ScenarioDiscovery.Found, JSONReader, FileKindDefinition)] = []
        var scenarios: [ScenarioDiscovery.Found] = []
    }

    public func check(_ paths: [String]) -> Report {
        var report = Report()
        let (found, errors) = Self.files(paths)
        report.missingPaths = errors.map { ReportText.escapingControls($0.description) }
        var files = Files()
        for file in found { sort(file, into: &files, report: &report) }
        let loader = ScenarioLoader(registry: registry, runPaths: paths)
        var scenarios: [(ScenarioDiscovery.Found, Scenario?)] = []
        for file in files.scenarios {
            report.counts["scenario", default: 0] += 1
            switch loader.load(file) {
            case .failure(let failure):
                report.problems += failure.errors.map(\.description)
                scenarios.append((file, nil))
            case .success(let scenario): scenarios.append((file, scenario))
            }
        }
        loadProjects(files, scenarios: scenarios.compactMap(\.1), into: &report)
        let compiler = try? LuaState(policy: .strict, limits: limits)
        for case (let file, let scenario?) in scenarios {
            report.problems += checkBody(scenario, found: file, compiler: compiler)
        }
        report.problems = Self.grouped(report.problems, files: found).map { Self.shortened(ReportText.escapingControls($0)) }
        report.warnings = Self.grouped(report.warnings, files: found).map { Self.shortened(ReportText.escapingControls($0)) }
        return report
    }

    /// The longest problem line printed, in bytes: a script's error of megabytes is cut, saying
    /// how much was left out.
    static let longestLine = 8192

    /// `line` cut at ``longestLine`` bytes (on a character boundary), with the count of the rest.
    static func shortened(_ line: String) -> String {
        let bytes = line.utf8.count
        guard bytes > longestLine else { return line }
        var kept = line.utf8.prefix(longestLine)
        while let last = kept.last, last & 0xC0 == 0x80 { kept = kept.dropLast() }
        if let last = kept.last, last >= 0xC0 { kept = kept.dropLast() }
        return String(decoding: kept, as: UTF8.self) + "... (\(bytes - kept.count) more bytes)"
    }

    /// Puts a file found into its list, or reports why it is no file ctlua reads.
    private func sort(_ found: ScenarioDiscovery.Found, into files: inout Files, report: inout Report) {
        if found.file.lowercased().hasSuffix(".lua") {
            var found = found
            found.rule = ScenarioDiscovery.scenarioRule(found.file)
            if found.rule != nil { files.scenarios.append(found) } else { files.scripts.append(found) }
            return
        }
        let bytes: [UInt8]
        do { bytes = try FileBytes.read(found.file) } catch {
            report.problems.append(LocatedProblem(file: found.relativePath, message: "cannot read: \(error)").description)
            return
        }
        let reader: JSONReader
        do { reader = try JSONReader(file: found.relativePath, bytes: bytes) } catch {
            report.problems.append(error.description)
            return
        }
        if let kind = registry.catalog.fileKind(of: reader.root) {
            files.documents.append((found, reader, kind))
        } else if reader.root.objectValue?["steps"] != nil {
            var found = found
            found.rule = "a .json file whose top-level object has a \"steps\" key and that no system recognises"
            found.document = .success(reader)
            files.scenarios.append(found)
        } else if let keys = reader.root.objectValue?.keys, !keys.isEmpty, Set(keys).isSubset(of: ScenarioLoader.includeKeys) {
            // Shared setup (`include`): checked with each scenario that includes it.
            report.counts["shared setup", default: 0] += 1
        } else {
            let kinds = (["scenario (an object with \"steps\")", "shared setup (\"scripts\"/\"setup\" that scenarios include)"]
                         + registry.catalog.fileKinds.map(\.name)).joined(separator: ", ")
            report.problems.append(LocatedProblem(file: found.relativePath,
                                                  message: "not a file ctlua reads (known: \(kinds))").description)
        }
    }

    /// Each file's problems together, files in the order found (a system reports some at the
    /// end), in one pass: a problem's file is the longest file name it starts with, before a `:`.
    static func grouped(_ problems: [String], files: [ScenarioDiscovery.Found]) -> [String] {
        var order: [String: Int] = [:]
        for (index, file) in files.enumerated() where order[file.relativePath] == nil { order[file.relativePath] = index }
        let longest = files.map(\.relativePath.utf8.count).max() ?? 0
        func rank(_ problem: String) -> Int {
            var best = files.count
            for (offset, byte) in problem.utf8.prefix(longest + 1).enumerated() where byte == UInt8(ascii: ":") {
                if let found = order[String(decoding: problem.utf8.prefix(offset), as: UTF8.self)] { best = found }
            }
            return best
        }
        return problems.enumerated().map { ($0.offset, rank($0.element), $0.element) }
            .sorted { $0.1 != $1.1 ? $0.1 < $1.1 : $0.0 < $1.0 }.map(\.2)
    }

    /// Every `.json` and `.lua` file under `paths` (a file named is taken whatever its extension).
    static func files(_ paths: [String]) -> ([ScenarioDiscovery.Found], [LocatedProblem]) {
        ScenarioDiscovery.find(paths, isSystemFile: { _ in "any" }, everyFile: true)
    }
}
