// ctlua benchmarks: one line per figure (ratio, both sides, target), or `--json`.
// Every ratio is measured in this one process, alternating the measured side and its
// baseline, as the median of several runs (performance.md). See Benchmarks/README.md.
//
//   Benchmarks [--json] [--ctlua PATH] [--lua PATH] [--only B1,B2,...] [--runs N] [--growth]

import Platform
import CBaselines
import Engine
import Foundation
import JSON
@_spi(RawLua) import LuaRuntime
import SystemKit
import Systems
import Templates

struct Options {
    var json = false
    var ctlua: String?
    var lua: String?
    var only: Set<String>?
    var runs = 11
    /// `--growth`: also B9@200, B10@1, B10@50, B11@20, B11@2000 (B9, B10, B11 at other input sizes).
    var growth = false

    init(_ args: [String]) throws {
        var i = 0
        func value() throws -> String {
            i += 1
            guard i < args.count else { throw BenchError("\(args[i - 1]) needs a value") }
            return args[i]
        }
        while i < args.count {
            switch args[i] {
            case "--json": json = true
            case "--growth": growth = true
            case "--ctlua": ctlua = try value()
            case "--lua": lua = try value()
            case "--only": only = Set(try value().split(separator: ",").map { String($0).uppercased() })
            case "--runs":
                let v = try value()
                runs = max(3, Int(v) ?? 11)
            case "-h", "--help":
                print("usage: Benchmarks [--json] [--ctlua PATH] [--lua PATH] [--only B1,B3,...] [--runs N] [--growth]")
                exit(0)
            default: throw BenchError("unknown option \(args[i])")
            }
            i += 1
        }
    }

    func wants(_ id: String) -> Bool { only.map { $0.contains(id.uppercased()) } ?? true }
}

func log(_ message: String) {
    var line = message + "\n"
    line.withUTF8 { _ = write(2, $0.baseAddress, $0.count) }
}

// MARK: - B1: Lua -> Swift method vs Lua -> C function

func benchB1(runs: Int) throws -> Figure {
    let engine = try SystemCatalog.standard.makeEngine()
    try installBaselines(engine.lua)
    // The real TemplateContext userdata: a template whose presenter keeps it active.
    let results = try engine.run("""
        templates.define{ name = "Hold", type = "template",
          arguments = {{"title", "Default title"}, {"subtitle", "Sub"}, {"count", 0}, {"enabled", false},
                       {"color", "#000000"}},
          onPresent = function(ctx) end }
        templates.deliver{ type = "custom-code", templateName = "Hold", wzrk_id = "hold-1",
          vars = { title = "Summer sale: 50% off", count = 3, enabled = true } }
        local swiftCtx = templates.activeContext("Hold")
        local cCtx = cbase.newctx{ title = "Summer sale: 50% off", subtitle = "Sub", count = 3, enabled = true,
                                   color = "#000000" }
        local loop = function(ctx, n)
          local s
          for i = 1, n do s = ctx:string("title") end
          return s
        end
        return swiftCtx, cCtx, loop
        """)
    guard results.count == 3, case .userdata = results[0], case .userdata = results[1],
        let loop = results[2].functionValue
    else { throw BenchError("B1 setup: \(results)") }
    let swiftCtx = results[0], cCtx = results[1]
    for ctx in [swiftCtx, cCtx] {
        let s = try loop.call(ctx, 1).first?.stringValue
        guard s == "Summer sale: 50% off" else { throw BenchError("B1: ctx:string returned \(s ?? "nil")") }
    }
    func run(_ ctx: LuaValue, _ n: Int) throws -> Double {
        let t0 = now()
        try loop.call(ctx, .integer(Int64(n)))
        return Double(now() - t0) / Double(n)
    }
    let n = try calibrate(start: 1000, targetNs: 20_000_000, max: 2_000_000) { n in _ = try run(swiftCtx, n) }
    let (m, b) = try alternate(runs: runs, measured: { try run(swiftCtx, n) }, baseline: { try run(cCtx, n) })
    return Figure(id: "B1", value: m, baseline: b, unit: "ns/call", target: 1.25)
}

// MARK: - B2: Swift -> Lua through LuaFunction.call vs raw lua_pcall from C

