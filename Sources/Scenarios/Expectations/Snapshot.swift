import Engine
import Foundation
import JSON
import LuaRuntime
import SystemKit

/// How `expect: {"snapshot": NAME}` treats its stored transcript (Jest's rules).
public struct SnapshotMode: Sendable, Equatable {
    /// `--update-snapshots`: write every snapshot compared, passing.
    public var update: Bool
    /// In CI (`CI` set and not `false`/`0`), a missing snapshot fails instead of being written.
    public var ci: Bool

    public init(update: Bool = false, ci: Bool = false) {
        self.update = update
        self.ci = ci
    }

    /// From the environment: `CI=true` (GitHub, GitLab, CircleCI, Buildkite all set it).
    public static func fromEnvironment(update: Bool, _ environment: [String: String] = ProcessInfo.processInfo.environment) -> SnapshotMode {
        let value = environment["CI"]?.lowercased() ?? ""
        return SnapshotMode(update: update, ci: !value.isEmpty && value != "false" && value != "0")
    }
}

/// Golden transcripts: the transcript so far, compared with `__snapshots__/<scenario>.snap.json`
/// beside the scenario file (one member per snapshot name, one event per line). Times are virtual
/// and ids come from the scenario, so a transcript is stable from run to run; `traceback` fields
/// (paths and line numbers of ctlua's own frames) are left out.
struct SnapshotStore {
    var mode: SnapshotMode

    /// The snapshot file of a scenario file.
    static func file(for scenarioFile: String) -> String {
        let url = URL(fileURLWithPath: scenarioFile)
        let stem = url.deletingPathExtension().lastPathComponent
        return url.deletingLastPathComponent().appendingPathComponent("__snapshots__/\(stem).snap.json").path
    }

    /// One line per event, as stored.
    static func lines(_ events: [TranscriptEvent]) -> [String] {
        events.map { event in
            var json = event.json
            if case .object(var object) = json {
                object["traceback"] = nil
                json = .object(object)
            }
            return JSONWriter.text(json)
        }
    }

    /// Compares (or writes) the snapshot `name`; a failure message with a diff, or nil.
    func check(_ name: String, scenarioFile: String, events: [TranscriptEvent]) -> (message: String, expected: String, actual: String)? {
        let path = Self.file(for: scenarioFile)
        let shown = ScenarioDiscovery.relativeToCurrentFolder(path, cwd: FileManager.default.currentDirectoryPath) ?? path
        let actual = Self.lines(events)
        var stored: [String: [String]] = [:]
        let data: [UInt8]?
        do { data = try FileBytes.read(path) } catch {
            guard error.isMissing else {
                return ("cannot read snapshot file \(shown): \(error.problem)", "a JSON object of snapshots", "unreadable")
            }
            data = nil
        }
        if let data {
            guard let parsed = try? JSONDocument(bytes: data).value, case .object(let object) = parsed else {
                return ("snapshot file is not valid JSON: \(shown)", "a JSON object of snapshots", "unreadable; fix it or delete it and run with --update-snapshots")
            }
            for (key, value) in object { stored[key] = value.arrayValue?.map { JSONWriter.text($0) } ?? [] }
        }
        if let expected = stored[name], !mode.update {
            if expected == actual { return nil }
            return ("transcript differs from snapshot \(JSONWriter.quote(name)) (\(shown); --update-snapshots accepts it)",
                    "\(expected.count) events", Self.diff(expected, actual))
        }
        if stored[name] == nil, mode.ci, !mode.update {
            return ("snapshot \(JSONWriter.quote(name)) is missing in CI (\(shown)): run `ctlua test --update-snapshots` locally and commit it",
                    "a stored snapshot", "none")
        }
        stored[name] = actual
        do { try Self.write(stored, to: path) } catch {
            return ("cannot write snapshot \(JSONWriter.quote(name)): \(error)", "a written snapshot", "\(path)")
        }
        return nil
    }

    /// `{"name": [event, ...], ...}` with sorted names, one event per line; a symbolic link at the
    /// file or its folder is refused, never written through.
    static func write(_ snapshots: [String: [String]], to path: String) throws {
        var text = "{\n"
        let names = snapshots.keys.sorted()
        for (i, name) in names.enumerated() {
            text += "  \(JSONWriter.quote(name)): ["
            let events = snapshots[name] ?? []
            text += events.isEmpty ? "" : "\n" + events.map { "    " + $0 }.joined(separator: ",\n") + "\n  "
            text += i == names.count - 1 ? "]\n" : "],\n"
        }
        text += "}\n"
        // named after the scenario, beside it: neither the file nor its `__snapshots__` folder is followed if a link
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        var info = stat()
        if lstat(folder, &info) == 0, info.st_mode & S_IFMT == S_IFLNK {
            throw ReportFileError(path: folder, reason: "is a symbolic link: not written through (ctlua names this file; remove it)")
        }
        try RunnerOutput.writeNamedToDisk(path, text)
    }

    /// The diff of two snapshots, indented under the failure.
    static func diff(_ expected: [String], _ actual: [String]) -> String {
        "\n" + LineDiff.lines(expected, actual).map { "      " + $0 }.joined(separator: "\n")
    }
}
