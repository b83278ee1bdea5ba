import Foundation
import Scenarios

/// `ctlua test --watch`: runs the scenarios, then polls the files they come from and re-runs the
/// affected ones whenever something changes, until interrupted (Ctrl-C).
///
/// Which scenarios a change affects:
/// - a scenario file that changed or appeared: that scenario;
/// - a script listed in JSON scenarios' `scripts`: those scenarios;
/// - any other `.lua` or `.json` file under the watched paths (a script a `.lua` scenario loads
///   with `app.load`, a fixture): every scenario, since what reads it is not known in advance.
///
/// Polling (modification times and sizes, every `interval` seconds) works on every file system,
/// containers and network mounts included, where inotify may not.
struct Watcher {
    var options: RunnerOptions
    var registry: StepRegistry
    var interval: Double = 0.3
    /// Stops after this many runs (tests); nil: until interrupted.
    var maxRuns: Int?

    /// A file's identity for change detection: modification time and size.
    struct Stamp: Equatable {
        var modified: Date
        var size: Int
    }

    func run() -> Int32 {
        let paths = options.paths.isEmpty ? ["."] : options.paths
        var stamps = snapshot(paths)
        var status = Runner.run(options: options, registry: registry)
        var runs = 1
        FileHandle.standardError.write(Data("ctlua: watching \(stamps.count) files (Ctrl-C stops)\n".utf8))
        while maxRuns.map({ runs < $0 }) ?? true {
            Thread.sleep(forTimeInterval: interval)
            let now = snapshot(paths)
            let changed = Set(now.keys.filter { now[$0] != stamps[$0] })
            let removed = Set(stamps.keys).subtracting(now.keys)
            stamps = now
            guard !changed.isEmpty || !removed.isEmpty else { continue }
            let affected = affectedScenarios(changed: changed, in: paths)
            guard !affected.isEmpty else { continue }
            var rerun = options
            rerun.paths = affected
            FileHandle.standardError.write(Data("ctlua: \(changed.sorted().joined(separator: ", ")) changed; running \(affected.count) scenario\(affected.count == 1 ? "" : "s")\n".utf8))
            status = Runner.run(options: rerun, registry: registry)
            runs += 1
        }
        return status
    }

    /// Modification stamps of every `.json` and `.lua` file under `paths` (hidden entries and
    /// `__snapshots__` skipped), and of the scripts JSON scenarios list outside them.
    func snapshot(_ paths: [String]) -> [String: Stamp] {
        var files: [String] = []
        let fm = FileManager.default
        for path in paths {
            var isFolder: ObjCBool = false
            guard fm.fileExists(atPath: path, isDirectory: &isFolder) else { continue }
            guard isFolder.boolValue, let enumerator = fm.enumerator(atPath: path) else {
                files.append(absolute(path))
                continue
            }
            while let sub = enumerator.nextObject() as? String {
                let parts = sub.split(separator: "/")
                if parts.contains(where: { $0.hasPrefix(".") || $0 == "__snapshots__" }) { continue }
                if sub.hasSuffix(".json") || sub.hasSuffix(".lua") { files.append(absolute(path + "/" + sub)) }
            }
        }
        if case .success(let scenarios) = Runner.load(paths: paths, registry: registry) {
            for scenario in scenarios { if case .steps(let scripts, _, _) = scenario.body { files += scripts } }
        }
        var stamps: [String: Stamp] = [:]
        for file in files {
            guard let attributes = try? fm.attributesOfItem(atPath: file) else { continue }
            stamps[file] = Stamp(modified: attributes[.modificationDate] as? Date ?? .distantPast,
                                 size: (attributes[.size] as? NSNumber)?.intValue ?? 0)
        }
        return stamps
    }

    /// The scenario files to run again after `changed` (absolute paths).
    func affectedScenarios(changed: Set<String>, in paths: [String]) -> [String] {
        guard case .success(let scenarios) = Runner.load(paths: paths, registry: registry) else {
            return paths  // a file that no longer loads: run everything, so the load error shows
        }
        var affected: [String] = []
        var unknown = false
        for file in changed {
            if scenarios.contains(where: { $0.file == file }) { continue }
            let users = scenarios.filter { scenario in
                if case .steps(let scripts, _, _) = scenario.body { return scripts.contains(file) }
                return false
            }
            if users.isEmpty { unknown = true }
        }
        for scenario in scenarios {
            let listed: Bool
            if case .steps(let scripts, _, _) = scenario.body { listed = !changed.isDisjoint(with: scripts) } else { listed = false }
            if unknown || changed.contains(scenario.file) || listed { affected.append(scenario.file) }
        }
        return affected
    }

    private func absolute(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.path
    }
}