func benchB2(runs: Int) throws -> Figure {
    let state = try LuaState(policy: .strict, limits: .standard)
    try installBaselines(state)
    let results = try state.run("""
        local f = function(x) return x + 1 end
        local viaC = function(n) return cbase.callloop(f, n) end
        return f, viaC
        """)
    guard let f = results.first?.functionValue, let viaC = results.last?.functionValue else { throw BenchError("B2 setup") }
    func measured(_ n: Int) throws -> Double {
        var sum: Int64 = 0
        let t0 = now()
        for i in 0..<n {
            sum &+= try f.call1(.integer(Int64(i))).integerValue ?? 0
        }
        let dt = now() - t0
        guard sum == Int64(n) * Int64(n + 1) / 2 else { throw BenchError("B2: wrong sum \(sum)") }
        return Double(dt) / Double(n)
    }
    func baseline(_ n: Int) throws -> Double {
        let t0 = now()
        let r = try viaC.call(.integer(Int64(n)))
        let dt = now() - t0
        guard r.first?.integerValue == Int64(n) * Int64(n + 1) / 2 else { throw BenchError("B2: wrong C sum \(r)") }
        return Double(dt) / Double(n)
    }
    let n = try calibrate(start: 1000, targetNs: 20_000_000, max: 2_000_000) { n in _ = try measured(n) }
    let (m, b) = try alternate(runs: runs, measured: { try measured(n) }, baseline: { try baseline(n) })
    return Figure(id: "B2", value: m, baseline: b, unit: "ns/call", target: 1.15)
}

// MARK: - B3/B4: json.decode / json.encode vs jansson + C API

struct JSONBench {
    let state: LuaState
    let text: String
    let loop: LuaFunction
    let decode: LuaValue, cDecode: LuaValue, encode: LuaValue, cEncode: LuaValue
    let table: LuaValue

    init(text: String) throws {
        self.text = text
        state = try LuaState(policy: .strict, limits: .standard)
        state.installJSONModule()
        try installBaselines(state)
        let r = try state.run("""
            local json = require "json"
            cbase.setmarks(getmetatable(json.decode("[]")), getmetatable(json.decode("{}")), json.null)
            local loop = function(fn, arg, n)
              local out
              for i = 1, n do out = fn(arg) end
              return out
            end
            return loop, json.decode, cbase.decode, json.encode, cbase.encode
            """)
        guard r.count == 5, let loop = r[0].functionValue else { throw BenchError("JSON setup: \(r)") }
        self.loop = loop
        decode = r[1]
        cDecode = r[2]
        encode = r[3]
        cEncode = r[4]
        guard let t = try loop.call(decode, .string(LuaString(text)), 1).first, case .table = t else {
            throw BenchError("json.decode did not return a table")
        }
        table = t
        // The baselines must build/print the same thing.
        let check = try state.load("""
            local json = require "json"
            local text, t = ...
            local a = json.encode(json.decode(text), {sort = true})
            local b = json.encode(cbase.decode(text), {sort = true})
            local c = json.encode(json.decode(cbase.encode(t)), {sort = true})
            local d = json.encode(json.decode(json.encode(t)), {sort = true})
            local marks = getmetatable(cbase.decode(text).inapp_notifs) == getmetatable(t.inapp_notifs)
            return a == b, c == d, marks, #json.encode(t), #cbase.encode(t)
            """, name: "=check").call(.string(LuaString(text)), table)
        guard check.count == 5, check[0].boolValue == true, check[1].boolValue == true, check[2].boolValue == true else {
            throw BenchError("JSON baselines differ from json.decode/encode: \(check)")
        }
        log("B4: json.encode makes \(check[3]) bytes, the C baseline \(check[4])")
    }

    func run(_ fn: LuaValue, _ arg: LuaValue, _ n: Int) throws -> Double {
        let t0 = now()
        try loop.call(fn, arg, .integer(Int64(n)))
        return Double(now() - t0) / Double(n) / 1e6
    }
}

