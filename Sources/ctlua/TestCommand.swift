import ArgumentParser
import Foundation
import Platform
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
    @Option(help: ArgumentHelp(
        "Write LCOV line coverage of the Lua scripts the scenarios loaded (`-`: standard output).",
        discussion: """
            Every script loaded from a file (scenario `scripts`, `app.load`, `require`d modules), with its \
            executable lines (0 hits when never run); the text report ends with a line per script and a \
            total. View it with `genhtml FILE -o DIR`; with --shard, merge the shards' files with `lcov -a`.
            """, valueName: "file")) var coverage: String?
    @Option(help: ArgumentHelp(
        "With --coverage, the scripts that count (repeatable; relative to the working folder; `**` any folders).",
        discussion: """
            A script it selects that no scenario loaded counts with every executable line at 0 hits, as luacov's \
            `includeuntestedfiles` and nyc's `all` do. Default: every .lua under the working folder except scenarios \
            (*_test.lua), LuaLS `---@meta` files, hidden folders and .build*. `--coverage-include ''` counts only the \
            scripts the scenarios loaded.
            """, valueName: "glob")) var coverageInclude: [String] = []
    @Flag(help: "Print TAP instead of the text report.") var tap = false
    @Flag(help: ArgumentHelp(
        "Write no wall-clock times in the report files (JUnit, --json, --report), so two runs write the same reports.",
        discussion: "Virtual times (an event's t) are always written: they come from the scenario, not the clock."))
    var noTimes = false
    @Option(help: ArgumentHelp(
        "`github`: after the report, print each failure and warning as a GitHub Actions annotation.",
        discussion: "`::error file=F,line=L,col=C,title=...::message` (`::warning` for warnings): GitHub shows them on the pull request. On by itself when GITHUB_ACTIONS=true.",
        valueName: "name")) var reporter: String?
    @Option(help: ArgumentHelp(
        "Write an HTML report to this folder: the run's summary, and per scenario each step with its events and the screen after it, drawn.",
        discussion: """
            Self-contained pages (no network): DIR/index.html and one page per scenario; a FAIL line is followed by \
            the path of its page. Keyboard: j/k or the arrow keys move between steps, f jumps to the failure.
            """, valueName: "dir")) var report: String?
    @Flag(help: "A failure inside a `tree`/`ui` pattern also shows the line diff of the whole pattern against the whole value.")
    var verbose = false
    @Option(help: "Write transcripts of failed scenarios to this folder.") var trace: String?
    @Flag(help: "With --trace, write every scenario's transcript.") var traceAll = false
    @Flag(help: ArgumentHelp(
        "Fail a scenario on each warning (input the simulated SDK ignores, such as a misspelt `vars` key).",
        discussion: "Without it a warning is a WARN line that fails nothing; a scenario file can ask for the same with \"strict\": true."))
    var strict = false
    @Flag(help: "Rewrite the golden transcripts of `snapshot` expectations instead of comparing them.") var updateSnapshots = false
    @Flag(help: "After the run, watch the scenarios and the scripts they load; run the affected ones again on each change (Ctrl-C stops).")
    var watch = false
    @Option(help: "Memory cap per scenario, bytes (default 64 MiB; 0: no limit).") var maxMemory: Int?
    @Option(help: "Instructions per entry into Lua, per scenario (default 50 million; 0: no limit).") var maxInstructions: Int?
    @Option(help: ArgumentHelp(
        "Wall-clock seconds per scenario (default 60).",
        discussion: """
            Each entry into Lua stops with `timeout` after this long (the engine's hook); a worker process \
            still running the scenario one second later (a long C call no hook reaches) is terminated and \
            the scenario fails with `timeout`.
            """)) var timeout: Double?
    @Option(help: ArgumentHelp(
        "Address-space cap of each worker process, bytes (default 2 GiB or twice --max-memory; 0: none).",
        discussion: "A backstop for memory the engine's own limit does not count: allocations past it fail.",
        valueName: "bytes")) var maxAddressSpace: Int?
    @Flag(help: ArgumentHelp(
        "Run scenarios in this process instead of supervised worker processes.",
        discussion: "Faster to start, but a scenario that hangs in a C call or crashes stops the whole run.")) var noWorkers = false

    /// The root command: it declares `--max-memory`, `--max-instructions` and `--timeout` too
    /// (for `-e` and standard input), and ArgumentParser gives a name both declare to the root.
    @ParentCommand var root: CTLua

    /// The limits given on the command line, whichever command the parser gave them to.
    var limits: ScenarioLimits {
        ScenarioLimits(maxMemory: maxMemory ?? root.host.maxMemory,
                       maxInstructions: maxInstructions ?? root.host.maxInstructions,
                       timeout: timeout ?? root.host.timeout)
    }

    func validate() throws {
        if let reporter, reporter != "github" { throw ValidationError("--reporter \(reporter): expected github") }
        if traceAll && trace == nil { throw ValidationError("--trace-all needs --trace DIR (the folder for the transcripts)") }
        if let jobs, jobs < 1 { throw ValidationError("--jobs \(jobs): expected a positive number") }
    }

    func run() throws {
        try LimitOptions.check(memory: limits.maxMemory, instructions: limits.maxInstructions, timeout: limits.timeout)
        try LimitOptions.check(addressSpace: maxAddressSpace)
        var options = RunnerOptions(paths: paths, jobs: jobs, filter: filter, junitPath: junit, jsonPath: json, tap: tap,
                                    traceDirectory: trace, traceAll: traceAll,
                                    limits: limits)
        options.snapshots = SnapshotMode.fromEnvironment(update: updateSnapshots)
        options.coveragePath = coverage
        options.reportDirectory = report
        options.verbose = verbose
        options.strict = strict
        options.wallTimes = !noTimes
        options.github = GitHubAnnotations.enabled(reporter: reporter, environment: ProcessInfo.processInfo.environment)
        if !coverageInclude.isEmpty { options.coverageInclude = coverageInclude.filter { !$0.isEmpty } }
        if !noWorkers {
            let executable = Platform.executablePath ?? Bundle.main.executablePath ?? CommandLine.arguments[0]
            options.workers = WorkerOptions(
                command: WorkerOptions.command(executable: executable, addressSpace: maxAddressSpace
                                      ?? WorkerOptions.defaultAddressSpace(maxMemory: limits.maxMemory)),
                timeout: limits.timeout.map { $0 + WorkerOptions.grace } ?? WorkerOptions.defaultTimeout)
        }
        if let shard {
            do { options.shard = try Shard(parsing: shard, environment: ProcessInfo.processInfo.environment) } catch {
                FileHandle.standardError.write(Data("ctlua: \(error)\n".utf8))
                throw ExitCode(Runner.ExitCode.usage)
            }
        }
        if watch {
            throw ExitCode(Watcher(options: options, registry: StepRegistry(catalog: HostOptions.catalog)).run())
        }
        let code = Runner.run(options: options, registry: StepRegistry(catalog: HostOptions.catalog))
        if code != 0 { throw ExitCode(code) }
    }
}
