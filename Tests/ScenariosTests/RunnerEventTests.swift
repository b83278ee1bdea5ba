import Foundation
import JSON
import Testing
@testable import Scenarios

/// Reporters follow a stream of runner events; the progress line is one of them.
struct RunnerEventTests {
    /// Records the events it is given.
    final class Recorder: RunnerReporter, @unchecked Sendable {
        var events: [String] = []
        func handle(_ event: RunnerEvent) {
            switch event {
            case .runStarted(let scenarios): events.append("started \(scenarios.count)")
            case .scenarioFinished(let result): events.append("finished \(result.name) \(result.passed)")
            case .runFinished(let results, let coverage): events.append("run finished \(results.count) \(coverage == nil)")
            }
        }
    }

    @Test func reportersReceiveTheRunInOrder() throws {
        let root = try Fixture.folder(["a.json": RunnerTests.passing, "b.json": RunnerTests.failing])
        defer { Fixture.remove(root) }
        let scenarios = try Runner.load(paths: [root], registry: Fixture.registry).get()
        for jobs in [1, 2] {
            let recorder = Recorder()
            let results = Runner.execute(scenarios, options: RunnerOptions(jobs: jobs, progress: false), registry: Fixture.registry,
                                         reporters: [recorder])
            #expect(results.map(\.name) == ["passes", "fails"])
            #expect(recorder.events.first == "started 2" && recorder.events.last == "run finished 2 true")
            #expect(Set(recorder.events.dropFirst().dropLast()) == ["finished passes true", "finished fails false"])
        }
    }

    @Test func theProgressLineIsAReporter() {
        let lines = Lines()
        let progress = ProgressReporter(write: { lines.append($0) })
        let scenario = Scenario(relativePath: "a.json", file: "/a.json", name: "a", body: .lua)
        let failed = ScenarioResult(name: "a", relativePath: "a.json", failures: [ScenarioFailure(message: "no")], transcript: [], duration: 0)
        progress.handle(.runStarted(scenarios: [scenario, scenario]))
        progress.handle(.scenarioFinished(failed))
        progress.handle(.runFinished(results: [failed], coverage: nil))
        #expect(lines.all == ["\r\u{1B}[K[1/2] 1 failed  a", "\r\u{1B}[K"])
        #expect(Runner.reporters(options: RunnerOptions(progress: true), output: Fixture.Captured().output).first is ProgressReporter)
        #expect(!(Runner.reporters(options: RunnerOptions(progress: false), output: Fixture.Captured().output).first is ProgressReporter))
    }

    @Test func aReporterThatFailsMakesTheRunExit2() throws {
        let root = try Fixture.folder(["a.json": RunnerTests.passing])
        defer { Fixture.remove(root) }
        let captured = Fixture.Captured()
        var output = captured.output
        output.writeFile = { path, _ in throw ReportFileError(path: path, reason: "disk full") }
        let code = Runner.run(options: RunnerOptions(paths: [root], jsonPath: "/r.json"), registry: Fixture.registry, output: output)
        #expect(code == Runner.ExitCode.usage)
        #expect(captured.stderr.contains("ctlua: /r.json: disk full"))
        #expect(captured.stdout == "1 passed, 0 failed\n")
    }

    final class Lines: @unchecked Sendable {
        private let lock = NSLock()
        private var lines: [String] = []
        func append(_ line: String) { lock.withLock { lines.append(line) } }
        var all: [String] { lock.withLock { lines } }
    }
}
