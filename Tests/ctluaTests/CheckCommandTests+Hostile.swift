import Foundation
import TestSupport
import Testing

/// `ctlua check` runs on pull requests: a checked script is untrusted. It runs under `strict`,
/// cannot end the check or hide another file's problem, ends within its limits, and cannot forge
/// a line of the output. Each run is bounded in time (a hang fails, not holds, the suite).
extension CheckCommandTests {
    static let broken = ["broken.lua": "local x = = 1\n"]

    /// `os.exit(0)` used to end the check with status 0 before the broken file was read; `io`
    /// used to be open to scripts. Under `--policy full` (asked for) `io` is there, `os.exit` still
    /// cannot end the check.
    @Test func aScriptCannotEndTheCheckOrReachTheHost() throws {
        let dir = try TemporaryFolder.make(files: Self.broken.merging([
            "a_exit.lua": "os.exit(0)\n",
            "a_io.lua": "io.open('written.txt', 'w'):write('x'):close()\n",
        ]) { $1 })
        defer { try? FileManager.default.removeItem(at: dir) }
        let strict = try CLI.run(["check", "."], directory: dir, timeout: 60)
        #expect(strict.status == 1, "\(strict.stdout)\(strict.stderr)")
        #expect(strict.stderr.contains("ctlua: a_exit.lua:1: attempt to call a nil value (field 'exit')"), "\(strict.stderr)")
        #expect(strict.stderr.contains("ctlua: a_io.lua:1: attempt to index a nil value (global 'io')"), "\(strict.stderr)")
        #expect(strict.stderr.contains("ctlua: broken.lua:1: unexpected symbol near '='"), "\(strict.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("written.txt").path))
        let full = try CLI.run(["check", "--policy", "full", "."], directory: dir, timeout: 60)
        #expect(full.status == 1, "\(full.stdout)\(full.stderr)")
        #expect(full.stderr.contains("ctlua: a_exit.lua:1: os.exit: a checked script cannot end `ctlua check`"), "\(full.stderr)")
        #expect(full.stderr.contains("ctlua: broken.lua:1: unexpected symbol near '='"), "\(full.stderr)")
        #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("written.txt").path))
    }

    /// Scripts that used to hold `check` forever (a `__gc` loop, a `debug.sethook` loop) or try to
    /// escape its limits end within `--timeout` (plus the watchdog's second under `full`).
    @Test(arguments: [
        ("strict", "setmetatable({}, {__gc = function() while true do end end})\n", "timeout"),
        ("strict", "setmetatable({}, {__gc = function() while true do end end}) collectgarbage()\n", "timeout"),
        ("strict", "coroutine.wrap(function() while true do end end)()\n", "timeout"),
        ("strict", "error(setmetatable({}, {__tostring = function() while true do end end}))\n", "a.lua: (error object is a table value)"),
        ("strict", "local co = coroutine.wrap(function() while true do coroutine.yield() end end) while true do co() end\n", "timeout"),
        ("full", "setmetatable({}, {__gc = function() while true do end end})\n", "ended by the watchdog"),
        ("full", "debug.sethook() while true do end\n", "ended by the watchdog"),
    ])
    func aScriptThatLoopsEndsWithinItsLimit(policy: String, script: String, message: String) throws {
        let dir = try TemporaryFolder.make(files: Self.broken.merging(["a.lua": script]) { $1 })
        defer { try? FileManager.default.removeItem(at: dir) }
        let clock = ContinuousClock()
        let start = clock.now
        let r = try CLI.run(["check", "--policy", policy, "--timeout", "1", "--max-instructions", "0", "."], directory: dir, timeout: 30)
        #expect(!r.timedOut, "still running after 30 s")
        #expect(clock.now - start < .seconds(15))
        #expect(r.status == 1, "\(r.stdout)\(r.stderr)")
        #expect(r.stderr.contains(message), "\(r.stderr)")
        if policy == "strict" {
            // The hook stopped it: the check went on to the other file.
            #expect(r.stderr.contains("ctlua: broken.lua:1: unexpected symbol near '='"), "\(r.stderr)")
        }
    }

    /// 8,000 unknown trait types took 30 s (each problem located by walking the text from its
    /// start): located in one pass, they take well under the bound.
    @Test func thousandsOfProblemsInOneFileAreLocatedInLinearTime() throws {
        let traits = (0..<8000).map { #"{"type": "@acme/t\#($0)"}"# }.joined(separator: ",\n")
        let experience = #"{"id": "00000000-0000-4000-8000-900000000103", "name": "E", "type": "mobile", "traits": ["# + traits
            + #"], "steps": [{"id": "00000000-0000-4000-8000-900000000102", "type": "modal", "traits": [], "actions": {}, "content": {"type": "spacer", "id": "00000000-0000-4000-8000-900000000603"}}]}"#
        let dir = try TemporaryFolder.make(files: ["e.json": experience])
        defer { try? FileManager.default.removeItem(at: dir) }
        let clock = ContinuousClock()
        let start = clock.now
        let r = try CLI.run(["check", "."], directory: dir, timeout: 60)
        let elapsed = clock.now - start
        #expect(!r.timedOut)
        #expect(elapsed < .seconds(20), "\(elapsed) (it took minutes when each problem walked the text)")
        let lines = r.stderr.split(separator: "\n")
        #expect(lines.count == 8000)
        #expect(lines.last == #"ctlua: e.json:8000:10: traits[7999].type: unknown trait type "@acme/t7999" (neither built in nor registered by a checked script with traits.register)"#)
    }

    /// A script's error of megabytes (or a million lines it prints) does not flood the log: the
    /// line is cut, saying how much was left out; the output stays bounded.
    @Test func hugeErrorsAreCut() throws {
        let dir = try TemporaryFolder.make(files: ["a.lua": #"error(string.rep("é\n", 2e6))"#,
                                                   "b.lua": #"for i = 1, 1e6 do print(string.rep("x", 100)) end"#])
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = try CLI.run(["check", "."], directory: dir, timeout: 60)
        #expect(r.status == 1)
        #expect(r.stdout == "")
        let lines = r.stderr.split(separator: "\n")
        #expect(lines.count == 2, "\(r.stderr.prefix(500))")
        #expect(lines.first?.hasPrefix(#"ctlua: a.lua:1: é\né\n"#) == true)
        #expect(lines.first?.hasSuffix(" more bytes)") == true)
        #expect(r.stderr.utf8.count < 9000)
    }

    /// A file name or an error message with a newline cannot start an output line of its own:
    /// every problem is one line, control characters escaped.
    @Test func controlCharactersCannotForgeAProblemLine() throws {
        let name = "x\nctlua: forged.json:1:1: fake problem\n.lua"
        let dir = try TemporaryFolder.make(files: [name: "local x = = 1\n", "msg.lua": #"error("one\nctlua: forged too")"#])
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = try CLI.run(["check", "."], directory: dir, timeout: 60)
        #expect(r.status == 1)
        let lines = r.stderr.split(separator: "\n").map(String.init)
        #expect(lines == [#"ctlua: msg.lua:1: one\nctlua: forged too"#,
                          #"ctlua: x\nctlua: forged.json:1:1: fake problem\n.lua:1: unexpected symbol near '='"#], "\(r.stderr)")
    }
}
