import Foundation
import TestSupport
import Testing

@Suite struct TestCommandTests {
    @Test func exampleScenariosPass() throws {
        let r = try CLI.run(["test", "examples/scenarios"])
        #expect(r.status == 0, "\(r.stdout)\(r.stderr)")
        #expect(r.stdout.hasSuffix(" passed, 0 failed\n"))
    }

    @Test func runawayPresenterFailsWithTheLimitWhileOthersPass() throws {
        let dir = try TemporaryFolder.make()
        defer { try? FileManager.default.removeItem(at: dir) }
        try FileManager.default.copyItem(atPath: CLI.packageRoot.path + "/examples/scenarios-failing/presenter_loops_forever.json",
                                         toPath: dir.path + "/loop.json")
        try FileManager.default.copyItem(atPath: CLI.packageRoot.path + "/examples/scenarios/priority_order.json",
                                         toPath: dir.path + "/priority.json")
        // Scripts are referenced as ../templates/*.lua: give the copies the same neighbourhood.
        let root = dir.appendingPathComponent("scenarios")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        for name in ["loop.json", "priority.json"] {
            let text = try String(contentsOfFile: dir.path + "/" + name, encoding: .utf8)
                .replacingOccurrences(of: "../templates/", with: CLI.packageRoot.path + "/examples/templates/")
            try text.write(toFile: root.path + "/" + name, atomically: true, encoding: .utf8)
        }
        let r = try CLI.run(["test", "--max-instructions", "200000", root.path])
        #expect(r.status == 1)
        #expect(r.stdout.contains("instruction limit exceeded"))
        #expect(r.stdout.hasSuffix("1 passed, 1 failed\n"), "\(r.stdout)")
    }

