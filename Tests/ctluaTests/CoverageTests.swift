import Foundation
import TestSupport
import Testing

/// `ctlua test --coverage FILE`: LCOV of the scripts the scenarios loaded, the same in worker
/// processes and in process, merged over jobs, readable by genhtml and lcov.
@Suite struct CoverageTests {
    /// A small project: a presenter that requires a module and has a function never called,
    /// and three scenarios.
    static func project() throws -> URL {
        let dir = try TemporaryFolder.make()
        let presenters = dir.appendingPathComponent("presenters")
        let scenarios = dir.appendingPathComponent("scenarios")
        try FileManager.default.createDirectory(at: presenters, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: scenarios, withIntermediateDirectories: true)
        try """
            local M = {}

            function M.shout(text)
              return text:upper() .. "!"
            end

            function M.whisper(text)
              return text:lower()
            end

            return M
            """.write(to: presenters.appendingPathComponent("words.lua"), atomically: true, encoding: .utf8)
        try """
            local words = require("words")

            local function unused(ctx)
              ui.show{ id = "never", text = "shown" }
              ctx:dismissed()
            end

            templates.define{
              name = "Toast", type = "template",
              arguments = { { "text", "" }, { "seconds", 1 } },
              onPresent = function(ctx)
                ui.show{ id = "toast", text = words.shout(ctx:string("text")) }
                ctx:presented()
                app.after(ctx:number("seconds"), function()
                  ui.hide("toast")
                  ctx:dismissed()
                end)
              end,
            }
            """.write(to: presenters.appendingPathComponent("toast.lua"), atomically: true, encoding: .utf8)
        for (i, seconds) in [1, 2, 3].enumerated() {
            try """
                {"name": "toast \(i)", "scripts": ["../presenters/toast.lua"], "steps": [
                  {"deliver": {"inapp_notifs": [{"type": "custom-code", "templateName": "Toast", "ti": 1, "wzrk_id": "a\(i)",
                                                 "vars": {"text": "hi \(i)", "seconds": \(seconds)}}]}},
                  {"expect": {"displayed": "a\(i)", "ui": {"toast": {"text": "HI \(i)!"}}}},
                  {"advance": \(i == 0 ? 0.5 : Double(seconds))}
                ]}
                """.write(to: scenarios.appendingPathComponent("toast_\(i).json"), atomically: true, encoding: .utf8)
        }
        return dir
    }

    /// `DA` lines per `SF`, from LCOV text.
    static func lines(_ lcov: String) -> [String: [String]] {
        var result: [String: [String]] = [:]
        var file = ""
        for line in lcov.split(separator: "\n").map(String.init) {
            if line.hasPrefix("SF:") { file = String(line.dropFirst(3)) }
            if line.hasPrefix("DA:") { result[file, default: []].append(String(line.dropFirst(3)).split(separator: ",").prefix(2).joined(separator: ",")) }
        }
        return result
    }

    @Test func workersInProcessAndJobsWriteTheSameFile() throws {
        let dir = try Self.project()
        defer { try? FileManager.default.removeItem(at: dir) }
        var outputs: [String] = []
        for (name, extra) in [("workers", [String]()), ("inprocess", ["--no-workers"]), ("one", ["--jobs", "1"]), ("two", ["--jobs", "2"])] {
            let r = try CLI.run(["test", "scenarios", "--coverage", "\(name).info"] + extra, directory: dir)
            #expect(r.status == 0, "\(name): \(r.stdout)\(r.stderr)")
            outputs.append(try String(contentsOf: dir.appendingPathComponent("\(name).info"), encoding: .utf8))
        }
        #expect(Set(outputs).count == 1, "\(outputs)")
        let lcov = try #require(outputs.first)
        let byFile = Self.lines(lcov)
        #expect(Set(byFile.keys) == ["presenters/toast.lua", "presenters/words.lua"], "\(lcov)")
        // The function never called: its body has 0 hits; the presenter ran three times; the
        // timer fired in two scenarios of three (the first ends before it).
        #expect(byFile["presenters/toast.lua"]?.contains("4,0") == true && byFile["presenters/toast.lua"]?.contains("5,0") == true, "\(lcov)")
        #expect(byFile["presenters/toast.lua"]?.contains("12,3") == true, "\(lcov)")
        #expect(byFile["presenters/toast.lua"]?.contains("15,2") == true, "\(lcov)")
        #expect(byFile["presenters/words.lua"] == ["1,3", "3,3", "4,3", "5,3", "7,3", "8,0", "9,3", "11,3"], "\(lcov)")
        #expect(lcov.hasPrefix("TN:\nSF:presenters/toast.lua\nDA:"))
        #expect(lcov.contains("LF:14\nLH:12\nend_of_record\n"), "\(lcov)")
    }

