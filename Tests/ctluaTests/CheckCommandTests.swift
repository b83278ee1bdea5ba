import Foundation
import TestSupport
import Testing

/// `ctlua check` validates every kind of file the systems read and every scenario, without running
/// one, each problem at its file, line and column.
struct CheckCommandTests {
    @Test func everyExampleFilePasses() throws {
        let r = try CLI.run(["check", "examples"])
        #expect(r.status == 0, "\(r.stderr)")
        for kind in ["Appcues experience", "CleverTap template definition", "FlowX process definition", "hook plugin configuration",
                     "FlowX theme", "river file", "scenarios", "scripts"] {
            #expect(r.stdout.contains(kind), "\(r.stdout)")
        }
    }

    /// One broken file of each kind, each reported where it is wrong, in one run.
    @Test func oneBrokenFilePerKindIsReportedWithItsLocation() throws {
        let dir = try TemporaryFolder.make()
        defer { try? FileManager.default.removeItem(at: dir) }
        let files = [
            "bad_experience.json": #"{"id": "00000000-0000-4000-8000-900000000101", "steps": [{"id": 7, "type": "modal", "traits": [], "actions": {}, "content": {"type": "spacer", "id": "00000000-0000-4000-8000-900000000601"}}], "name": "Tour", "type": "mobile", "traits": []}"#,
            "definitions.json": #"{"Promo": {"type": "template", "arguments": {"title": {"type": "string"}}}}"#,
            "experience.json": """
                {"id": "00000000-0000-4000-8000-900000000101", "type": "mobile",
                 "traits": [{"type": "@acme/missing"}],
                 "steps": [{"id": "00000000-0000-4000-8000-900000000102", "type": "modal", "traits": [{"type": "@appcues/modal", "config": {}}], "actions": {}, "content": {"type": "spacer", "id": "00000000-0000-4000-8000-900000000602"}}], "name": "Tour"}
                """,
            "fixture_scenario.json": """
                {"setup": {"files": {"https://cdn/x.png": "fixtures/none.png"}},
                 "steps": [{"show": {"experience": "tour.json"}}]}
                """,
            "lua_test.lua": "local x = = 1\n",
            "other.json": #"{"hello": 1}"#,
            "plugins.json": #"[{"plugin": {"identifier": 12}}]"#,
            "process.json": #"{"name": "loan", "screens": [{"id": "a", "forms": [{"id": "f", "fields": [{"key": "iban", "validators": [{"name": "ibanCheck"}]}]}]}]}"#,
            "river.json": #"[{"id": "home", "hooks": {}}, {"id": "home", "hooks": {}}]"#,
            "scenario.json": """
                {"scripts": ["missing.lua"],
                 "steps": [{"tapp": "ok"}]}
                """,
            "script.lua": "traits.register(\"@acme/x\", {\n",
        ]
        for (name, text) in files { try text.write(to: dir.appendingPathComponent(name), atomically: true, encoding: .utf8) }
        let r = try CLI.run(["check", "."], directory: dir)
        #expect(r.status == 1)
        #expect(r.stdout == "")
        let all = r.stderr.split(separator: "\n").map(String.init)
        // What the SDK ignores is a warning, not a problem (exit 0 alone, unless --strict).
        #expect(all.filter { $0.hasPrefix("WARN ") } == [
            "WARN process.json:1:106: screens[0].forms[0].fields[0].validators[0]: flowx: process 'loan', screen 'a', field 'iban': no custom validator named 'ibanCheck' is registered; it will count as valid (the SDK's unknown-name rule)",
        ])
        let lines = all.filter { !$0.hasPrefix("WARN ") }
        let golden = [
            "bad_experience.json:1:65: steps[0].id: expected a string, got number",
            "definitions.json:1:55: Promo.arguments.title: Default value cannot be nil.",
            #"experience.json:2:22: traits[0].type: unknown trait type "@acme/missing" (neither built in nor registered by a checked script with traits.register)"#,
            #"fixture_scenario.json:1:43: setup.files["https://cdn/x.png"]: file not found: fixtures/none.png (looked for \#(dir.path)/fixtures/none.png)"#,
            "fixture_scenario.json:2:36: steps[0].show.experience: file not found: tour.json (looked for \(dir.path)/tour.json)",
            "lua_test.lua:1: unexpected symbol near '='",
            #"other.json: not a file ctlua reads (known: scenario (an object with "steps"), shared setup ("scripts"/"setup" that scenarios include), CleverTap template definition, FlowX process definition, FlowX theme, hook plugin configuration, river file, Appcues experience)"#,
            "plugins.json:1:28: [0].plugin.identifier: expected a string, got number",
            #"river.json:1:38: [1].id: duplicate screen id "home""#,
            "scenario.json:1:14: scripts[0]: script not found: \(dir.path)/missing.lua",
            #"scenario.json:2:21: steps[0].tapp: unknown step "tapp" (did you mean "tap"? known: "#,
            #"scenario.json: taken as a scenario by the folder rule: a .json file whose top-level object has a "steps" key and that no system recognises"#,
            "script.lua:2: unexpected symbol near <eof>",
        ]
        #expect(lines.count == golden.count, "\(r.stderr)")
        for (line, golden) in zip(lines, golden) {
            // Every message starts with `ctlua:` (the problems used to be printed without it).
            let expected = "ctlua: " + golden
            #expect(expected.hasSuffix("known: ") ? line.hasPrefix(expected) : line == expected, "\(line)")
        }
    }

    /// A script that registers the trait and the validator makes the same files pass: the names
    /// are looked up in what the checked scripts registered.
    @Test func namesRegisteredByCheckedScriptsAreKnown() throws {
        let dir = try TemporaryFolder.make()
        defer { try? FileManager.default.removeItem(at: dir) }
        try #"{"id": "00000000-0000-4000-8000-900000000103", "traits": [{"type": "@acme/card"}], "steps": [{"id": "00000000-0000-4000-8000-900000000102", "type": "modal", "traits": [], "actions": {}, "content": {"type": "spacer", "id": "00000000-0000-4000-8000-900000000603"}}], "name": "Tour", "type": "mobile"}"#
            .write(to: dir.appendingPathComponent("experience.json"), atomically: true, encoding: .utf8)
        try #"{"name": "loan", "screens": [{"id": "a", "forms": [{"id": "f", "fields": [{"key": "iban", "validators": [{"name": "ibanCheck"}]}]}]}]}"#
            .write(to: dir.appendingPathComponent("process.json"), atomically: true, encoding: .utf8)
        try """
            traits.register{type = "@acme/card", decorateStep = function() end}
            flowx.validator("ibanCheck", function() return true end)
            """.write(to: dir.appendingPathComponent("app.lua"), atomically: true, encoding: .utf8)
        let r = try CLI.run(["check", dir.path])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout == "ok: 1 Appcues experience, 1 FlowX process definition, 1 script\n")
    }

    /// Input the SDK ignores (an unknown validator name counts as valid) is a warning: `ok` and
    /// exit 0, the WARN line on standard error; with `--strict` it fails the check (exit 1).
    @Test func warningsPassUnlessStrict() throws {
        let dir = try TemporaryFolder.make(files: [
            "process.json": #"{"name": "loan", "screens": [{"id": "a", "forms": [{"id": "f", "fields": [{"key": "iban", "validators": [{"name": "ibanChek"}]}]}]}]}"#,
        ])
        defer { try? FileManager.default.removeItem(at: dir) }
        let warning = "WARN process.json:1:106: screens[0].forms[0].fields[0].validators[0]: flowx: process 'loan', screen 'a', field 'iban': no custom validator named 'ibanChek' is registered; it will count as valid (the SDK's unknown-name rule)\n"
        let plain = try CLI.run(["check", "."], directory: dir, timeout: 60)
        #expect(plain.status == 0)
        #expect(plain.stdout == "ok: 1 FlowX process definition (1 warning)\n")
        #expect(plain.stderr == warning)
        let strict = try CLI.run(["check", "--strict", "."], directory: dir, timeout: 60)
        #expect(strict.status == 1)
        #expect(strict.stdout == "")
        #expect(strict.stderr == warning + "ctlua: 1 warning (--strict)\n")
    }

    @Test func usageErrorsExitTwo() throws {
        let missing = try CLI.run(["check", "no/such/folder"])
        #expect(missing.status == 2)
        #expect(missing.stderr == "ctlua: no/such/folder: no such file or directory\n")
        let option = try CLI.run(["check", "--bogus"])
        #expect(option.status == 2)
        #expect(option.stderr.hasPrefix("ctlua: Unknown option '--bogus'"), "\(option.stderr)")
    }

    /// `ctlua test` on a folder holding an experience beside a scenario: the experience (it has a
    /// top-level `steps` too) is not taken for a scenario; a file that is, and fails to load, says
    /// which rule took it.
    @Test func testTellsExperiencesFromScenarios() throws {
        let dir = try TemporaryFolder.make()
        defer { try? FileManager.default.removeItem(at: dir) }
        try FileManager.default.copyItem(atPath: CLI.packageRoot.appendingPathComponent("examples/traits/tour.json").path,
                                         toPath: dir.appendingPathComponent("tour.json").path)
        try #"{"steps": [{"show": {"experience": "tour.json"}}, {"expect": {"noEvents": [{"type": "step.error"}]}}]}"#
            .write(to: dir.appendingPathComponent("shows_tour.json"), atomically: true, encoding: .utf8)
        let r = try CLI.run(["test", "--no-workers", dir.path])
        #expect(r.status == 0, "\(r.stdout)\(r.stderr)")
        #expect(r.stdout.contains("1 passed, 0 failed"), "\(r.stdout)")
        try #"{"steps": [], "trait": 1}"#.write(to: dir.appendingPathComponent("typo.json"), atomically: true, encoding: .utf8)
        let bad = try CLI.run(["test", "--no-workers", "."], directory: dir)
        #expect(bad.status == 2)
        #expect(bad.stderr.contains(#"typo.json: taken as a scenario by the folder rule: a .json file whose top-level object has a "steps" key and that no system recognises"#),
                "\(bad.stderr)")
    }
}
