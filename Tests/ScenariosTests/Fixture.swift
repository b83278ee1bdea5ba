import Engine
import Foundation
import JSON
import SystemKit
import TestSupport
@testable import Scenarios

/// Test fixtures: temporary folders of scenario files, captured output.
enum Fixture {
    /// A fresh temporary folder with `files` (relative path → contents) written in it.
    static func folder(_ files: [String: String]) throws -> String { try TemporaryFolder.make(files: files).path }

    /// Runs the scenarios of a fresh folder holding `files` in process (one job, no progress line),
    /// after `configure` adjusts the options: the exit code, the captured output and the folder.
    static func run(_ files: [String: String], _ configure: (inout RunnerOptions) -> Void = { _ in }) throws -> (Int32, Captured, String) {
        let folder = try Fixture.folder(files)
        let captured = Captured()
        var options = RunnerOptions(paths: [folder], jobs: 1, progress: false)
        configure(&options)
        let code = Runner.run(options: options, registry: registry, output: captured.output)
        return (code, captured, folder)
    }

    /// Deletes a folder made by ``folder(_:)``.
    static func remove(_ root: String) { try? FileManager.default.removeItem(atPath: root) }

    /// The core's steps plus the fake system's.
    static var registry: StepRegistry { StepRegistry(catalog: SystemCatalog([SystemEntry(FakeSystem.self)])) }

    /// Output collected in memory.
    final class Captured: @unchecked Sendable {
        private let lock = NSLock()
        private var out = ""
        private var err = ""
        var stdout: String { lock.withLock { out } }
        var stderr: String { lock.withLock { err } }

        var output: RunnerOutput {
            RunnerOutput(
                stdout: { text in self.lock.withLock { self.out += text } },
                stderr: { text in self.lock.withLock { self.err += text } },
                isTerminal: false)
        }
    }

    /// Loads JSON scenario text as if it were the file `name`.
    static func load(_ text: String, name: String = "s.json", registry: StepRegistry = Fixture.registry) -> Result<Scenario, ScenarioLoadErrors> {
        // `/tmp` is the run's folder: the files these scenarios name are under it (or missing there).
        ScenarioLoader(registry: registry, runPaths: ["/tmp"]).load(
            bytes: Array(text.utf8), found: ScenarioDiscovery.Found(relativePath: name, file: "/tmp/" + name), defaultName: "s")
    }

    /// Loads and runs one JSON scenario on an engine with the fake system.
    static func run(_ text: String, registry: StepRegistry = Fixture.registry) throws -> ScenarioResult {
        let scenario = try load(text, registry: registry).get()
        return ScenarioExecutor(registry: registry).run(scenario)
    }

    /// A scenario of `steps` (JSON text of the array's elements).
    static func steps(_ steps: String...) -> String { "{\"steps\": [\(steps.joined(separator: ","))]}" }

    static let deliverC1 = #"{"fakeDeliver": {"inapp_notifs": [{"wzrk_id": "c1", "templateName": "Banner"}, {"wzrk_id": "c2", "templateName": "Banner"}]}}"#
}