    @Test func theTextReportEndsWithALinePerScriptAndATotal() throws {
        let dir = try Self.project()
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = try CLI.run(["test", "scenarios", "--coverage", "out/cov.info"], directory: dir)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.hasSuffix("""
            3 passed, 0 failed
            coverage  presenters/toast.lua  12/14 lines  85.7%
            coverage  presenters/words.lua  7/8   lines  87.5%
            coverage  total                 19/22 lines  86.4%

            """), "\(r.stdout)")
        #expect(FileManager.default.fileExists(atPath: dir.path + "/out/cov.info"))
        let plain = try CLI.run(["test", "scenarios"], directory: dir)
        #expect(!plain.stdout.contains("coverage"))
    }

    /// Coverage that does not flatter: a project script no scenario loaded counts at 0% (by
    /// default every script of the working folder; LuaLS `---@meta` files are not scripts);
    /// `--coverage-include GLOB` picks the scripts that count, `''` only those loaded.
    @Test func scriptsNoScenarioLoadedCountAsZero() throws {
        let dir = try Self.project()
        defer { try? FileManager.default.removeItem(at: dir) }
        try "local function f(x)\n  return x + 1\nend\nreturn f\n"
            .write(to: dir.appendingPathComponent("presenters/orphan.lua"), atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("types"), withIntermediateDirectories: true)
        try "---@meta x\nx = {}\n".write(to: dir.appendingPathComponent("types/x.lua"), atomically: true, encoding: .utf8)
        let r = try CLI.run(["test", "scenarios", "--coverage", "out/cov.info"], directory: dir)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.hasSuffix("""
            3 passed, 0 failed
            coverage  presenters/orphan.lua  0/3   lines  0.0%
            coverage  presenters/toast.lua   12/14 lines  85.7%
            coverage  presenters/words.lua   7/8   lines  87.5%
            coverage  total                  19/25 lines  76.0%

            """), "\(r.stdout)")
        let lcov = try String(contentsOf: dir.appendingPathComponent("out/cov.info"), encoding: .utf8)
        #expect(lcov.contains("SF:presenters/orphan.lua\nDA:2,0\nDA:3,0\nDA:4,0\n"), "\(lcov)")
        let only = try CLI.run(["test", "scenarios", "--coverage", "-", "--coverage-include", "presenters/w*.lua"], directory: dir)
        #expect(only.stderr.contains("coverage  total                 19/22 lines  86.4%"), "\(only.stderr)")
        let loaded = try CLI.run(["test", "scenarios", "--coverage", "-", "--coverage-include", ""], directory: dir)
        #expect(!loaded.stderr.contains("orphan"), "\(loaded.stderr)")
    }

    /// A `.lua` scenario is test code: the scripts it loads are covered, not itself.
    /// A FIFO named `*.lua` in the project (also one `--coverage-include` picks): it was opened
    /// to read its header and the run blocked for good; only regular files are read now.
    @Test func aFIFONamedLikeAScriptIsSkippedNotOpened() throws {
        let dir = try Self.project()
        defer { try? FileManager.default.removeItem(at: dir) }
        #expect(mkfifo(dir.appendingPathComponent("presenters/pipe.lua").path, 0o600) == 0)
        for extra in [[], ["--coverage-include", "presenters/*.lua"]] {
            let r = try CLI.run(["test", "scenarios", "--coverage", "-"] + extra, directory: dir, timeout: 60)
            #expect(!r.timedOut, "the run hung on the FIFO (\(extra))")
            #expect(r.status == 0, "\(r.stderr)")
            #expect(r.stdout.contains("SF:presenters/toast.lua") && !r.stdout.contains("pipe.lua"), "\(r.stdout)")
        }
    }

    @Test func luaScenariosAreNotListedButWhatTheyLoadIs() throws {
        let dir = try Self.project()
        defer { try? FileManager.default.removeItem(at: dir) }
        try """
            app.load("../presenters/toast.lua")
            templates.deliver{ inapp_notifs = { { type = "custom-code", templateName = "Toast", ti = 1, wzrk_id = "t",
                                                  vars = { text = "x" } } } }
            assert(templates.displayed().wzrk_id == "t")
            """.write(to: dir.appendingPathComponent("scenarios/drive_test.lua"), atomically: true, encoding: .utf8)
        let r = try CLI.run(["test", "scenarios/drive_test.lua", "--coverage", "-"], directory: dir)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(Set(Self.lines(r.stdout).keys) == ["presenters/toast.lua", "presenters/words.lua"], "\(r.stdout)")
        #expect(Self.lines(r.stdout)["presenters/toast.lua"]?.contains("12,1") == true, "\(r.stdout)")
    }

    @Test func dashWritesTheTracefileToStandardOutputAndTheReportToStandardError() throws {
        let dir = try Self.project()
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = try CLI.run(["test", "scenarios", "--coverage", "-"], directory: dir)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.hasPrefix("TN:\nSF:presenters/toast.lua\n") && r.stdout.hasSuffix("end_of_record\n"), "\(r.stdout)")
        #expect(r.stderr.contains("3 passed, 0 failed\ncoverage  presenters/toast.lua"), "\(r.stderr)")
    }

    @Test func anUnwritableFileIsAUsageErrorNamingIt() throws {
        let dir = try Self.project()
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = try CLI.run(["test", "scenarios", "--coverage", "/proc/version/x.info"], directory: dir)
        #expect(r.status == 2)
        #expect(r.stderr.hasPrefix("ctlua: /proc/version/x.info: "), "\(r.stderr)")
    }

    /// The consumers: genhtml renders it (from the folder the run started in, where the relative
    /// paths resolve), and shards merged with `lcov -a` give the whole run's counts.
    @Test func genhtmlReadsItAndLcovMergesShards() throws {
        let missing = ["genhtml", "lcov"].filter { tool in (try? CLI.shell("command -v \(tool)", directory: CLI.packageRoot).status) != 0 }
        try #require(missing.isEmpty, "\(missing.joined(separator: " and ")) not found: install Debian's lcov package (scripts/bootstrap does)")
        let dir = try Self.project()
        defer { try? FileManager.default.removeItem(at: dir) }
        #expect(try CLI.run(["test", "scenarios", "--coverage", "all.info"], directory: dir).status == 0)
        let html = try CLI.shell("genhtml all.info --output-directory html", directory: dir)
        #expect(html.status == 0, "\(html.stdout)\(html.stderr)")
        #expect(html.stdout.contains("lines......: 86.4% (19 of 22 lines)"), "\(html.stdout)")
        #expect(FileManager.default.fileExists(atPath: dir.path + "/html/presenters/toast.lua.gcov.html"))

        for k in 1...2 { #expect(try CLI.run(["test", "scenarios", "--shard", "\(k)/2", "--coverage", "s\(k).info"], directory: dir).status == 0) }
        let merge = try CLI.shell("lcov --quiet -a s1.info -a s2.info -o merged.info", directory: dir)
        #expect(merge.status == 0, "\(merge.stderr)")
        let merged = try String(contentsOf: dir.appendingPathComponent("merged.info"), encoding: .utf8)
        let whole = try String(contentsOf: dir.appendingPathComponent("all.info"), encoding: .utf8)
        #expect(Self.lines(merged).mapValues { Set($0) } == Self.lines(whole).mapValues { Set($0) })
    }

    /// A scenario whose worker is terminated (it outlives the wall-clock limit while each of its
    /// steps stays under the per-entry limits) loses its own hits only: the script it alone loaded
    /// counts at 0 (it is a project script), the other scenarios' scripts are, with their counts.
    @Test func aTerminatedWorkerLosesOnlyItsOwnScenariosHits() throws {
        let dir = try TemporaryFolder.make()
        defer { try? FileManager.default.removeItem(at: dir) }
        try "local M = {}\nfunction M.busy(s)\n  local t = os.clock()\n  while os.clock() - t < s do end\nend\nreturn M\n"
            .write(to: dir.appendingPathComponent("slow.lua"), atomically: true, encoding: .utf8)
        try "local M = {}\nfunction M.double(x)\n  return x * 2\nend\nreturn M\n"
            .write(to: dir.appendingPathComponent("fast.lua"), atomically: true, encoding: .utf8)
        let slowSteps = (0..<150).map { _ in #"{"lua": "require('slow').busy(0.2)"}"# }.joined(separator: ", ")
        try #"{"name": "slow", "steps": [\#(slowSteps)]}"#
            .write(to: dir.appendingPathComponent("a_slow.json"), atomically: true, encoding: .utf8)
        try #"{"name": "fast", "steps": [{"lua": "assert(require('fast').double(2) == 4)"}]}"#
            .write(to: dir.appendingPathComponent("b_fast.json"), atomically: true, encoding: .utf8)
        let r = try CLI.run(["test", "--timeout", "2", "--max-instructions", "100000000000", "--coverage", "cov.info",
                             "a_slow.json", "b_fast.json"], directory: dir)
        #expect(r.status == 1, "\(r.stdout)\(r.stderr)")
        #expect(r.stdout.contains("a_slow.json:1:1 (slow): timeout: the scenario was still running after 3 s"), "\(r.stdout)")
        let lcov = try String(contentsOf: dir.appendingPathComponent("cov.info"), encoding: .utf8)
        let files = Self.lines(lcov)
        // Its hits are lost; the script still counts, at 0 (a project script no scenario covered).
        #expect(files["slow.lua"]?.allSatisfy { $0.hasSuffix(",0") } == true, "\(lcov)")
        #expect(files["fast.lua"]?.contains("3,1") == true, "the body of double ran once: \(lcov)")
    }
}