    @Test func jobsDoNotChangeResults() throws {
        let dir = try TemporaryFolder.make()
        defer { try? FileManager.default.removeItem(at: dir) }
        _ = try CLI.run(["test", "--jobs", "1", "--json", dir.path + "/one.json", "examples/scenarios"])
        _ = try CLI.run(["test", "--jobs", "2", "--json", dir.path + "/two.json", "examples/scenarios"])
        func outcomes(_ file: String) throws -> [String] {
            let object = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: file))) as? [String: Any]
            let scenarios = object?["scenarios"] as? [[String: Any]] ?? []
            // Durations differ between runs; compare names, files, outcomes and failures, in order.
            return scenarios.map { "\($0["file"] ?? "")|\($0["name"] ?? "")|\($0["passed"] ?? "")|\(($0["failures"] as? [Any])?.count ?? -1)" }
        }
        #expect(try outcomes(dir.path + "/one.json").count >= 20)
        #expect(try outcomes(dir.path + "/one.json") == outcomes(dir.path + "/two.json"))
    }

    /// An 850 KB scenario with 48,000 unknown steps: each problem was located by walking the text
    /// from its start (quadratic: 110 s of CPU before anything ran, whatever `--timeout`). Now one
    /// pass locates them all, and the first 100 are printed with a count of the rest. The bound is on
    /// the CPU time the run used (bash's `time`), not on the wall clock, which parallel builds stretch.
    @Test func aHugeFileOfUnknownStepsIsALoadErrorAtOnce() throws {
        let dir = try TemporaryFolder.make()
        defer { try? FileManager.default.removeItem(at: dir) }
        let count = 48_000
        let text = #"{"steps": ["# + Array(repeating: #"{"unknown_step": 1}"#, count: count).joined(separator: ",\n") + "]}"
        #expect(text.utf8.count > 800_000)
        try text.write(to: dir.appendingPathComponent("huge.json"), atomically: true, encoding: .utf8)
        let r = try CLI.shell(#"""
            TIMEFORMAT='%U %S'
            { time timeout -s KILL 120 "$CTLUA" test --timeout 1 huge.json > out.txt 2> err.txt; echo "status $?" > status.txt; } 2> cpu.txt
            """#, environment: ["CTLUA": CLI.executable.path], directory: dir)
        #expect(r.status == 0)
        func read(_ name: String) -> String { (try? String(contentsOf: dir.appendingPathComponent(name), encoding: .utf8)) ?? "" }
        let stderr = read("err.txt")
        #expect(read("status.txt") == "status 2\n", "\(read("out.txt").prefix(500))\(stderr.prefix(500))")
        #expect(stderr.contains(#"huge.json:2:18: steps[1].unknown_step: unknown step "unknown_step""#), "\(stderr.prefix(500))")
        #expect(stderr.contains("huge.json: and \(count - 100) more problems in this file"), "\(stderr.suffix(500))")
        #expect(stderr.split(separator: "\n").count < 110)
        let cpu = read("cpu.txt").split(whereSeparator: \.isWhitespace).compactMap { Double($0) }.reduce(0, +)
        #expect(cpu > 0 && cpu < 20, "CPU seconds: \(read("cpu.txt"))")
    }

    @Test func malformedScenarioIsALoadErrorNamingThePath() throws {
        let dir = try TemporaryFolder.make()
        defer { try? FileManager.default.removeItem(at: dir) }
        try #"{"name": "bad", "steps": [{"advance": "soon"}]}"#.write(toFile: dir.path + "/bad.json", atomically: true, encoding: .utf8)
        let r = try CLI.run(["test", dir.path])
        #expect(r.status == 2)
        #expect(r.stderr.contains("steps[0].advance"), "\(r.stderr)")
        // Every line starts with `ctlua:`, the count too (docs/scenarios.md, "Loading errors").
        let lines = r.stderr.split(separator: "\n").map(String.init)
        #expect(lines.first == "ctlua: \(dir.path)/bad.json:1:39: steps[0].advance: expected a non-negative number, got string", "\(lines)")
        #expect(lines.last == "ctlua: 2 errors in scenario files", "\(lines)")
        #expect(lines.allSatisfy { $0.hasPrefix("ctlua: ") }, "\(lines)")
    }

    @Test func syncIsRefusedOutsideDebugTestUserAndPrintsThePayloadOtherwise() throws {
        let refused = try CLI.run(["sync", "examples/templates/banner.lua"])
        #expect(refused.status == 1)
        #expect(refused.stderr.hasPrefix("ctlua: sync refused"))
        let ok = try CLI.run(["sync", "--debug", "--test-user", "examples/templates/definitions.json"])
        #expect(ok.status == 0, "\(ok.stderr)")
        #expect(ok.stdout.hasPrefix(#"[{"type":"meta"},{"type":"templatePayload","definitions":{"#))
    }

    @Test func checkReportsEveryErrorWithItsLocation() throws {
        let dir = try TemporaryFolder.make()
        defer { try? FileManager.default.removeItem(at: dir) }
        try "templates.define{name = 'A', arguments = {{'x..y', 1}}, onPresent = function() end}"
            .write(toFile: dir.path + "/a.lua", atomically: true, encoding: .utf8)
        try #"{"T": {"type": "widget", "arguments": {}}}"#.write(toFile: dir.path + "/b.json", atomically: true, encoding: .utf8)
        try "{\"T\": ".write(toFile: dir.path + "/c.json", atomically: true, encoding: .utf8)
        let r = try CLI.run(["check", "a.lua", "b.json", "c.json"], directory: dir)
        #expect(r.status == 1)
        let lines = r.stderr.split(separator: "\n").map(String.init)
        #expect(lines.count == 3, "\(r.stderr)")
        #expect(lines.first == #"ctlua: a.lua:1:44: templates: Argument Name cannot start or end with dot "." or contain consecutive dots ".."."#, "\(lines)")
        #expect(lines.dropFirst().first == "ctlua: b.json:1:16: T.type: Unknown template type: widget for template: T.", "\(lines)")
        #expect(lines.last?.hasPrefix("ctlua: c.json:1:6: invalid JSON:") == true, "\(lines)")
        #expect(try CLI.run(["check", "examples/templates/banner.lua"]).status == 0)
    }

    /// `check` goes on after a bad definition: every problem of every definition, each at the line
    /// and column of the argument or key it is about; misspelt keys and markers nested in
    /// dictionaries are problems; SDK messages naming an Objective-C API say the Lua way too.
    @Test func checkReportsEveryProblemAtItsOwnLine() throws {
        let dir = try TemporaryFolder.make()
        defer { try? FileManager.default.removeItem(at: dir) }
        try """
            templates.define{
              name = "Banner",
              argumentz = {},
              onPresent = function(ctx) end,
            }
            templates.define{
              name = "Card",
              arguments = {
                {"title", "Hi"},
                {"title", "again"},
                {"style", {color = "#fff", img = templates.file}},
              },
            }
            """.write(toFile: dir.path + "/bad.lua", atomically: true, encoding: .utf8)
        try """
            {
              "Promo": {
                "type": "template",
                "arguments": {
                  "title": {"type": "string"},
                  "img": {"type": "file", "value": "x"},
                  "style": {"type": "object", "value": {"pic": {"type": "action"}}}
                }
              }
            }
            """.write(toFile: dir.path + "/bad.json", atomically: true, encoding: .utf8)
        let r = try CLI.run(["check", "bad.lua", "bad.json"], directory: dir)
        #expect(r.status == 1)
        let nesting = "Nesting of file and action arguments within objects is not supported."
        #expect(r.stderr.split(separator: "\n").map(String.init) == [
            "ctlua: bad.lua:3:3: bad argument #1 to 'define' (unknown key 'argumentz' (did you mean 'arguments'? known: arguments, isVisual, name, onClose, onPresent, type, visual))",
            "ctlua: bad.lua:10:6: templates: Argument with the name \"title\" already defined.",
            "ctlua: bad.lua:11:6: templates: Not supported argument type: file, for argument: img. \(nesting) To define nested file and actions use dot '.' notation in the argument name",
            "ctlua: bad.lua:6:1: templates: Presenter cannot be null. Use setOnPresentWithPresenter to set it. (in Lua: give templates.define an onPresent function)",
            "ctlua: bad.json:5:16: Promo.arguments.title: Default value cannot be nil.",
            "ctlua: bad.json:6:14: Promo.arguments.img: File arguments should not specify a value. Remove value from argument: img.",
            "ctlua: bad.json:7:16: Promo.arguments.style: Not supported argument type: action, for argument: pic. \(nesting) To define nested file and actions use dot '.' notation in the argument name",
        ], "\(r.stderr)")
        // At run time the first problem is the error, and a misspelt key is one too.
        let run = try CLI.run(["run", "bad.lua"], directory: dir)
        #expect(run.status == 1)
        #expect(run.stderr.hasPrefix("ctlua: bad.lua:1: bad argument #1 to 'define' (unknown key 'argumentz'"), "\(run.stderr)")
        // A marker nested in a dictionary never reaches the sync payload.
        try "templates.define{name = 'S', arguments = {{'style', {img = templates.action}}}, onPresent = function() end}"
            .write(toFile: dir.path + "/nested.lua", atomically: true, encoding: .utf8)
        let sync = try CLI.run(["sync", "--debug", "--test-user", "nested.lua"], directory: dir)
        #expect(sync.status != 0 && !sync.stdout.contains("__ctlua"), "\(sync.stdout)\(sync.stderr)")
    }

    @Test func presenterThatAllocatesWithoutEndFailsWithTheMemoryLimitWhileOthersPass() throws {
        let dir = try TemporaryFolder.make()
        defer { try? FileManager.default.removeItem(at: dir) }
        try """
            templates.define{name = "Hog", onPresent = function(ctx)
              local t = {} for i = 1, math.huge do t[i] = string.rep("x", 64) .. i end
            end}
            templates.define{name = "Fine", onPresent = function(ctx) ctx:presented() end}
            """.write(toFile: dir.path + "/presenters.lua", atomically: true, encoding: .utf8)
        // Scenarios in their own folder: every .lua file under a scanned folder is a scenario.
        try FileManager.default.createDirectory(atPath: dir.path + "/scenarios", withIntermediateDirectories: true)
        for (name, template) in [("hog", "Hog"), ("fine", "Fine")] {
            try """
                {"name": "\(name)", "scripts": ["../presenters.lua"], "steps": [
                  {"deliver": {"type": "custom-code", "templateName": "\(template)", "wzrk_id": "\(name)"}},
                  {"expect": {"events": [{"type": "template.presented", "id": "\(name)"}]}}]}
                """.write(toFile: dir.path + "/scenarios/\(name).json", atomically: true, encoding: .utf8)
        }
        // Run from the project (the scenarios name `../presenters.lua`: inside the working folder).
        let r = try CLI.run(["test", "--max-memory", "16000000", "--max-instructions", "1000000000", "scenarios"], directory: dir)
        #expect(r.status == 1)
        #expect(r.stdout.contains("not enough memory"), "\(r.stdout)")
        #expect(r.stdout.hasSuffix("1 passed, 1 failed\n"), "\(r.stdout)")
    }

    /// Lua errors name files as the user typed them, relative to the working folder, both for a
    /// `.lua` scenario and for a presenter a JSON scenario loads.
    @Test func luaErrorsNameFilesRelativeToTheWorkingFolder() throws {
        let dir = try TemporaryFolder.make()
        defer { try? FileManager.default.removeItem(at: dir) }
        let sub = dir.appendingPathComponent("flows")
        try FileManager.default.createDirectory(at: sub, withIntermediateDirectories: true)
        try "local x = 1\nerror('boom')\n".write(to: sub.appendingPathComponent("broken_test.lua"), atomically: true, encoding: .utf8)
        try "error('bad presenter')\n".write(to: sub.appendingPathComponent("presenter.lua"), atomically: true, encoding: .utf8)
        try #"{"name": "loads", "scripts": ["presenter.lua"], "steps": []}"#
            .write(to: sub.appendingPathComponent("loads.json"), atomically: true, encoding: .utf8)
        let r = try CLI.run(["test", "flows"], directory: dir)
        #expect(r.status == 1)
        #expect(r.stdout.contains("flows/broken_test.lua:2: boom"), "\(r.stdout)")
        #expect(r.stdout.contains("flows/presenter.lua:1: bad presenter"), "\(r.stdout)")
        #expect(!r.stdout.contains(dir.path), "\(r.stdout)")
    }

    /// `--json -` and `--json /dev/stdout` write the report to standard output (the text report
    /// moves to standard error) and never replace the device.
    @Test func reportsToStandardOutput() throws {
        for target in ["-", "/dev/stdout"] {
            let r = try CLI.run(["test", "examples/scenarios/priority_order.json", "--json", target])
            #expect(r.status == 0, "\(r.stderr)")
            let report = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any]
            #expect(report != nil, "\(target): \(r.stdout)")
            var info = stat()
            #expect(lstat("/dev/stdout", &info) == 0 && (info.st_mode & S_IFMT) == S_IFLNK)
        }
        let dash = try CLI.run(["test", "examples/scenarios/priority_order.json", "--json", "-"])
        #expect(dash.stderr.hasSuffix("1 passed, 0 failed\n"), "\(dash.stderr)")
        let unwritable = try CLI.run(["test", "examples/scenarios/priority_order.json", "--junit", "/proc/version/x.xml"])
        #expect(unwritable.status == 2)
        #expect(unwritable.stderr.hasPrefix("ctlua: /proc/version/x.xml: "), "\(unwritable.stderr)")
        #expect(!unwritable.stderr.contains("NSCocoaErrorDomain"))
    }
}