func benchB3B4(runs: Int, options: Options, figures: inout [Figure]) throws {
    let text = InAppResponse.make()
    let bench = try JSONBench(text: text)
    let textValue = LuaValue.string(LuaString(text))
    log("B3: response is \(text.utf8.count) bytes")
    if options.wants("B3") || options.wants("B3C") {
        let n = 5
        var cjsonMs: Double?
        var measuredRuns: [Double] = []
        var cjsonRuns: [Double] = []
        let (m, b) = try alternate(runs: runs, measured: {
            let v = try bench.run(bench.decode, textValue, n)
            measuredRuns.append(v)
            return v
        }, baseline: { try bench.run(bench.cDecode, textValue, n) })
        if options.wants("B3") {
            figures.append(Figure(id: "B3", value: m, baseline: b, unit: "ms/decode", target: 1.2))
        }
        if options.wants("B3C") {
            // cjson in a stock lua5.4, interleaved with json.decode runs here.
            if let lua = options.lua ?? which("lua5.4") {
                cjsonMs = try cjsonDecode(lua: lua, text: text, runs: runs, interleave: {
                    cjsonRuns.append(try bench.run(bench.decode, textValue, n))
                })
            }
            if let cjsonMs {
                figures.append(Figure(id: "B3c", value: median(cjsonRuns), baseline: cjsonMs, unit: "ms/decode",
                                      target: nil, note: "json.decode vs cjson.decode"))
            } else {
                log("B3c: lua5.4 or lua-cjson missing: skipped")
            }
        }
        _ = measuredRuns
    }
    if options.wants("B4") {
        let n = 5
        let (m, b) = try alternate(runs: runs, measured: { try bench.run(bench.encode, bench.table, n) },
                                   baseline: { try bench.run(bench.cEncode, bench.table, n) })
        figures.append(Figure(id: "B4", value: m, baseline: b, unit: "ms/encode", target: 1.3))
    }
}

/// ms per `cjson.decode` of `text` in a stock lua5.4: wall time of a process decoding N times
/// minus one decoding 0 times (start-up and file read), over N. `interleave` runs between.
func cjsonDecode(lua: String, text: String, runs: Int, interleave: () throws -> Void) throws -> Double? {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("ctlua-bench-\(getpid())")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    let data = dir.appendingPathComponent("response.json").path
    let script = dir.appendingPathComponent("cjson.lua").path
    try text.write(toFile: data, atomically: true, encoding: .utf8)
    try """
        local cjson = require "cjson"
        local f = assert(io.open(arg[1], "rb")); local text = f:read("a"); f:close()
        local t
        for i = 1, tonumber(arg[2]) do t = cjson.decode(text) end
        """.write(toFile: script, atomically: true, encoding: .utf8)
    guard (try? spawnAndWait([lua, "-e", "require 'cjson'"])) != nil else { return nil }
    let n = 20
    var results: [Double] = []
    _ = try spawnAndWait([lua, script, data, String(n)])
    for _ in 0..<runs {
        let full = try spawnAndWait([lua, script, data, String(n)])
        let empty = try spawnAndWait([lua, script, data, "0"])
        results.append((Double(full) - Double(empty)) / Double(n) / 1e6)
        try interleave()
    }
    return median(results)
}

// MARK: - B5: in-app pipeline vs the presenter called from C

