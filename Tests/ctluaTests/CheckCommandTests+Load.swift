import Foundation
import TestSupport
import Testing

/// `ctlua check` is the load of a `ctlua test` run: what `test` refuses at load, `check` refuses
/// with the same message, and what the scripts register is known to every file of the project.
extension CheckCommandTests {
    /// A project broken one way: its files, and the message both commands must print.
    struct Breakage: Sendable, CustomTestStringConvertible {
        var name: String
        var files: [String: String]
        var message: String
        var testDescription: String { name }
    }

    static let scenario = #"{"scripts": ["../presenters/promo.lua"], "steps": [{"advance": 1}]}"#

    /// A project whose one scenario loads `promo.lua`, broken by `source`.
    static func script(_ name: String, _ source: String, _ message: String) -> Breakage {
        Breakage(name: name, files: ["presenters/promo.lua": source, "scenarios/s.json": scenario], message: message)
    }

    static let breakages: [Breakage] = [
        script("script syntax error", "local x = = 1\n", "presenters/promo.lua:1: unexpected symbol near '='"),
        script("script error at load", "\nerror('no promo')\n", "presenters/promo.lua:2: no promo"),
        script("a library the strict policy leaves out", "local f = io.open('/etc/passwd')\n",
               "presenters/promo.lua:1: attempt to index a nil value (global 'io')"),
        script("os.exit", "os.exit(0)\n", "presenters/promo.lua:1: attempt to call a nil value (field 'exit')"),
        script("instruction limit", "while true do end\n", "instruction limit exceeded"),
        script("memory limit", "local t = {} for i = 1, 1e8 do t[i] = i end\n", "not enough memory"),
        script("table constructor nested past the parser's C levels",
               "local ok = 1\nlocal t = " + String(repeating: "{", count: 300) + String(repeating: "}", count: 300) + "\n",
               "presenters/promo.lua:2: C stack overflow"),
        Breakage(name: "unknown step", files: ["scenarios/s.json": #"{"steps": [{"tapp": "ok"}]}"#],
                 message: #"scenarios/s.json:1:21: steps[0].tapp: unknown step "tapp""#),
        Breakage(name: "missing script", files: ["scenarios/s.json": #"{"scripts": ["nope.lua"], "steps": []}"#],
                 message: "scenarios/s.json:1:14: scripts[0]: script not found"),
        Breakage(name: "invalid JSON", files: ["scenarios/s.json": #"{"steps": [}"#],
                 message: "scenarios/s.json:1:12: invalid JSON"),
    ]

    /// One table of broken projects fed to both commands: both refuse, and the message `check`
    /// prints for the broken file is the one `test` prints.
    @Test(arguments: breakages) func checkRefusesWhatTestRefusesWithTheSameMessage(_ breakage: Breakage) throws {
        let dir = try TemporaryFolder.make(files: breakage.files)
        defer { try? FileManager.default.removeItem(at: dir) }
        let test = try CLI.run(["test", "--no-workers", "scenarios"], directory: dir, timeout: 60)
        let check = try CLI.run(["check", "."], directory: dir, timeout: 60)
        #expect(test.status != 0 && !test.timedOut, "\(test.stdout)\(test.stderr)")
        #expect(check.status == 1 && !check.timedOut, "\(check.stdout)\(check.stderr)")
        #expect((test.stdout + test.stderr).contains(breakage.message), "test: \(test.stdout)\(test.stderr)")
        let lines = check.stderr.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.hasPrefix("ctlua: ") && $0.contains(breakage.message) }, "check: \(check.stderr)")
    }

    /// A trait registered by a script in `traits/` is known to an experience in `experiences/`,
    /// as it is when a scenario loads the script and shows the experience; also when the script
    /// is named on the command line, or only listed by a scenario that is checked.
    @Test func aTraitRegisteredInOneFolderIsKnownInAnother() throws {
        let experience = #"{"id": "00000000-0000-4000-8000-900000000103", "traits": [{"type": "@appcues/modal", "config": {"presentationStyle": "dialog"}}, {"type": "@acme/card"}], "steps": [{"id": "00000000-0000-4000-8000-900000000102", "type": "modal", "traits": [], "actions": {}, "content": {"type": "spacer", "id": "00000000-0000-4000-8000-900000000603"}}], "name": "Tour", "type": "mobile"}"#
        let dir = try TemporaryFolder.make(files: [
            "traits/card.lua": #"traits.register{type = "@acme/card", decorateStep = function() end}"#,
            "experiences/tour.json": experience,
            "scenarios/shows_tour.json": """
                {"scripts": ["../traits/card.lua"],
                 "steps": [{"show": {"experience": "../experiences/tour.json"}}, {"expect": {"noEvents": [{"type": "step.error"}]}}]}
                """,
        ])
        defer { try? FileManager.default.removeItem(at: dir) }
        let test = try CLI.run(["test", "--no-workers", "scenarios"], directory: dir, timeout: 60)
        #expect(test.status == 0, "\(test.stdout)\(test.stderr)")
        for paths in [["."], ["traits/card.lua", "experiences/tour.json"], ["experiences", "scenarios"]] {
            let check = try CLI.run(["check"] + paths, directory: dir, timeout: 60)
            #expect(check.status == 0, "check \(paths): \(check.stderr)")
            #expect(check.stdout.hasPrefix("ok: 1 Appcues experience"), "check \(paths): \(check.stdout)")
        }
        // Without the script the same experience is refused: the check did look the type up.
        let alone = try CLI.run(["check", "experiences"], directory: dir, timeout: 60)
        #expect(alone.status == 1)
        #expect(alone.stderr.contains(#"unknown trait type "@acme/card""#), "\(alone.stderr)")
    }

    /// Two projects (each a folder with `.ctlua/`, as `ctlua init` makes) are two apps: each has
    /// its engine, so a trait one registers is not known to the other.
    @Test func eachProjectHasItsOwnEngine() throws {
        let experience = #"{"id": "00000000-0000-4000-8000-900000000103", "traits": [{"type": "@acme/card"}], "steps": [{"id": "00000000-0000-4000-8000-900000000102", "type": "modal", "traits": [], "actions": {}, "content": {"type": "spacer", "id": "00000000-0000-4000-8000-900000000603"}}], "name": "Tour", "type": "mobile"}"#
        let dir = try TemporaryFolder.make(files: [
            "a/.ctlua/types/x.lua": "",
            "a/card.lua": #"traits.register{type = "@acme/card", decorateStep = function() end}"#,
            "b/.ctlua/types/x.lua": "",
            "b/tour.json": experience,
        ])
        defer { try? FileManager.default.removeItem(at: dir) }
        let check = try CLI.run(["check", "a", "b"], directory: dir, timeout: 60)
        #expect(check.status == 1)
        #expect(check.stderr.contains(#"b/tour.json:1:68: traits[0].type: unknown trait type "@acme/card""#), "\(check.stderr)")
        try FileManager.default.removeItem(at: dir.appendingPathComponent("b/.ctlua"))
        let one = try CLI.run(["check", "a", "b"], directory: dir, timeout: 60)
        #expect(one.status == 1, "b is now part of the run's project, a still its own")
        try FileManager.default.removeItem(at: dir.appendingPathComponent("a/.ctlua"))
        let merged = try CLI.run(["check", "a", "b"], directory: dir, timeout: 60)
        #expect(merged.status == 0, "\(merged.stderr)")
    }
}
