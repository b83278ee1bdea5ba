import Foundation
import LuaRuntime
import Scenarios
import SystemKit
import Systems

// MARK: - C1, C2: the cost of `ctlua test --coverage`

/// C1: wall time of the B6 scenarios with coverage recorded (value) against without (baseline),
/// `--jobs 1`, in worker processes when `--ctlua` is given (as `ctlua test --coverage` runs
/// them: hits travel back in each result frame), else in this process. Report only.
func benchC1(runs: Int, ctlua: String?, count: Int = 1000) throws -> Figure {
    let (dir, scenarios) = try loadRunnerScenarios("C1", count: count)
    defer { try? FileManager.default.removeItem(at: dir) }
    let workers = workerOptions(ctlua: ctlua)
    let (on, off) = try alternate(runs: max(3, runs / 3),
                                  measured: { try runnerSeconds(scenarios, jobs: 1, workers: workers, coverage: true) },
                                  baseline: { try runnerSeconds(scenarios, jobs: 1, workers: workers) })
    return Figure(id: "C1", value: on, baseline: off, unit: "s/1000 scenarios", target: nil,
                  note: "--coverage vs without, --jobs 1, \(workers == nil ? "in process (no --ctlua)" : "in worker processes")")
}

/// C2: the worst case, a script that only computes (loops, calls, table writes: a line event
/// every few instructions), run from a file with coverage (value) and without (baseline); ms per run.
func benchC2(runs: Int) throws -> Figure {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("ctlua-bench-c2-\(getpid())")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    let path = dir.appendingPathComponent("work.lua").path
    try """
        local function insertion_sort(t)
          for i = 2, #t do
            local v = t[i]
            local j = i - 1
            while j >= 1 and t[j] > v do
              t[j + 1] = t[j]
              j = j - 1
            end
            t[j + 1] = v
          end
          return t
        end
        local seed = 42
        local function random()
          seed = (seed * 1103515245 + 12345) % 2147483648
          return seed
        end
        local sum = 0
        for _ = 1, 20 do
          local t = {}
          for i = 1, 300 do t[i] = random() % 1000 end
          insertion_sort(t)
          sum = sum + t[1]
        end
        return sum
        """.write(toFile: path, atomically: true, encoding: .utf8)
    func milliseconds(coverage: Bool) throws -> Double {
        let lua = try LuaState(limits: .none)
        if coverage { lua.startCoverage() }
        let chunk = try lua.loadFile(path)
        let t0 = now()
        try chunk.call()
        return Double(now() - t0) / 1e6
    }
    let (on, off) = try alternate(runs: runs, measured: { try milliseconds(coverage: true) },
                                  baseline: { try milliseconds(coverage: false) })
    return Figure(id: "C2", value: on, baseline: off, unit: "ms/run", target: nil,
                  note: "worst case: a compute-only script (insertion sorts), coverage vs without")
}