/// B5 (`durable: false`): the pipeline in an engine that keeps its state in its own temporary
/// directory, as `ctlua test` runs every scenario: what ctlua itself costs per in-app.
/// B5d (`durable: true`): the same on an explicit state directory, where each driving call that
/// changes the state (every in-app records an impression) ends with one atomic, fsync'd save;
/// its baseline adds the same durable write in C (same size, same syscalls) to the C presenter.
func benchB5(runs: Int, durable: Bool) throws -> Figure {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ctlua-bench-b5-\(getpid())")
    defer { try? FileManager.default.removeItem(at: directory) }
    var configuration = Engine.Configuration()
    if durable { configuration.stateDirectory = directory }
    let engine = try SystemCatalog.standard.makeEngine(configuration)
    try installBaselines(engine.lua)
    let results = try engine.run("""
        local P = function(ctx)
          local title, count, enabled = ctx:string("title"), ctx:number("count"), ctx:boolean("enabled")
          assert(title == "Summer sale" and count == 3 and enabled == true, "presenter read wrong values")
          ctx:presented()
          ctx:dismissed()
        end
        templates.define{ name = "Bench", type = "template",
          arguments = {{"title", "Default"}, {"count", 0}, {"enabled", false}}, onPresent = P }
        local inapp = { type = "custom-code", templateName = "Bench", wzrk_id = "bench-1",
                        vars = { title = "Summer sale", count = 3, enabled = true } }
        local pipeline = function(n)
          for i = 1, n do templates.deliver(inapp) end
        end
        local direct = function(n) return cbase.presentloop(P, n, "Summer sale", 3, true) end
        return pipeline, direct
        """)
    guard let pipeline = results.first?.functionValue, let direct = results.last?.functionValue else {
        throw BenchError("B5 setup")
    }
    func measured(_ n: Int) throws -> Double {
        // The checks read the run's own events only: walking the whole transcript (which grows
        // with every run) was ~5k instructions per in-app in callgrind's collected region.
        let start = engine.transcript.events.count
        let t0 = now()
        try pipeline.call(.integer(Int64(n)))
        let dt = now() - t0
        let events = engine.transcript.events[start...]
        let errors = events.filter { $0.type == "error" }
        guard errors.isEmpty else { throw BenchError("B5: \(errors)") }
        let dismissed = events.lazy.filter { $0.type == "template.dismissed" }.count
        guard dismissed == n else { throw BenchError("B5: \(dismissed) of \(n) dismissed") }
        return Double(dt) / Double(n) / 1000
    }
    // B5d's baseline writes as many bytes as the largest state file the pipeline keeps rewriting.
    var saved: [UInt8] = []
    func stateFileSize() -> Int {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasSuffix(".json") }.compactMap {
            (try? FileManager.default.attributesOfItem(atPath: directory.appendingPathComponent($0).path))?[.size] as? Int
        }.max() ?? 0
    }
    func baseline(_ n: Int) throws -> Double {
        let t0 = now()
        var dismissed: Int64 = 0
        if durable {
            let baselineDirectory = directory.appendingPathComponent("c-baseline")
            for _ in 0..<n {
                dismissed += try direct.call(.integer(1)).first?.integerValue ?? 0
                guard cb_durable_write(baselineDirectory.path, "state.json", saved, saved.count) == 0 else {
                    throw BenchError("B5d: the C baseline cannot write in \(baselineDirectory.path)")
                }
            }
        } else {
            dismissed = try direct.call(.integer(Int64(n))).first?.integerValue ?? 0
        }
        let dt = now() - t0
        guard dismissed == Int64(n) else { throw BenchError("B5: C dismissed \(dismissed) of \(n)") }
        return Double(dt) / Double(n) / 1000
    }
    let id = durable ? "B5d" : "B5"
    let nMeasured = try calibrate(start: 4, targetNs: 60_000_000, max: durable ? 2000 : 5000) { n in _ = try measured(n) }
    if durable {
        guard stateFileSize() > 0 else { throw BenchError("B5d: the pipeline wrote no state file in \(directory.path)") }
        saved = Array(repeating: UInt8(ascii: " "), count: stateFileSize())
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("c-baseline"), withIntermediateDirectories: true)
    }
    let nBaseline = try calibrate(start: durable ? 4 : 100, targetNs: 20_000_000, max: 1_000_000) { n in _ = try baseline(n) }
    log("\(id): \(nMeasured) in-apps per pipeline run, \(nBaseline) per C run" + (durable ? ", \(saved.count) bytes per durable write" : ""))
    let (m, b) = try alternate(runs: runs, measured: { try measured(nMeasured) }, baseline: { try baseline(nBaseline) })
    return Figure(id: id, value: m, baseline: b, unit: "us/in-app", target: durable ? nil : 5)
}

// MARK: - B7: process start

func benchB7(runs: Int, ctlua: String?, lua: String?) throws -> Figure? {
    guard let ctlua, let lua = lua ?? which("lua5.4") else {
        log("B7: needs --ctlua PATH and lua5.4: skipped")
        return nil
    }
    let pairs = max(31, runs * 4)
    let (m, b) = try alternate(runs: pairs, measured: { Double(try spawnAndWait([ctlua, "-e", ""])) / 1e6 },
                               baseline: { Double(try spawnAndWait([lua, "-e", ""])) / 1e6 })
    return Figure(id: "B7", value: m, baseline: b, unit: "ms/start", target: 2)
}

// MARK: - B8: memory of a fresh engine

func benchB8(runs: Int) throws -> Figure {
    let (m, b) = try alternate(runs: max(3, runs / 2), measured: {
        let engine = try SystemCatalog.standard.makeEngine()
        fullGC(engine.lua)
        return Double(engine.lua.memoryUsed) / 1024
    }, baseline: { Double(cb_bare_state_memory()) / 1024 })
    return Figure(id: "B8", value: m, baseline: b, unit: "KiB", target: 4)
}

// MARK: - output

