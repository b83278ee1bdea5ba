import Platform
import CBaselines
import Foundation
@_spi(RawLua) import LuaRuntime

struct BenchError: Error, CustomStringConvertible {
    var description: String
    init(_ d: String) { description = d }
}

/// One printed figure.
struct Figure {
    var id: String
    var value: Double
    var baseline: Double
    var unit: String
    var target: Double?
    /// False (the default): the ratio is `value / baseline` and must stay at or below the
    /// target. True (speed-ups such as B6): the ratio is `baseline / value` and must reach it.
    var higherIsBetter = false
    var note: String = ""
    var ratio: Double { higherIsBetter ? baseline / value : value / baseline }
    var met: Bool? { target.map { higherIsBetter ? ratio >= $0 : ratio <= $0 } }
}

func now() -> UInt64 { cb_now_ns() }

func median(_ xs: [Double]) -> Double {
    let s = xs.sorted()
    guard !s.isEmpty else { return .nan }
    return s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2
}

/// Runs `measured` and `baseline` alternately (the order flips every pair, after one warm-up
/// of each) and returns the medians of their per-operation results.
func alternate(runs: Int, measured: () throws -> Double, baseline: () throws -> Double) rethrows -> (Double, Double) {
    // CTLUA_BENCH_SIDE=measured|baseline runs one side only (instruction counts under callgrind).
    switch ProcessInfo.processInfo.environment["CTLUA_BENCH_SIDE"] {
    case "measured": return try (alternateOne(runs: runs, measured), 0)
    case "baseline": return try (0, alternateOne(runs: runs, baseline))
    default: break
    }
    _ = try measured()
    _ = try baseline()
    var m: [Double] = []
    var b: [Double] = []
    for r in 0..<runs {
        if r % 2 == 0 {
            m.append(try measured())
            b.append(try baseline())
        } else {
            b.append(try baseline())
            m.append(try measured())
        }
    }
    return (median(m), median(b))
}

/// One side alone: a warm-up, then `runs` runs; the median.
@inline(never)
func alternateOne(runs: Int, _ body: () throws -> Double) rethrows -> Double {
    _ = try body()
    var v: [Double] = []
    for _ in 0..<runs { v.append(try body()) }
    return median(v)
}

/// Doubles `n` from `start` until one run of `body(n)` takes at least `targetNs`.
func calibrate(start: Int = 1, targetNs: UInt64, max: Int = 50_000_000, _ body: (Int) throws -> Void) rethrows -> Int {
    // CTLUA_BENCH_N fixes the count (instruction counts under callgrind must not depend on timing).
    if let fixed = ProcessInfo.processInfo.environment["CTLUA_BENCH_N"].flatMap({ Int($0) }), fixed > 0 {
        try body(fixed)
        return fixed
    }
    var n = start
    while true {
        let t0 = now()
        try body(n)
        let dt = now() - t0
        if dt >= targetNs || n >= max { return n }
        let grow = dt == 0 ? 8 : Swift.min(8, Swift.max(2, Int(Double(targetNs) / Double(dt) * 1.2)))
        n = Swift.min(max, n * grow)
    }
}

/// Installs the C baselines (`cbase`) in `state` as a global and returns the table.
@discardableResult
func installBaselines(_ state: LuaState) throws -> LuaValue {
    let status = cb_install(state.rawState)
    let table = state.rawPop()
    guard status == 0 else { throw BenchError("cb_install failed: \(table)") }
    state.globals["cbase"] = table
    return table
}

/// Full collection through the raw state (the sandbox refuses `collectgarbage("collect")`).
func fullGC(_ state: LuaState) {
    cb_gc_collect(state.rawState)
}

/// Spawns `argv` with stdout/stderr to /dev/null and waits; returns the wall time in ns.
func spawnAndWait(_ argv: [String]) throws -> UInt64 {
    var actions = Platform.spawnFileActions()
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    var cargs: [UnsafeMutablePointer<CChar>?] = argv.map { strdup($0) } + [nil]
    var cenv: [UnsafeMutablePointer<CChar>?] = ProcessInfo.processInfo.environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer {
        for p in cargs { free(p) }
        for p in cenv { free(p) }
    }
    var pid: pid_t = 0
    let t0 = now()
    let rc = posix_spawn(&pid, argv[0], &actions, nil, &cargs, &cenv)
    guard rc == 0 else { throw BenchError("posix_spawn \(argv[0]): \(String(cString: strerror(rc)))") }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    let dt = now() - t0
    guard status == 0 else { throw BenchError("\(argv.joined(separator: " ")) exited with status \(status)") }
    return dt
}

/// Runs a process and returns its standard output (for the cjson helper).
func runCapturing(_ argv: [String]) throws -> String {
    let p = Process()
    p.executableURL = URL(fileURLWithPath: argv[0])
    p.arguments = Array(argv.dropFirst())
    let pipe = Pipe()
    p.standardOutput = pipe
    try p.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    p.waitUntilExit()
    guard p.terminationStatus == 0 else { throw BenchError("\(argv.joined(separator: " ")) failed") }
    return String(decoding: data, as: UTF8.self)
}

func which(_ name: String) -> String? {
    for dir in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
        let p = "\(dir)/\(name)"
        if access(p, X_OK) == 0 { return p }
    }
    return nil
}
