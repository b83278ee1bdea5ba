import Foundation
import TestSupport
import Testing

@Suite struct RunCommandTests {
    @Test func runPassesArgumentsLikeLuaC() throws {
        let dir = try TemporaryFolder.make()
        defer { try? FileManager.default.removeItem(at: dir) }
        let script = dir.appendingPathComponent("args.lua")
        try "#!/usr/bin/env ctlua\nprint(arg[0], arg[1], arg[2], #arg, select('#', ...), ...)".write(to: script, atomically: true, encoding: .utf8)
        let r = try CLI.run(["run", script.path, "one", "two"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout == "\(script.path)\tone\ttwo\t2\t2\tone\ttwo\n")
    }

    @Test func errorsPrintFileLineAndTracebackAndExit1() throws {
        let dir = try TemporaryFolder.make()
        defer { try? FileManager.default.removeItem(at: dir) }
        let script = dir.appendingPathComponent("bad.lua")
        try "local x = 1\nerror('broken here')".write(to: script, atomically: true, encoding: .utf8)
        let r = try CLI.run(["run", "bad.lua"], directory: dir)   // Lua shortens long chunk names, as lua5.4 does
        #expect(r.status == 1)
        #expect(r.stderr.hasPrefix("ctlua: bad.lua:2: broken here\nstack traceback:"), "\(r.stderr)")
    }

    @Test func dashEAndStdin() throws {
        #expect(try CLI.run(["-e", "print(6 * 7)"]).stdout == "42\n")
        let piped = try CLI.run([], input: "x = 2\nfunction f()\n  return x * 10\nend\nprint(f())\n")
        #expect(piped.status == 0)
        #expect(piped.stdout == "20\n")
        // Standard input is one chunk, as `lua5.4 -` reads it: locals reach the next line.
        let local = try CLI.run([], input: "local x = 1\nprint(x)\n")
        #expect(local.stdout == "1\n", "\(local.stderr)")
        // A shebang line is skipped and line numbers stay those of the input.
        let shebang = try CLI.run([], input: "#!/usr/bin/env ctlua\nprint('a')\nerror('here')\n")
        #expect(shebang.stdout == "a\n")
        #expect(shebang.stderr.hasPrefix("ctlua: stdin:3: here"), "\(shebang.stderr)")
        // A syntax error anywhere runs nothing.
        let syntax = try CLI.run([], input: "print('ran')\nlocal = 3\n")
        #expect(syntax.status == 1 && syntax.stdout.isEmpty)
        #expect(syntax.stderr.contains("stdin:2:"), "\(syntax.stderr)")
        let failing = try CLI.run([], input: "error('nope')\n")
        #expect(failing.status == 1)
        #expect(failing.stderr.hasPrefix("ctlua: stdin:1: nope"))
    }

    @Test func fullPolicyLoadsCModulesAndSandboxRefusesThem() throws {
        let full = try CLI.run(["-e", "print(require('cjson').encode({1, 2}))"])
        #expect(full.stdout == "[1,2]\n", "\(full.stderr)")
        let strict = try CLI.run(["--sandbox", "-e", "print(require('cjson'))"])
        #expect(strict.status == 1)
        #expect(strict.stderr.contains("module 'cjson' not found"))
    }

    @Test func systemFlagsConfigureTheSimulatedApp() throws {
        let dir = try TemporaryFolder.make()
        defer { try? FileManager.default.removeItem(at: dir) }
        let script = dir.appendingPathComponent("build.lua")
        try """
            templates.define{ name = "T", arguments = {}, onPresent = function() end }
            local ok, e = pcall(templates.syncPayload)
            print(ok, type(e) == 'string' and e or 'payload', ...)
            """.write(to: script, atomically: true, encoding: .utf8)
        let plain = try CLI.run(["run", script.path])
        #expect(plain.status == 0 && plain.stdout.hasPrefix("false"), "\(plain.stdout)\(plain.stderr)")
        let debugOnly = try CLI.run(["run", "--debug-build", script.path])
        #expect(debugOnly.stdout.hasPrefix("false") && debugOnly.stdout.contains("test user"), "\(debugOnly.stdout)")
        let both = try CLI.run(["run", "--debug-build", "--test-user", script.path, "--test-user"])
        #expect(both.status == 0 && both.stdout.hasPrefix("true"), "\(both.stdout)\(both.stderr)")
        #expect(both.stdout.hasSuffix("--test-user\n"), "after the script, flags are the script's arguments")
        let unknown = try CLI.run(["run", "--test-users", script.path])
        #expect(unknown.status != 0 && unknown.stderr.contains("unknown option '--test-users'"), "\(unknown.stderr)")
        let help = try CLI.run(["help", "run"])
        #expect(help.stdout.contains("--debug-build") && help.stdout.contains("--test-user"), "\(help.stdout)")
    }

    @Test func limitsFromTheCommandLine() throws {
        let loop = try CLI.run(["--max-instructions", "100000", "-e", "while true do end"])
        #expect(loop.status == 1)
        #expect(loop.stderr.contains("instruction limit exceeded"))
        let bomb = try CLI.run(["--max-memory", "4000000", "-e", "local t = {} for i = 1, 1e7 do t[i] = i end"])
        #expect(bomb.stderr.hasPrefix("ctlua: not enough memory"), "\(bomb.stderr)")
        let slow = try CLI.run(["--timeout", "0.1", "-e", "while true do end"])
        #expect(slow.stderr.contains("timeout"))
    }

    @Test func optionsBeforeTheScriptAreCtluasAndEverythingAfterIsTheScripts() throws {
        let dir = try TemporaryFolder.make()
        defer { try? FileManager.default.removeItem(at: dir) }
        try "print(#arg, ...)".write(to: dir.appendingPathComponent("a.lua"), atomically: true, encoding: .utf8)
        let passed = try CLI.run(["run", "--sandbox", "--max-memory", "50000000", "a.lua", "--max-memory", "5", "-e"],
                                 directory: dir)
        #expect(passed.status == 0, "\(passed.stderr)")
        #expect(passed.stdout == "3\t--max-memory\t5\t-e\n")
        let bomb = try CLI.run(["run", "--max-memory", "4000000", "a.lua"], directory: dir)
        #expect(bomb.status == 0)
        try "local t = {} for i = 1, 1e7 do t[i] = i end".write(to: dir.appendingPathComponent("b.lua"), atomically: true, encoding: .utf8)
        let limited = try CLI.run(["run", "--max-memory", "4000000", "b.lua"], directory: dir)
        #expect(limited.stderr.hasPrefix("ctlua: not enough memory"), "\(limited.stderr)")
        let unknown = try CLI.run(["run", "--bogus", "a.lua"], directory: dir)
        #expect(unknown.status == 2)
        #expect(unknown.stderr.hasPrefix("ctlua: unknown option '--bogus' before the script"))
        let missing = try CLI.run(["run", "--timeout"], directory: dir)
        #expect(missing.stderr.contains("missing value for '--timeout'"))
    }

    /// Issue 9, item 6 under the full policy: Lua runs `__gc` finalizers with hooks off (also when
    /// the state closes at exit) and a script may remove the hook; `--timeout` still ends the
    /// process, through the watchdog, with `ctlua: timeout` and status 1. Each run is bounded by
    /// `timeout 30` so that a regression fails here (status 124) instead of hanging the suite.
    @Test(arguments: [
        ("finalizer at exit", ["run", "--timeout", "0.5", "gc.lua"]),
        ("hook removed", ["run", "--timeout", "0.5", "unhook.lua"]),
        ("finalizer during a collection", ["run", "--timeout", "0.5", "collect.lua"]),
        ("-e", ["--timeout", "0.5", "-e", "setmetatable({}, {__gc = function() while true do end end})"]),
    ])
    func theWatchdogEndsWhatTheHookCannotSee(_ label: String, _ arguments: [String]) throws {
        let dir = try TemporaryFolder.make()
        defer { try? FileManager.default.removeItem(at: dir) }
        try "setmetatable({}, {__gc = function() while true do end end})\nprint('main chunk done')\n"
            .write(to: dir.appendingPathComponent("gc.lua"), atomically: true, encoding: .utf8)
        try "debug.sethook()\nwhile true do end\n"
            .write(to: dir.appendingPathComponent("unhook.lua"), atomically: true, encoding: .utf8)
        try "setmetatable({}, {__gc = function() while true do end end})\ncollectgarbage()\nprint('unreached')\n"
            .write(to: dir.appendingPathComponent("collect.lua"), atomically: true, encoding: .utf8)
        let quoted = arguments.map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(separator: " ")
        let start = Date()
        let r = try CLI.shell("timeout 30 '\(CLI.executable.path)' \(quoted)", directory: dir)
        #expect(r.status == 1, "\(label): status \(r.status)")
        #expect(r.stderr.contains("ctlua: timeout (ran past --timeout where the limit hook cannot stop it"), "\(label): \(r.stderr)")
        #expect(Date().timeIntervalSince(start) < 10, "\(label)")
        #expect(!r.stdout.contains("unreached"))
        if label == "finalizer at exit" { #expect(r.stdout == "main chunk done\n") }
    }

    /// The watchdog stays out of the way of scripts that finish, and of a run without `--timeout`.
    @Test func theWatchdogLeavesFinishingScriptsAlone() throws {
        let dir = try TemporaryFolder.make()
        defer { try? FileManager.default.removeItem(at: dir) }
        // Many short entries (25 timers of 0.1 s of work) whose sum is past the timeout and its
        // grace: the limit is per entry, and so is the watchdog's deadline.
        try """
        local function busy(s) local t = os.clock() while os.clock() - t < s do end end
        local n = 0
        local function tick() busy(0.1); n = n + 1; if n < 25 then app.after(1, tick) end end
        app.after(1, tick)
        setmetatable({}, {__gc = function() io.write("finalized\\n") end})
        """.write(to: dir.appendingPathComponent("ok.lua"), atomically: true, encoding: .utf8)
        let r = try CLI.run(["run", "--timeout", "1", "ok.lua"], directory: dir)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout == "finalized\n")
    }

    /// Issue 9, item 14: a state file that exists but cannot be read stops the start, and stays.
    @Test func anUnreadableStateFileStopsTheStartAndIsKept() throws {
        let dir = try TemporaryFolder.make()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.path + "/inapp-queue.json"
        try FileManager.default.createDirectory(atPath: file, withIntermediateDirectories: true)
        let r = try CLI.run(["--state-dir", dir.path, "-e", "print(1)"])
        #expect(r.status == 1)
        #expect(r.stdout.isEmpty)
        #expect(r.stderr.contains("read \(file): Is a directory; refusing to start"), "\(r.stderr)")
        var isDirectory: ObjCBool = false
        #expect(FileManager.default.fileExists(atPath: file, isDirectory: &isDirectory) && isDirectory.boolValue)
    }
}
