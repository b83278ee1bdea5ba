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
            output.stderr("ctlua: \(errors.errors.count) error\(errors.errors.count == 1 ? "" : "s") in scenario files\n")
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

        // Running (not the skipped and to-do scenarios, nor, when some are marked `only`, the
        // others); the reporters (progress line, text or TAP report, report files, the HTML
        // report) follow its events.
        let events = RunnerEventStream(reporters(options: options, output: output, deselected: scenarios.count - selected.count))
        let results = execute(selected, options: options, registry: registry, makeEngine: makeEngine, output: output, events: events)
        var status = results.allSatisfy(\.passed) ? ExitCode.passed : ExitCode.failed
        for error in events.errors {
            output.stderr("ctlua: \(error)\n")
            status = ExitCode.usage
        }
        if let failure = output.stdoutFailure() {
            output.stderr("ctlua: \(failure)\n")
            status = ExitCode.usage
        }
        return status
    }

    /// The reporters of `ctlua test`: the progress line (on a terminal, or as `options.progress`
    /// says), the text or TAP report, the report files, the HTML report (`deselected`: the
    /// scenarios found but not selected, for its summary).
    public static func reporters(options: RunnerOptions, output: RunnerOutput, deselected: Int = 0) -> [any RunnerReporter] {
        var reporters: [any RunnerReporter] = []
        if options.progress ?? output.isTerminal { reporters.append(ProgressReporter(write: output.stderr)) }
        reporters.append(SummaryReporter(options: options, output: output))
        reporters.append(ReportFilesReporter(options: options, output: output))
        if let directory = options.reportDirectory {
            reporters.append(HTMLReporter(directory: directory, options: options, output: output, deselected: deselected))
        }
        return reporters
    }

    /// Finds and loads every scenario under `paths`; fails with every error found.
    public static func load(paths: [String], registry: StepRegistry) -> Result<[Scenario], ScenarioLoadErrors> {
        let (files, findErrors) = ScenarioDiscovery.find(paths, isSystemFile: { registry.catalog.fileKind(of: $0)?.name })
        var errors = findErrors
        var scenarios: [Scenario] = []
        let loader = ScenarioLoader(registry: registry, runPaths: paths)
        for file in files {
            switch loader.loadAll(file) {
            case .success(let loaded): scenarios += loaded
            case .failure(let failure): errors += failure.errors
            }
        }
        return errors.isEmpty ? .success(scenarios) : .failure(ScenarioLoadErrors(errors))
    }

    /// Runs the scenarios that are not marked `skip` or `todo` (when any is marked `only`, only
    /// those); the others have a result without running. Results carry each scenario's marks and
    /// come back in the scenarios' order.
    public static func executeMarked(_ scenarios: [Scenario], options: RunnerOptions, registry: StepRegistry,
                                     makeEngine: ScenarioExecutor.EngineFactory? = nil,
                                     output: RunnerOutput = .standard) -> [ScenarioResult] {
        execute(scenarios, options: options, registry: registry, makeEngine: makeEngine, output: output)
    }

    /// `scenarios` with the marks `only` implies: when any is marked `only`, each other one not
    /// already marked is skipped.
    static func applyingOnly(_ scenarios: [Scenario]) -> [Scenario] {
        var marked = scenarios
        if marked.contains(where: \.only) {
            for i in marked.indices where !marked[i].only && marked[i].scenarioMark == nil {
                marked[i].marks.insert(ScenarioMark(kind: .skip, reason: "another scenario is marked only"), at: 0)
            }
        }
        return marked
    }

    /// Runs scenarios on `options.jobs` workers; results come back in the scenarios' order. A
    /// scenario marked `skip` or `todo` (or not marked `only` when some are) does not run: its
    /// result, without failures, carries its marks.
    /// `reporters` are given the run's events (``RunnerEvent``); what they throw is dropped
    /// (``run(options:registry:makeEngine:output:)`` reports it).
    ///
    /// With `options.workers`, each worker thread drives a worker process (``WorkerProtocol``)
    /// that a scenario past its wall-clock limit, or a crash, ends; without, each thread runs
    /// engines in this process (library tests, `ctlua test --no-workers`).
    public static func execute(_ scenarios: [Scenario], options: RunnerOptions, registry: StepRegistry,
                               makeEngine: ScenarioExecutor.EngineFactory? = nil,
                               output: RunnerOutput = .standard, reporters: [any RunnerReporter] = []) -> [ScenarioResult] {
        execute(scenarios, options: options, registry: registry, makeEngine: makeEngine, output: output,
                events: RunnerEventStream(reporters))
    }

    static func execute(_ scenarios: [Scenario], options: RunnerOptions, registry: StepRegistry,
                        makeEngine: ScenarioExecutor.EngineFactory?, output: RunnerOutput, events: RunnerEventStream) -> [ScenarioResult] {
        let executor = {
            var executor = ScenarioExecutor(registry: registry, limits: options.limits, makeEngine: makeEngine)
            executor.snapshots = options.snapshots
            executor.coverage = options.coveragePath != nil
            executor.screens = options.reportDirectory != nil
            return executor
        }()
        let scenarios = applyingOnly(scenarios).map { scenario in
            var scenario = scenario
            if options.strict { scenario.strict = true }
            return scenario
        }
        events.emit(.runStarted(scenarios: scenarios))
        // Worker processes (the default of `ctlua test`), or engines on this process's threads.
        let pool = options.workers.map(WorkerPool.init(options:))
        let threads = options.jobs ?? ProcessInfo.processInfo.activeProcessorCount
        let completed: @Sendable (Int, ScenarioResult) -> Void = { i, result in
            events.emit(.scenarioFinished(FailureLocator.locate(result, scenario: scenarios[i])))
        }
        let marked: @Sendable (Int) -> ScenarioResult = { i in executor.result(of: scenarios[i], failures: [], transcript: [], duration: 0) }
        var results: [ScenarioResult]
        if let pool {
            results = ParallelMap.drive(count: scenarios.count, workers: threads, completed: completed) { claim, store in
                pool.drive(claim: claim, store: store, executor: executor) { i in
                    if scenarios[i].scenarioMark != nil { return .local(marked(i)) }
                    return .remote(WorkerRequest(scenario: scenarios[i], limits: options.limits, snapshots: options.snapshots,
                                                 coverage: executor.coverage, screens: executor.screens))
                }
            }
        } else {
            results = ParallelMap.map(count: scenarios.count, workers: threads, completed: completed) { i in
                scenarios[i].scenarioMark != nil ? marked(i) : executor.run(scenarios[i])
            }
        }
        // file:line:column of each failure and warning, read from the scenario files now (nothing for a clean pass)
        results = results.indices.map { FailureLocator.locate(results[$0], scenario: scenarios[$0]) }
        for report in pool?.shutdown() ?? [] { output.stderr("ctlua: \(report)\n") }
        let coverage = executor.coverage
            ? CoverageInclude.addingUnloaded(to: LuaCoverage.merged(results.compactMap(\.coverage)), globs: options.coverageInclude)
            : nil
        events.emit(.runFinished(results: results, coverage: coverage))
        return results
    }
}
