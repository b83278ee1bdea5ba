import Foundation
import LuaRuntime

/// `ctlua test`: finds, loads, filters, shards and runs scenarios, then reports.
public enum Runner {
    /// Exit codes: 0 all passed, 1 a scenario failed, 2 usage or load error.
    public enum ExitCode {
        public static let passed: Int32 = 0
        public static let failed: Int32 = 1
        public static let usage: Int32 = 2
    }

    /// Runs everything `options` selects on engines assembled from `registry`'s catalog; returns the exit code.
    public static func run(options: RunnerOptions, registry: StepRegistry,
                           makeEngine: ScenarioExecutor.EngineFactory? = nil, output: RunnerOutput = .standard) -> Int32 {
        // Usage.
        if let jobs = options.jobs, jobs < 1 {
            output.stderr("ctlua: --jobs \(jobs): expected a positive number\n")
            return ExitCode.usage
        }
        var filter: NSRegularExpression?
        if let pattern = options.filter {
            do { filter = try NSRegularExpression(pattern: pattern) } catch {
                output.stderr("ctlua: --filter \(pattern): invalid regular expression\n")
                return ExitCode.usage
            }
        }

        // Loading: every error of every file, then stop.
        let scenarios: [Scenario]
        switch load(paths: options.paths.isEmpty ? ["."] : options.paths, registry: registry) {
        case .success(let loaded): scenarios = loaded
        case .failure(let errors):
            for error in errors.errors { output.stderr("ctlua: \(error)\n") }
            output.stderr("\(errors.errors.count) error\(errors.errors.count == 1 ? "" : "s") in scenario files\n")
            return ExitCode.usage
        }

        // Selection.
        let selected = scenarios.filter { scenario in
            if let shard = options.shard, !shard.contains(scenario.relativePath) { return false }
            if let filter {
                let range = NSRange(scenario.name.startIndex..., in: scenario.name)
                if filter.firstMatch(in: scenario.name, range: range) == nil { return false }
            }
            return true
        }

        // Nothing to run is an error, not a silent pass (a typo in --filter, an empty folder); a
        // shard may be empty when there are fewer scenarios than shards.
        if selected.isEmpty && !(options.shard != nil && options.filter == nil && !scenarios.isEmpty) {
            var reason = "no scenario found in \(options.paths.isEmpty ? "." : options.paths.joined(separator: ", "))"
            if !scenarios.isEmpty, let pattern = options.filter {
                reason = "no scenario matches --filter \(pattern) (\(scenarios.count) found)"
            }
            output.stderr("ctlua: \(reason)\n")
            return ExitCode.usage
        }

        // Running.
        let results = execute(selected, options: options, registry: registry, makeEngine: makeEngine, output: output)

        // Reporting.
        // A report written to standard output (`-`) keeps it machine-readable: the text report
        // goes to standard error instead.
        var report = options.tap ? TAPReporter.render(results) : TextReporter.render(results, colour: output.colour)
        let coverage = options.coveragePath.map { _ in
            CoverageInclude.addingUnloaded(to: LuaCoverage.merged(results.compactMap(\.coverage)), globs: options.coverageInclude)
        }
        if let coverage {
            for line in LCOVReporter.summary(coverage) { report += (options.tap ? "# " : "") + line + "\n" }
        }
        let toStandardOutput: (String?) -> Bool = { ["-", "/dev/stdout", "/proc/self/fd/1", "/dev/fd/1"].contains($0 ?? "") }
        if toStandardOutput(options.junitPath) || toStandardOutput(options.jsonPath) || toStandardOutput(options.coveragePath) {
            output.stderr(report)
        } else {
            output.stdout(report)
        }
        var status = results.allSatisfy(\.passed) ? ExitCode.passed : ExitCode.failed
        do {
            if let path = options.junitPath { try output.writeFile(path, JUnitReporter.render(results)) }
            if let path = options.jsonPath { try output.writeFile(path, JSONReporter.render(results)) }
            if let path = options.coveragePath, let coverage { try output.writeFile(path, LCOVReporter.render(coverage)) }
            if let directory = options.traceDirectory {
                for result in results where options.traceAll || !result.passed {
                    let path = directory + "/" + JSONReporter.traceFileName(result.relativePath)
                    try output.writeFile(path, JSONReporter.transcript(result))
                }
            }
        } catch {
            output.stderr("ctlua: \(error)\n")
            status = ExitCode.usage
        }
        if let failure = output.stdoutFailure() {
            output.stderr("ctlua: \(failure)\n")
            status = ExitCode.usage
        }
        return status
    }

    /// Finds and loads every scenario under `paths`; fails with every error found.
    public static func load(paths: [String], registry: StepRegistry) -> Result<[Scenario], ScenarioLoadErrors> {
        let (files, findErrors) = ScenarioDiscovery.find(paths, isSystemFile: { registry.catalog.fileKind(of: $0)?.name })
        var errors = findErrors
        var scenarios: [Scenario] = []
        let loader = ScenarioLoader(registry: registry)
        for file in files {
            switch loader.load(file) {
            case .success(let scenario): scenarios.append(scenario)
            case .failure(let failure): errors += failure.errors
            }
        }
        return errors.isEmpty ? .success(scenarios) : .failure(ScenarioLoadErrors(errors))
    }

    /// Runs scenarios on `options.jobs` workers; results come back in the scenarios' order.
    ///
    /// With `options.workers`, each worker thread drives a worker process (``WorkerProtocol``)
    /// that a scenario past its wall-clock limit, or a crash, ends; without, each thread runs
    /// engines in this process (library tests, `ctlua test --no-workers`).
    public static func execute(_ scenarios: [Scenario], options: RunnerOptions, registry: StepRegistry,
                               makeEngine: ScenarioExecutor.EngineFactory? = nil,
                               output: RunnerOutput = .standard) -> [ScenarioResult] {
        let executor = {
            var executor = ScenarioExecutor(registry: registry, limits: options.limits, makeEngine: makeEngine)
            executor.snapshots = options.snapshots
            executor.coverage = options.coveragePath != nil
            return executor
        }()
        let workers = options.jobs ?? ProcessInfo.processInfo.activeProcessorCount
        let showProgress = options.progress ?? output.isTerminal
        let progress = Progress(total: scenarios.count)
        // Worker processes (the default of `ctlua test`), or engines on this process's threads.
        let pool = options.workers.map(WorkerPool.init(options:))
        let limits = options.limits
        let results = ParallelMap.map(
            count: scenarios.count, workers: workers,
            completed: { _, result in
                guard showProgress else { return }
                output.stderr(progress.line(after: result))
            },
            body: { i in
                guard let pool else { return executor.run(scenarios[i]) }
                return pool.run(scenarios[i], limits: limits, snapshots: options.snapshots, coverage: executor.coverage) {
                    executor.context(around: $0, in: $1)
                }
            })
        for report in pool?.shutdown() ?? [] { output.stderr("ctlua: \(report)\n") }
        if showProgress && !scenarios.isEmpty { output.stderr("\r\u{1B}[K") }
        return results
    }

    /// The terminal progress line; only touched under ParallelMap's lock.
    private final class Progress: @unchecked Sendable {
        let total: Int
        var done = 0
        var failed = 0
        init(total: Int) { self.total = total }

        func line(after result: ScenarioResult) -> String {
            done += 1
            if !result.passed { failed += 1 }
            return "\r\u{1B}[K[\(done)/\(total)] \(failed) failed  \(result.name)"
        }
    }
}
