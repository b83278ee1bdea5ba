import Foundation
import TestSupport
import Testing

/// Each kind of input an SDK ignores (issue 35 item 3) gives one `warning`, shown the same way by
/// every output of `ctlua test`: the text report's `WARN` line, JUnit's `<system-err>`, TAP's
/// `# WARN`, the JSON report's `warnings` and the HTML report; `--strict` and `"strict": true`
/// make it a failure (exit 1), which an `expect.events` pattern naming it accepts.
@Suite struct WarningKindsTests {
    struct Kind: Sendable, CustomStringConvertible {
        var name: String
        var files: [String: String]
        /// The steps of the scenario (JSON text of an array's members).
        var steps: String
        var scripts: [String] = []
        var setup: String?
        /// What the WARN line says, after the scenario's name.
        var warning: String
        var description: String { name }
    }

    static let banner = """
        templates.define{name = "Banner", type = "template", arguments = {{"title", "Hello"}},
          onPresent = function(ctx) ctx:presented() end}
        """

    static let kinds: [Kind] = [
        Kind(name: "templates vars", files: ["banner.lua": banner],
             steps: #"{"deliver": {"type": "custom-code", "templateName": "Banner", "ti": 1, "wzrk_id": "c1", "vars": {"titel": "Sale"}}}"#,
             scripts: ["banner.lua"],
             warning: "a.json: steps[0].deliver.vars.titel: templates: template 'Banner' has no argument 'titel': the SDK ignores the value (did you mean 'title'?)"),
        Kind(name: "templates name", files: ["banner.lua": banner],
             steps: #"{"deliver": {"type": "custom-code", "templateName": "Baner", "ti": 1, "wzrk_id": "c1"}}"#, scripts: ["banner.lua"],
             warning: "a.json: steps[0].deliver.templateName: templates: no loaded script defines the template 'Baner': the SDK drops the in-app (did you mean 'Banner'?)"),
        Kind(name: "templates member", files: ["banner.lua": banner],
             steps: #"{"deliver": {"type": "custom-code", "templateName": "Banner", "ti": 1, "wzrk_id": "c1", "priorty": 3}}"#, scripts: ["banner.lua"],
             warning: "a.json: steps[0].deliver.priorty: templates: no part of the SDK reads the in-app member 'priorty'; it is ignored (did you mean 'priority'?)"),
        Kind(name: "traits config", files: [:],
             steps: #"{"lua": "pcall(traits.show, {id = 'c2a7e913-5b4f-4d08-a61e-3f9b8d2c7e40', name = 'M', type = 'mobile', traits = {}, steps = {{id = 'c2a7e913-5b4f-4d08-a61e-3f9b8d2c7e41', type = 'modal', traits = {{type = '@appcues/modal', config = {presentationStyle = 'fulll'}}}, actions = {}, content = {type = 'spacer', id = 'c2a7e913-5b4f-4d08-a61e-3f9b8d2c7e42'}}}})"}"#,
             warning: #"a.json: steps[0].lua: traits: trait '@appcues/modal' (step level) is dropped, as the SDK drops it: config.presentationStyle: expected one of full, dialog, sheet, halfSheet, got "fulll""#),
        Kind(name: "flowx validator", files: [:], steps: #"{"validate": "emial", "value": "x", "expect": true}"#,
             warning: "a.json: steps[0].validate: flowx: no custom validator named 'emial': registered neither with flowx.validator nor answered by the data source's validate; the value counts as valid, as the SDK's sample data source answers (did you mean 'email'?)"),
        Kind(name: "hooks plugin", files: [:], steps: #"{"navigate": "news"}"#,
             setup: #"{"screens": [{"id": "news", "name": "News", "type": "general", "hooks": {"preload_plugins": [{"identifier": "nowhere", "type": "general"}]}}]}"#,
             warning: "a.json: steps[0].navigate: hooks: hook 'nowhere' of screen 'news' (preload_plugins) is in no plugin list (plugin_configurations.json, hooks.plugin): the SDK skips it"),
    ]

    static func project(_ kind: Kind, strict: Bool = false, named: Bool = false) throws -> URL {
        let dir = try TemporaryFolder.make()
        for (name, text) in kind.files { try text.write(to: dir.appendingPathComponent(name), atomically: true, encoding: .utf8) }
        let scripts = kind.scripts.map { "\"\($0)\"" }.joined(separator: ", ")
        let expect = named ? #", {"expect": {"events": [{"type": "warning"}]}}"# : ""
        let scenario = #"{"name": "k", \#(strict ? #""strict": true, "# : "")"scripts": [\#(scripts)], \#(kind.setup.map { #""setup": \#($0), "# } ?? "")"steps": [\#(kind.steps)\#(expect)]}"#
        try scenario.write(to: dir.appendingPathComponent("a.json"), atomically: true, encoding: .utf8)
        return dir
    }

    @Test(arguments: kinds)
    func aWarningIsShownByEveryReportAndFailsNothing(kind: Kind) throws {
        let dir = try Self.project(kind)
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = try CLI.run(["test", "--junit", "j.xml", "--json", "j.json", "--report", "html", "a.json"], directory: dir)
        #expect(r.status == 0, "\(r.stdout)\(r.stderr)")
        // at the ignored input's line and column (the scenario is one line)
        #expect(r.stdout.range(of: #"WARN a\.json:1:[0-9]+ \(k\): "#, options: .regularExpression) != nil
                && r.stdout.contains(" (k): \(kind.warning)\n"), "\(r.stdout)")
        #expect(r.stdout.contains("1 passed, 0 failed"), "\(r.stdout)")
        let junit = try String(contentsOfFile: dir.path + "/j.xml", encoding: .utf8)
        #expect(junit.contains("<system-err>WARN \(Self.xml(kind.warning))</system-err>"), "\(junit)")
        let json = try String(contentsOfFile: dir.path + "/j.json", encoding: .utf8)
        #expect(json.contains(#""warnings":[{"t":"#) && json.contains(#""type":"warning""#), "\(json)")
        let html = try String(contentsOfFile: dir.path + "/html/" + (try FileManager.default.contentsOfDirectory(atPath: dir.path + "/html")
            .first { $0 != "index.html" && $0.hasSuffix(".html") } ?? ""), encoding: .utf8)
        #expect(html.contains("<section class=\"warnings\">") && html.contains(Self.xml(kind.warning)), "\(html.prefix(2000))")
        let index = try String(contentsOfFile: dir.path + "/html/index.html", encoding: .utf8)
        #expect(index.contains("1 warning"), "\(index.prefix(2000))")
        let tap = try CLI.run(["test", "--tap", "a.json"], directory: dir)
        #expect(tap.stdout.contains("ok 1 - k (a.json)\n# WARN \(kind.warning)\n"), "\(tap.stdout)")
    }

