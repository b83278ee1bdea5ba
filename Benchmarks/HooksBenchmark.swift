import Engine
import Foundation
import LuaRuntime
import SystemKit
import Systems

// MARK: - B10: a navigation through 5 hooks

/// `hooks.navigate` to a screen with 5 pre-load Lua hooks (each completes at once, passing one
/// key on), in an engine of the standard catalog: per navigation, the manager's run-loop turns,
/// 5 hook instances, 5 `execute` calls, the deep merge and the transcript. The baseline is the
/// same 5 `execute` functions called directly from one Lua loop with a plain `done`: what the
/// hooks themselves cost. Report only (no target yet).
/// `hooks`: 5 for B10; the growth runs (`--growth`) also measure 1 and 50.
func benchB10(runs: Int, hooks count: Int = 5) throws -> Figure {
    let engine = try SystemCatalog.standard.makeEngine()
    try engine.run("""
        local entries = {}
        for i = 1, \(count) do
          local id = "h" .. i
          entries[i] = {identifier = id, type = "general"}
          hooks.plugin{identifier = id, execute = function(self, data, done) done(true, nil, {[id] = i}) end}
        end
        hooks.loadScreens{{id = "target", hooks = {preload_plugins = entries}}}
        """)
    let measured = try engine.lua.load("""
        local n = ...
        local presented = 0
        for _ = 1, n do
          if hooks.navigate("target", {from = "menu"}).presented then presented = presented + 1 end
        end
        return presented
        """, name: "=B10")
    let direct = try engine.lua.load("""
        local n = ...
        local executes = {}
        for i = 1, \(count) do
          local id = "h" .. i
          executes[i] = function(self, data, done) done(true, nil, {[id] = i}) end
        end
        local completed = 0
        for _ = 1, n do
          local data = {}
          for i = 1, \(count) do
            executes[i]({}, data, function(ok, _, more) if ok then for k, v in pairs(more) do data[k] = v end end end)
          end
          if data.h\(count) then completed = completed + 1 end
        end
        return completed
        """, name: "=B10 baseline")
    func run(_ function: LuaFunction, _ n: Int) throws -> Double {
        let t0 = now()
        let r = try function.call(.integer(Int64(n)))
        let dt = now() - t0
        guard r.first?.integerValue == Int64(n) else { throw BenchError("B10: \(r) of \(n)") }
        return Double(dt) / Double(n) / 1000
    }
    let nMeasured = try calibrate(start: 4, targetNs: 60_000_000, max: 20_000) { n in _ = try run(measured, n) }
    let nBaseline = try calibrate(start: 100, targetNs: 20_000_000, max: 1_000_000) { n in _ = try run(direct, n) }
    log("B10: \(nMeasured) navigations per run, \(nBaseline) direct runs")
    let (m, b) = try alternate(runs: runs, measured: { try run(measured, nMeasured) }, baseline: { try run(direct, nBaseline) })
    guard !engine.transcript.events.contains(where: { $0.type == "error" }) else { throw BenchError("B10: error events") }
    return Figure(id: count == 5 ? "B10" : "B10@\(count)", value: m, baseline: b, unit: "us/navigation", target: count == 5 ? 5 : nil,
                  note: "\(count) Lua hooks per navigation")
}
