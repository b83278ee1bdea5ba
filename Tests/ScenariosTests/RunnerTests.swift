import Foundation
import JSON
import Testing
import SystemKit
@testable import Scenarios

struct RunnerTests {
    static let passing = #"{"name": "passes", "steps": [\#(Fixture.deliverC1), {"expect": {"fakeDisplayed": "c1"}}]}"#
    static let failing = #"{"name": "fails", "steps": [\#(Fixture.deliverC1), {"expect": {"fakeDisplayed": "c2"}}]}"#

    private func run(_ options: RunnerOptions) -> (Int32, Fixture.Captured) {
        let captured = Fixture.Captured()
        let code = Runner.run(options: options, registry: Fixture.registry, output: captured.output)
        return (code, captured)
    }

    @Test func exitCodes() throws {
        let green = try Fixture.folder(["a.json": Self.passing, "sub/b_test.lua": "assert(true)"])
        defer { Fixture.remove(green) }
        let (ok, okOut) = run(RunnerOptions(paths: [green], jobs: 1))
        #expect(ok == Runner.ExitCode.passed)
        #expect(okOut.stdout == "2 passed, 0 failed\n")

        let red = try Fixture.folder(["a.json": Self.passing, "b.json": Self.failing])
        defer { Fixture.remove(red) }
        let (failed, failedOut) = run(RunnerOptions(paths: [red], jobs: 1))
        #expect(failed == Runner.ExitCode.failed)
        #expect(failedOut.stdout.hasPrefix("FAIL \(red)/b.json:1:185 (fails): steps[1].expect.fakeDisplayed: wrong in-app displayed\n"), "\(failedOut.stdout)")
        #expect(failedOut.stdout.hasSuffix("1 passed, 1 failed\n"))

        let broken = try Fixture.folder(["a.json": Self.passing, "b.json": #"{"steps": [{"advance": "x"}]}"#, "c.json": #"{"steps": ["#])
        defer { Fixture.remove(broken) }
        let (usage, usageOut) = run(RunnerOptions(paths: [broken]))
        #expect(usage == Runner.ExitCode.usage)
        #expect(usageOut.stderr.contains("b.json:1:24: steps[0].advance: expected a non-negative number, got string"))
        #expect(usageOut.stderr.contains("c.json:1:11: invalid JSON"), "\(usageOut.stderr)")
        #expect(usageOut.stdout.isEmpty)

        #expect(run(RunnerOptions(paths: ["/nonexistent/ctlua"])).0 == Runner.ExitCode.usage)
        #expect(run(RunnerOptions(paths: [green], filter: "(")).0 == Runner.ExitCode.usage)
        #expect(run(RunnerOptions(paths: [green], jobs: 0)).0 == Runner.ExitCode.usage)
    }

    @Test func discoveryIsRecursiveSortedAndSkipsOtherFiles() throws {
        let steps = #"{"steps": []}"#
        let root = try Fixture.folder([
            "b.json": steps, "a/z_test.lua": "", "a/y.test.lua": "", "a/c.json": steps, "notes.txt": "", ".hidden/x.json": steps,
            // Not scenarios in a folder: a presenter, template definitions, a fixture, a JSON array.
            "a/presenter.lua": "", "a/definitions.json": #"{"Banner": {"type": "template"}}"#,
            "fixtures/payload.json": #"{"inapp_notifs": []}"#, "list.json": #"[{"steps": []}]"#,
            // A scenario with a syntax error is still a scenario: its error is reported.
            "broken.json": #"{"steps": [}"#,
        ])
        defer { Fixture.remove(root) }
        let (files, errors) = ScenarioDiscovery.find([root + "/"])
        #expect(errors.isEmpty)
        let expected = ["a/c.json", "a/y.test.lua", "a/z_test.lua", "b.json", "broken.json"]
        #expect(files.map(\.relativePath) == expected.map { root + "/" + $0 })
        #expect(files.map(\.file) == expected.map { root + "/" + $0 })
        // Files named on the command line always run, whatever their name or content.
        let explicit = ScenarioDiscovery.find([root + "/a/presenter.lua", root + "/a/definitions.json"]).files
        #expect(explicit.map(\.file) == [root + "/a/presenter.lua", root + "/a/definitions.json"])
        #expect(ScenarioDiscovery.luaScenarioName("banner_test") == "banner")
        #expect(ScenarioDiscovery.luaScenarioName("banner.test") == "banner")
        #expect(ScenarioDiscovery.luaScenarioName("_test") == "_test")
        #expect(ScenarioDiscovery.relativeToCurrentFolder("/repo/s/a.json", cwd: "/repo") == "s/a.json")
        #expect(ScenarioDiscovery.relativeToCurrentFolder("/other/a.json", cwd: "/repo") == nil)
        #expect(ScenarioDiscovery.normalize("./a//b/../c/") == "a/c")
    }

    /// Many scenarios with different outcomes; the factory sleeps a little so that workers finish out of order.
    private func manyScenarios() throws -> String {
        var files: [String: String] = [:]
        for i in 0..<24 {
            files[String(format: "s%02d.json", i)] = i % 3 == 0 ? Self.failing : Self.passing
        }
        return try Fixture.folder(files)
    }

    @Test func resultsDoNotDependOnJobs() throws {
        let root = try manyScenarios()
        defer { Fixture.remove(root) }
        let scenarios = try Runner.load(paths: [root], registry: Fixture.registry).get()
        let factory: ScenarioExecutor.EngineFactory = { configuration in
            usleep(UInt32((configuration.baseDirectory?.path.utf8.count ?? 0) % 5) * 1000 + UInt32.random(in: 0..<3000))
            return try Fixture.registry.catalog.makeEngine(configuration)
        }
        let registry = Fixture.registry
        let serial = Runner.execute(scenarios, options: RunnerOptions(jobs: 1, progress: false), registry: registry, makeEngine: factory)
        let parallel = Runner.execute(scenarios, options: RunnerOptions(jobs: 2, progress: false), registry: registry, makeEngine: factory)
        let wide = Runner.execute(scenarios, options: RunnerOptions(jobs: 5, progress: false), registry: registry, makeEngine: factory)
        #expect(serial.count == 24)
        #expect(zip(serial, parallel).allSatisfy { $0.sameOutcome(as: $1) })
        #expect(zip(serial, wide).allSatisfy { $0.sameOutcome(as: $1) })
        #expect(serial.filter { !$0.passed }.count == 8)

        let (_, one) = run(RunnerOptions(paths: [root], jobs: 1))
        let (_, two) = run(RunnerOptions(paths: [root], jobs: 2))
        #expect(one.stdout == two.stdout)
    }

    @Test func shardsOfARunCoverTheRun() throws {
        let root = try manyScenarios()
        defer { Fixture.remove(root) }
        var total = 0
        for k in 1...3 {
            let (_, out) = run(RunnerOptions(paths: [root], shard: try Shard(index: k, count: 3), tap: true))
            total += out.stdout.split(separator: "\n").filter { $0.hasPrefix("ok ") || $0.hasPrefix("not ok ") }.count
        }
        #expect(total == 24)
    }

    @Test func filterSelectsByName() throws {
        let root = try manyScenarios()
        defer { Fixture.remove(root) }
        let (code, out) = run(RunnerOptions(paths: [root], filter: "^pass"))
        #expect(code == Runner.ExitCode.passed)
        #expect(out.stdout == "16 passed, 0 failed\n")
    }

    /// Nothing to run never passes silently: a filter that matches nothing, an empty folder.
    @Test func nothingSelectedIsAUsageError() throws {
        let root = try manyScenarios()
        defer { Fixture.remove(root) }
        let (code, out) = run(RunnerOptions(paths: [root], filter: "^nope"))
        #expect(code == Runner.ExitCode.usage)
        #expect(out.stderr == "ctlua: no scenario matches --filter ^nope (24 found)\n")
        let empty = try Fixture.folder(["presenter.lua": "", "notes.txt": ""])
        defer { Fixture.remove(empty) }
        let (emptyCode, emptyOut) = run(RunnerOptions(paths: [empty]))
        #expect(emptyCode == Runner.ExitCode.usage)
        #expect(emptyOut.stderr == "ctlua: no scenario found in \(empty)\n")
        // A shard may be empty when there are fewer scenarios than shards.
        let one = try Fixture.folder(["a.json": Self.passing])
        defer { Fixture.remove(one) }
        let codes = try (1...4).map { run(RunnerOptions(paths: [one], shard: try Shard(index: $0, count: 4))).0 }
        #expect(codes == [0, 0, 0, 0])
    }

    @Test func tapReport() throws {
        let root = try Fixture.folder(["a.json": Self.passing, "b.json": Self.failing])
        defer { Fixture.remove(root) }
        let (_, out) = run(RunnerOptions(paths: [root], tap: true))
        let lines = out.stdout.split(separator: "\n").map(String.init)
        #expect(lines[0] == "TAP version 13")
        #expect(lines[1] == "1..2")
        #expect(lines[2] == "ok 1 - passes (\(root)/a.json)")
        #expect(lines[3] == "not ok 2 - fails (\(root)/b.json)")
        #expect(lines[4] == "  ---")
        #expect(lines.contains("  message: \"steps[1].expect.fakeDisplayed: wrong in-app displayed\""))
        #expect(lines.last == "  ...")
    }

    @Test func jsonReportAndTraces() throws {
        let root = try Fixture.folder(["a.json": Self.passing, "b.json": Self.failing])
        defer { Fixture.remove(root) }
        let out = try Fixture.folder([:])
        defer { Fixture.remove(out) }
        let (_, _) = run(RunnerOptions(paths: [root], jsonPath: out + "/report.json", traceDirectory: out + "/traces"))
        let report = try JSONDocument(bytes: Array(try Data(contentsOf: URL(fileURLWithPath: out + "/report.json")))).value
        #expect(report["passed"] == 1)
        #expect(report["failed"] == 1)
        #expect(report["scenarios"]?.arrayValue?[1]["failures"]?.arrayValue?.first?["expectation"] == "fakeDisplayed")
        let traces = try FileManager.default.contentsOfDirectory(atPath: out + "/traces")
        #expect(traces.count == 1)
        let trace = try String(contentsOfFile: out + "/traces/" + traces[0], encoding: .utf8)
        let first = try JSONDocument(bytes: Array(trace.split(separator: "\n")[0].utf8)).value
        #expect(first["type"] == "inapp.queued")

        let all = try Fixture.folder([:])
        defer { Fixture.remove(all) }
        _ = run(RunnerOptions(paths: [root], traceDirectory: all, traceAll: true))
        #expect(try FileManager.default.contentsOfDirectory(atPath: all).count == 2)
    }

    @Test func progressLineOnlyWhenAsked() throws {
        let root = try Fixture.folder(["a.json": Self.passing])
        defer { Fixture.remove(root) }
        let (_, quiet) = run(RunnerOptions(paths: [root]))
        #expect(quiet.stderr.isEmpty)
        let (_, loud) = run(RunnerOptions(paths: [root], progress: true))
        #expect(loud.stderr.contains("[1/1] 0 failed  passes"))
    }
}
