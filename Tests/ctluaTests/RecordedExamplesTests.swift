import Foundation
import JSON
import Scenarios
import Systems
import Testing
import TestSupport

/// Every JSON example scenario played in a recording session (``ScenarioSession``) with the four
/// systems, then pinned and saved: what `ctlua preview` and `:record` write must pass `ctlua
/// test` as written, whichever system's state it pins (templates' `displayed`/`queue`, traits'
/// `experience`/`analytics`, hooks' `navigation`, FlowX's `process`, the core's `ui`).
@Suite struct RecordedExamplesTests {
    /// A copy of `examples/` (a session saves beside the scenario it started from).
    private func copyOfExamples() throws -> URL {
        let dir = try TemporaryFolder.make()
        try FileManager.default.copyItem(at: CLI.packageRoot.appendingPathComponent("examples"), to: dir.appendingPathComponent("examples"))
        return dir
    }

    /// The JSON scenarios under `examples/scenarios` that a session can start from (no `cases`,
    /// not marked skip/todo/only, none that is meant to fail).
    private func startable(in root: URL) throws -> [URL] {
        let base = root.appendingPathComponent("examples/scenarios")
        let files = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil)?.compactMap { $0 as? URL } ?? []
        return try files.filter { url in
            guard url.pathExtension == "json", !url.path.contains("__snapshots__"), !url.path.contains("/fixtures/"),
                  !url.path.contains("/shared/") else { return false }
            let value = try JSONValue.decode(String(contentsOf: url, encoding: .utf8))
            guard value["steps"] != nil, value["cases"] == nil, value["skip"] == nil, value["todo"] == nil, value["only"] == nil else { return false }
            return !(value["steps"]?.arrayValue ?? []).contains { $0["skip"] != nil || $0["todo"] != nil || $0["only"] != nil }
        }.sorted { $0.path < $1.path }
    }

    @Test func everyExampleRecordedAndPinnedPassesAsSaved() throws {
        let root = try copyOfExamples()
        defer { try? FileManager.default.removeItem(at: root) }
        let registry = StepRegistry(catalog: .standard)
        let starts = try startable(in: root)
        #expect(starts.count > 60)
        var pinnedKeys: Set<String> = []
        var saved = 0
        var notStarted: [String] = []
        let cwd = FileManager.default.currentDirectoryPath
        FileManager.default.changeCurrentDirectoryPath(root.path)
        defer { FileManager.default.changeCurrentDirectoryPath(cwd) }
        for start in starts {
            let session = try ScenarioSession(start: .scenario(path: start.path, steps: true), registry: registry)
            guard session.startFailures.isEmpty else {
                notStarted.append("\(start.lastPathComponent): \(session.startFailures)")
                continue
            }
            pinnedKeys.formUnion(session.expectation.keys)
            let name = "recorded_" + start.deletingPathExtension().lastPathComponent
            let result = try session.save(as: name)
            #expect(result.failures.isEmpty, "\(start.lastPathComponent): \(result.failures.map(\.message))")
            saved += 1
        }
        // The examples that cannot replay in a session, each for a reason of its own (a snapshot
        // named after the scenario, a step that must fail): few, and listed when they grow.
        #expect(saved >= starts.count - 3, "\(notStarted)")
        // Each system's state was pinned by some example.
        #expect(pinnedKeys.isSuperset(of: ["displayed", "queue", "experience", "analytics", "navigation", "process", "ui"]), "\(pinnedKeys)")
    }
}
