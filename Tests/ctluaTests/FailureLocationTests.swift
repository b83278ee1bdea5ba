import Foundation
import Scenarios
import TestSupport
import Testing

/// Failures where the developer looks (#38 item 2): every FAIL and WARN names `file:line:column`
/// of the expectation, step or input it is about; `--reporter github` (or `GITHUB_ACTIONS=true`)
/// adds GitHub workflow commands; JUnit testcases carry `file` and `line` (TAP `line`/`column`, the
/// JSON report `source`); `check` too.
@Suite struct FailureLocationTests {
    static let banner = WarningKindsTests.banner

    /// Line 3 holds the failing pattern (`"Soon"` at column 40). In `warned`, line 4 the ignored
    /// `titel` (its value at column 109); line 5 a step that fails.
    static let scenario = #"""
        {"name": "title", "scripts": ["banner.lua"], "steps": [
          {"lua": "ui.show{id = 'title', text = 'Sale', size = 12}"},
          {"expect": {"ui": {"title": {"text": "Soon", "size": 12}}}}]}
        """#
    static let warned = #"""
        {"name": "warned", "scripts": ["banner.lua"], "steps": [
          {"lua": "ui.show{id = 'title', text = 'Sale'}"},
          {"expect": {"ui": {"title": {"text": "Sale"}}}},
          {"deliver": {"type": "custom-code", "templateName": "Banner", "ti": 1, "wzrk_id": "c1", "vars": {"titel": "Sale"}}},
          {"lua": "error('boom')"}]}
        """#

    static func project() throws -> URL {
        let dir = try TemporaryFolder.make()
        try banner.write(to: dir.appendingPathComponent("banner.lua"), atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("flows"), withIntermediateDirectories: true)
        try scenario.write(to: dir.appendingPathComponent("flows/title.json"), atomically: true, encoding: .utf8)
        try warned.replacingOccurrences(of: "\"banner.lua\"", with: "\"../banner.lua\"")
            .write(to: dir.appendingPathComponent("flows/warned.json"), atomically: true, encoding: .utf8)
        try scenario.replacingOccurrences(of: "[\"banner.lua\"]", with: "[\"../banner.lua\"]")
            .write(to: dir.appendingPathComponent("flows/title.json"), atomically: true, encoding: .utf8)
        return dir
    }

    @Test func failAndWarnLinesNameFileLineAndColumn() throws {
        let dir = try Self.project()
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = try CLI.run(["test", "flows"], directory: dir)
        #expect(r.status == 1)
        #expect(r.stdout.contains("FAIL flows/title.json:3:40 (title): steps[1].expect.ui.title.text: view \"title\" has other properties\n"),
                "\(r.stdout)")
        #expect(r.stdout.contains("WARN flows/warned.json:4:109 (warned): flows/warned.json: steps[2].deliver.vars.titel: "), "\(r.stdout)")
        // a step that raised: at the step
        #expect(r.stdout.contains("FAIL flows/warned.json:5:3 (warned): steps[3]"), "\(r.stdout)")
        #expect(!r.stdout.contains("::error"), "no annotations unless asked: \(r.stdout)")
    }

    /// A `.lua` scenario fails at the line its Lua error names (Lua gives no column: 1).
    @Test func aLuaScenarioFailsAtTheLineOfItsError() throws {
        let dir = try TemporaryFolder.make()
        defer { try? FileManager.default.removeItem(at: dir) }
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("flows"), withIntermediateDirectories: true)
        try "local x = 1\n\nerror('boom')\n".write(to: dir.appendingPathComponent("flows/x_test.lua"), atomically: true, encoding: .utf8)
        let r = try CLI.run(["test", "flows"], directory: dir)
        #expect(r.status == 1)
        #expect(r.stdout.hasPrefix("FAIL flows/x_test.lua:3:1 (x): flows/x_test.lua:3: boom"), "\(r.stdout)")
    }

    @Test func githubAnnotationsFollowTheReport() throws {
        let dir = try Self.project()
        defer { try? FileManager.default.removeItem(at: dir) }
        for (arguments, environment) in [(["test", "--reporter", "github", "flows"], [:]), (["test", "flows"], ["GITHUB_ACTIONS": "true"])] {
            let r = try CLI.run(arguments, directory: dir, environment: environment)
            #expect(r.status == 1)
            let lines = r.stdout.split(separator: "\n").map(String.init)
            #expect(lines.contains(
                #"::error file=flows/title.json,line=3,col=40,title=ctlua test%3A title::steps[1].expect.ui.title.text: view "title" has other properties%0Aexpected: "Soon"%0Aactual:   "Sale""#),
                "\(r.stdout)")
            #expect(lines.contains { $0.hasPrefix("::warning file=flows/warned.json,line=4,col=109,title=ctlua test%3A warned::flows/warned.json: steps[2].deliver.vars.titel") },
                    "\(r.stdout)")
            #expect(lines.contains { $0.hasPrefix("::error file=flows/warned.json,line=5,col=3,") }, "\(r.stdout)")
            // the text report is still there, before the annotations
            let summary = try #require(lines.firstIndex { $0.hasSuffix("passed, 2 failed") })
            #expect(lines[..<summary].allSatisfy { !$0.hasPrefix("::") })
        }
        let wrong = try CLI.run(["test", "--reporter", "gitlab", "flows"], directory: dir)
        #expect(wrong.status == 2 && wrong.stderr.contains("--reporter gitlab: expected github"), "\(wrong.stderr)")
    }

    @Test func junitTestcasesCarryFileAndLine() throws {
        let dir = try Self.project()
        defer { try? FileManager.default.removeItem(at: dir) }
        _ = try CLI.run(["test", "--junit", "j.xml", "--json", "j.json", "flows"], directory: dir)
        // the JSON report: each failure and warning with its `source`
        let json = try String(contentsOfFile: dir.path + "/j.json", encoding: .utf8)
        #expect(json.contains(#""source":{"file":"flows/title.json","line":3,"column":40}"#), "\(json)")
        #expect(json.contains(#""source":{"file":"flows/warned.json","line":4,"column":109}"#), "\(json)")
        let tap = try CLI.run(["test", "--tap", "flows/title.json"], directory: dir)
        #expect(tap.stdout.contains("  file: \"flows/title.json\"\n  line: 3\n  column: 40\n"), "\(tap.stdout)")
        let read = try CLI.shell(#"""
            python3 -c 'import xml.etree.ElementTree as ET
            for c in ET.parse("j.xml").getroot().iter("testcase"): print(c.get("name"), c.get("file"), c.get("line"))'
            """#, directory: dir)
        #expect(read.stdout == "title flows/title.json 3\nwarned flows/warned.json 5\n", "\(read.stdout)\(read.stderr)")
    }

    @Test func checkWarningsAndGithubAnnotations() throws {
        let dir = try Self.project()
        defer { try? FileManager.default.removeItem(at: dir) }
        try #"{"name": "bad", "steps": [{"tapp": "x"}]}"#.write(to: dir.appendingPathComponent("flows/bad.json"), atomically: true, encoding: .utf8)
        // a FlowX validator nothing registers: a warning of check (CheckCommandTests.warningsPassUnlessStrict)
        try #"{"name": "loan", "screens": [{"id": "a", "forms": [{"id": "f", "fields": [{"key": "iban", "validators": [{"name": "ibanChek"}]}]}]}]}"#
            .write(to: dir.appendingPathComponent("process.json"), atomically: true, encoding: .utf8)
        let r = try CLI.run(["check", "--reporter", "github", "."], directory: dir, timeout: 60)
        #expect(r.status == 1)
        #expect(r.stderr.contains("WARN process.json:1:106: screens[0].forms[0].fields[0].validators[0]: flowx: "), "\(r.stderr)")
        #expect(r.stderr.contains("ctlua: flows/bad.json:1:36: steps[0].tapp: unknown step"), "\(r.stderr)")
        let lines = r.stdout.split(separator: "\n")
        #expect(lines.contains { $0.hasPrefix("::warning file=process.json,line=1,col=106,title=ctlua check::screens[0].forms[0].fields[0].validators[0]: flowx: ") },
                "\(r.stdout)")
        #expect(lines.contains { $0.hasPrefix("::error file=flows/bad.json,line=1,col=36,title=ctlua check::steps[0].tapp: unknown step") }, "\(r.stdout)")
        #expect(lines.allSatisfy { $0.hasPrefix("::") }, "only annotations on standard output: \(r.stdout)")
        let plain = try CLI.run(["check", "."], directory: dir, timeout: 60)
        #expect(plain.stdout.isEmpty, "no annotations unless asked: \(plain.stdout)")
    }
}

/// The escapes of GitHub's workflow commands (`@actions/core`'s `escapeData` and `escapeProperty`).
@Suite struct GitHubAnnotationEscapingTests {
    @Test func dataAndPropertiesAreEscapedAsGitHubSpecifies() {
        #expect(GitHubAnnotations.data("50% done\r\nnext") == "50%25 done%0D%0Anext")
        #expect(GitHubAnnotations.property("a:b,c%\n") == "a%3Ab%2Cc%25%0A")
    }
}