    @Test(arguments: kinds)
    func strictMakesTheWarningAFailure(kind: Kind) throws {
        let dir = try Self.project(kind)
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = try CLI.run(["test", "--strict", "--junit", "j.xml", "a.json"], directory: dir)
        #expect(r.status == 1, "\(r.stdout)\(r.stderr)")
        #expect(r.stdout.contains("FAIL a.json:1:") && r.stdout.contains(" (k): ") && r.stdout.contains("warning (strict): \(kind.warning)"), "\(r.stdout)")
        let junit = try String(contentsOfFile: dir.path + "/j.xml", encoding: .utf8)
        #expect(junit.contains("type=\"warning\""), "\(junit)")
    }

    @Test func strictInTheScenarioFileFailsAndANamedWarningPasses() throws {
        let kind = Self.kinds[0]
        let strict = try Self.project(kind, strict: true)
        defer { try? FileManager.default.removeItem(at: strict) }
        let failed = try CLI.run(["test", "a.json"], directory: strict)
        #expect(failed.status == 1, "\(failed.stdout)\(failed.stderr)")
        #expect(failed.stdout.contains("steps[0]: warning (strict): \(kind.warning)"), "\(failed.stdout)")
        let named = try Self.project(kind, strict: true, named: true)
        defer { try? FileManager.default.removeItem(at: named) }
        let passed = try CLI.run(["test", "--strict", "a.json"], directory: named)
        #expect(passed.status == 0, "\(passed.stdout)\(passed.stderr)")
    }

    /// A key from a payload cannot forge report lines: the warning is one line, controls escaped.
    @Test func aHostileKeyStaysOnItsLine() throws {
        let kind = Kind(name: "hostile", files: ["banner.lua": Self.banner],
                        steps: #"{"deliver": {"type": "custom-code", "templateName": "Banner", "ti": 1, "wzrk_id": "c1", "vars": {"x\nok 2 - forged\u001b[2J": 1}}}"#,
                        scripts: ["banner.lua"], warning: "")
        let dir = try Self.project(kind)
        defer { try? FileManager.default.removeItem(at: dir) }
        let tap = try CLI.run(["test", "--tap", "a.json"], directory: dir)
        #expect(!tap.stdout.contains("\nok 2") && !tap.stdout.contains("\u{1B}"), "\(tap.stdout)")
        #expect(tap.stdout.contains(#"template 'Banner' has no argument 'x\nok 2 - forged\u{1B}[2J'"#), "\(tap.stdout)")
        let text = try CLI.run(["test", "a.json"], directory: dir)
        #expect(text.stdout.split(separator: "\n").filter { $0.hasPrefix("WARN ") }.count == 1, "\(text.stdout)")
        #expect(!text.stdout.contains("\u{1B}"), "\(text.stdout)")
    }

    /// `"strict"` is a boolean, checked when the file loads.
    @Test func strictMustBeABoolean() throws {
        let dir = try TemporaryFolder.make()
        defer { try? FileManager.default.removeItem(at: dir) }
        try #"{"strict": "yes", "steps": [{"advance": 1}]}"#.write(to: dir.appendingPathComponent("a.json"), atomically: true, encoding: .utf8)
        let r = try CLI.run(["test", "a.json"], directory: dir)
        #expect(r.status == 2, "\(r.stdout)\(r.stderr)")
        #expect(r.stderr.contains("strict"), "\(r.stderr)")
    }

    static func xml(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;").replacingOccurrences(of: "'", with: "&apos;")
    }
}
