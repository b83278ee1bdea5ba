import Foundation
import LuaRuntime
import Scenarios
import SystemKit
import Systems

// MARK: - B6: the scenario runner, --jobs 2 vs --jobs 1

/// Writes `count` small scenarios (a Lua presenter that dismisses itself after a virtual
/// second; two in-apps, an advance, expectations on events, display and queue) into a new
/// temporary folder and returns it.
func makeRunnerScenarios(count: Int) throws -> URL {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("ctlua-bench-b6-\(getpid())")
    try? FileManager.default.removeItem(at: dir)
    let scenarios = dir.appendingPathComponent("scenarios")
    try FileManager.default.createDirectory(at: scenarios, withIntermediateDirectories: true)
    try """
        templates.define{
          name = "Toast", type = "template",
          arguments = { { "text", "" }, { "seconds", 1 } },
          onPresent = function(ctx)
            ui.show{ id = "toast", text = ctx:string("text") }
            ctx:presented()
            app.after(ctx:number("seconds"), function() ui.hide("toast"); ctx:dismissed() end)
          end,
        }
        """.write(to: dir.appendingPathComponent("toast.lua"), atomically: true, encoding: .utf8)
    for i in 0..<count {
        let json = """
            {"name": "toast \(i)", "scripts": ["../toast.lua"], "steps": [
              {"deliver": {"inapp_notifs": [
                {"type": "custom-code", "templateName": "Toast", "ti": 1, "wzrk_id": "a\(i)", "priority": 2,
                 "vars": {"text": "first \(i)"}},
                {"type": "custom-code", "templateName": "Toast", "ti": 2, "wzrk_id": "b\(i)",
                 "vars": {"text": "second \(i)", "seconds": 2}}]}},
              {"expect": {"displayed": "a\(i)", "queue": ["b\(i)"], "ui": {"toast": {"text": "first \(i)"}}}},
              {"advance": 1},
              {"expect": {"displayed": "b\(i)", "queue": [],
                          "events": [{"type": "template.dismissed", "id": "a\(i)"}, {"type": "template.presenting", "id": "b\(i)"}]}},
              {"advance": 2},
              {"expect": {"queue": [], "events": [{"type": "template.dismissed", "id": "b\(i)"}]}}
            ]}
            """
        try json.write(to: scenarios.appendingPathComponent(String(format: "toast_%04d.json", i)), atomically: true, encoding: .utf8)
    }
    return dir
}

/// Seconds `Runner.execute` takes for `scenarios` on `jobs` workers; every scenario must pass.
/// With `workers`, each scenario runs in a worker process (`ctlua test`'s default); else in this process.
/// With `coverage`, line coverage is recorded (as `--coverage` does; nothing is written).
func runnerSeconds(_ scenarios: [Scenario], jobs: Int, workers: WorkerOptions? = nil, coverage: Bool = false) throws -> Double {
    var options = RunnerOptions(jobs: jobs, progress: false, workers: workers)
    if coverage { options.coveragePath = "-" }
    let t0 = now()
    let results = Runner.execute(scenarios, options: options, registry: StepRegistry(catalog: .standard))
    if coverage {   // what `ctlua test --coverage` adds after the run: merge and render the tracefile
        let lcov = LCOVReporter.render(LuaCoverage.merged(results.compactMap(\.coverage)))
        guard lcov.contains("end_of_record") else { throw BenchError("runner: no coverage recorded") }
    }
    let dt = Double(now() - t0) / 1e9
    if let failed = results.first(where: { !$0.passed }) {
        throw BenchError("runner: \(failed.relativePath) failed: \(failed.failures.first?.summary ?? "?")")
    }
    guard results.count == scenarios.count else { throw BenchError("runner: \(results.count) results") }
    return dt
}

/// The generated scenarios, loaded (loading is serial in `ctlua test` and not timed here).
func loadRunnerScenarios(_ id: String, count: Int) throws -> (URL, [Scenario]) {
    let dir = try makeRunnerScenarios(count: count)
    let t0 = now()
    let scenarios: [Scenario]
    switch Runner.load(paths: [dir.appendingPathComponent("scenarios").path], registry: StepRegistry(catalog: .standard)) {
    case .success(let loaded): scenarios = loaded
    case .failure(let errors):
        try? FileManager.default.removeItem(at: dir)
        throw BenchError("\(id): \(errors.errors.first.map { "\($0)" } ?? "load failed")")
    }
    log("\(id): loaded \(scenarios.count) scenarios in \(format(Double(now() - t0) / 1e6)) ms (serial, not timed below)")
    guard scenarios.count == count else { throw BenchError("\(id): loaded \(scenarios.count) of \(count)") }
    return (dir, scenarios)
}

/// The worker processes `ctlua test` starts: the release `ctlua` given with `--ctlua`.
func workerOptions(ctlua: String?) -> WorkerOptions? {
    ctlua.map { WorkerOptions(command: WorkerOptions.command(executable: $0, addressSpace: WorkerOptions.defaultAddressSpace(maxMemory: nil))) }
}

/// B6: wall time of 1,000 scenarios with `--jobs 2` (value) against `--jobs 1` (baseline);
/// the ratio is the speed-up `jobs 1 / jobs 2`, so higher is better (target ≥ 1.7).
///
/// Measured as `ctlua test` runs them: in worker processes (the `--ctlua` binary), or in this
/// process when no binary is given. Loading is done once, outside the timing.
func benchB6(runs: Int, ctlua: String?, count: Int = 1000) throws -> Figure {
    let (dir, scenarios) = try loadRunnerScenarios("B6", count: count)
    defer { try? FileManager.default.removeItem(at: dir) }
    let workers = workerOptions(ctlua: ctlua)
    let (two, one) = try alternate(runs: max(3, runs / 3), measured: { try runnerSeconds(scenarios, jobs: 2, workers: workers) },
                                   baseline: { try runnerSeconds(scenarios, jobs: 1, workers: workers) })
    return Figure(id: "B6", value: two, baseline: one, unit: "s/1000 scenarios", target: 1.7, higherIsBetter: true,
                  note: "speed-up = jobs 1 / jobs 2, higher is better; \(workers == nil ? "in process (no --ctlua)" : "in worker processes")")
}

/// W1 (`--jobs 1`) and W2 (`--jobs 2`): the worker protocol's cost. Value: milliseconds per
/// scenario in worker processes (spawn once per worker, a request frame, one frame per batch
/// of transcript events, a result frame); baseline: the same scenarios run in this process.
/// Report only; the note gives both as scenarios per second.
func benchWorkers(id: String, jobs: Int, runs: Int, ctlua: String?, count: Int = 1000) throws -> Figure? {
    guard let workers = workerOptions(ctlua: ctlua) else {
        log("\(id): needs --ctlua PATH (the worker executable): skipped")
        return nil
    }
    let (dir, scenarios) = try loadRunnerScenarios(id, count: count)
    defer { try? FileManager.default.removeItem(at: dir) }
    let perScenario = 1000 / Double(count)
    let (inWorkers, inProcess) = try alternate(
        runs: max(3, runs / 3), measured: { try runnerSeconds(scenarios, jobs: jobs, workers: workers) * perScenario },
        baseline: { try runnerSeconds(scenarios, jobs: jobs) * perScenario })
    let rate = { (ms: Double) in String(format: "%.0f", 1000 / ms) }
    return Figure(id: id, value: inWorkers, baseline: inProcess, unit: "ms/scenario", target: jobs == 1 ? 1.1 : nil,
                  note: "--jobs \(jobs): \(rate(inWorkers)) scenarios/s in workers vs \(rate(inProcess)) in process")
}
