import ArgumentParser
import Foundation
import Scenarios
import SystemKit

/// `ctlua test`: runs campaign scenarios (scenarios.md).
struct TestCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "test", abstract: "Run scenario files (.json, .lua) or folders of them.",
        discussion: "Exit status: 0 all passed, 1 a scenario failed, 2 usage or load error.")

    @Argument(help: "Files or folders (searched recursively).") var paths: [String] = ["."]
    @Option(parsing: .unconditional, help: "Parallel workers, one engine per scenario (default: cores).") var jobs: Int?
    @Option(help: "Only the K-th of N stable shards (K/N), or `auto`: from the CI's parallel-job variables.") var shard: String?
    @Option(help: "Only scenarios whose name matches this regular expression.") var filter: String?
    @Option(help: "Write a JUnit XML report.") var junit: String?
    @Option(help: "Write a JSON report.") var json: String?
    @Flag(help: "Print TAP instead of the text report.") var tap = false
    @Option(help: "Write transcripts of failed scenarios to this folder.") var trace: String?
    @Flag(help: "With --trace, write every scenario's transcript.") var traceAll = false
    @Flag(help: "Rewrite the golden transcripts of `snapshot` expectations instead of comparing them.") var updateSnapshots = false
    @Option(help: "Memory cap per scenario, bytes.") var maxMemory: Int?
    @Option(help: "Instructions per entry into Lua, per scenario.") var maxInstructions: Int?
    @Option(help: "Seconds per entry into Lua, per scenario.") var timeout: Double?

    func validate() throws {
        if traceAll && trace == nil { throw ValidationError("--trace-all needs --trace DIR (the folder for the transcripts)") }
        if let jobs, jobs < 1 { throw ValidationError("--jobs \(jobs): expected a positive number") }
    }

    func run() throws {
        var options = RunnerOptions(paths: paths, jobs: jobs, filter: filter, junitPath: junit, jsonPath: json, tap: tap,
                                    traceDirectory: trace, traceAll: traceAll,
                                    limits: ScenarioLimits(maxMemory: maxMemory, maxInstructions: maxInstructions, timeout: timeout))
        options.snapshots = SnapshotMode.fromEnvironment(update: updateSnapshots)
        if let shard {
            do { options.shard = try Shard(parsing: shard, environment: ProcessInfo.processInfo.environment) } catch {
                FileHandle.standardError.write(Data("ctlua: \(error)\n".utf8))
                throw ExitCode(Runner.ExitCode.usage)
            }
        }
        let code = Runner.run(options: options, registry: StepRegistry(catalog: HostOptions.catalog))
        if code != 0 { throw ExitCode(code) }
    }
}