func format(_ x: Double) -> String {
    if x.isNaN { return "nan" }
    let digits = abs(x) >= 100 ? 1 : abs(x) >= 10 ? 2 : abs(x) >= 1 ? 2 : 3
    return String(format: "%.\(digits)f", x)
}

func printLine(_ f: Figure) {
    let target = f.target.map { (f.higherIsBetter ? "≥" : "≤") + format($0) } ?? "report"
    let verdict = f.met.map { $0 ? "OK" : "MISSED" } ?? "-"
    let id = f.id.padding(toLength: 4, withPad: " ", startingAt: 0)
    var line = "\(id)ratio \(String(format: "%.2f", f.ratio))  value \(format(f.value)) \(f.unit)  baseline \(format(f.baseline)) \(f.unit)  target \(target)  \(verdict)"
    if !f.note.isEmpty { line += "  (\(f.note))" }
    print(line)
}

func jsonNumber(_ x: Double, digits: Int = 3) -> String {
    guard x.isFinite else { return "null" }
    var s = String(format: "%.\(digits)f", x)
    while s.contains("."), s.hasSuffix("0") { s.removeLast() }
    if s.hasSuffix(".") { s.removeLast() }
    return s
}

func printJSON(_ figures: [Figure]) {
    let items = figures.map { f in
        "{\"id\": \"\(f.id)\", \"ratio\": \(jsonNumber(f.ratio)), \"value\": \(jsonNumber(f.value)), \"baseline\": \(jsonNumber(f.baseline)), \"unit\": \"\(f.unit)\", \"target\": \(f.target.map { jsonNumber($0) } ?? "null"), \"better\": \"\(f.higherIsBetter ? "higher" : "lower")\"}"
    }
    print("{\"results\": [\(items.joined(separator: ", "))]}")
}

func main() -> Int32 {
    let options: Options
    do { options = try Options(Array(CommandLine.arguments.dropFirst())) } catch {
        log("Benchmarks: \(error)")
        return 2
    }
    var figures: [Figure] = []
    var failed = false
    func step(_ id: String, _ body: () throws -> Figure?) {
        guard options.wants(id) else { return }
        do {
            if let f = try body() {
                figures.append(f)
                if !options.json { printLine(f) }
            }
        } catch {
            log("\(id): \(error)")
            failed = true
        }
    }
    step("B1") { try benchB1(runs: options.runs) }
    step("B2") { try benchB2(runs: options.runs) }
    if options.wants("B3") || options.wants("B3C") || options.wants("B4") {
        do {
            var json: [Figure] = []
            try benchB3B4(runs: options.runs, options: options, figures: &json)
            figures += json
            if !options.json { json.forEach(printLine) }
        } catch {
            log("B3/B4: \(error)")
            failed = true
        }
    }
    step("B5") { try benchB5(runs: options.runs, durable: false) }
    step("B5d") { try benchB5(runs: options.runs, durable: true) }
    step("B6") { try benchB6(runs: options.runs, ctlua: options.ctlua) }
    step("W1") { try benchWorkers(id: "W1", jobs: 1, runs: options.runs, ctlua: options.ctlua) }
    step("W2") { try benchWorkers(id: "W2", jobs: 2, runs: options.runs, ctlua: options.ctlua) }
    step("C1") { try benchC1(runs: options.runs, ctlua: options.ctlua) }
    step("C2") { try benchC2(runs: options.runs) }
    step("B7") { try benchB7(runs: options.runs, ctlua: options.ctlua, lua: options.lua) }
    step("B8") { try benchB8(runs: options.runs) }
    step("B9") { try benchB9(runs: options.runs) }
    step("B10") { try benchB10(runs: options.runs) }
    step("T1") { try benchT1(runs: options.runs) }
    step("T2") { try benchT2(runs: options.runs) }
    step("B11") { try benchB11(runs: options.runs) }
    if options.growth {
        // How B9, B10 and B11 grow with their input: B9@200 is B9 with 200 fields, and so on
        // (`--only B11@2000` runs one of them).
        for fields in [200] { step("B9@\(fields)") { try benchB9(runs: options.runs, fields: fields) } }
        for hooks in [1, 50] { step("B10@\(hooks)") { try benchB10(runs: options.runs, hooks: hooks) } }
        for inApps in [20, 2000] { step("B11@\(inApps)") { try benchB11(runs: options.runs, inApps: inApps) } }
    }
    if options.json { printJSON(figures) }
    return failed ? 1 : 0
}

exit(main())
