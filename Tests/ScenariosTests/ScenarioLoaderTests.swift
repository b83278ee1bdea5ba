import Foundation
import JSON
import TestSupport
import Testing
import SystemKit
@testable import Scenarios

struct ScenarioLoaderTests {
    private func errors(_ text: String) -> [String] {
        switch Fixture.load(text, name: "flows/bad.json") {
        case .success: return []
        case .failure(let failure): return failure.errors.map(\.description)
        }
    }

    @Test func loadsAValidScenario() throws {
        let text = """
            {"name": "banner", "setup": {"fakeBuild": {"debug": true}, "files": {"u": "x.png", "v": {"error": "HTTP 404"}}},
             "steps": [\(Fixture.deliverC1), {"tap": "ok"}, {"advance": 2.5}, {"fakeNavigate": "home", "from": "cell"},
                       {"fakeValidate": "cnp", "value": "1", "params": [], "expect": true},
                       {"expect": {"fakeDisplayed": null, "fakeQueue": ["c2"], "ui": {"title": {"text": "Sale"}}}}]}
            """
        let scenario = try Fixture.load(text).get()
        #expect(scenario.name == "banner")
        guard case .steps(_, let setup, let steps) = scenario.body else { Issue.record("not steps"); return }
        #expect(setup["fakeBuild"]?["debug"] == true)
        #expect(steps.map(\.name) == ["fakeDeliver", "tap", "advance", "fakeNavigate", "fakeValidate", "expect"])
        #expect(steps[3].object["from"] == "cell")
        #expect(steps[2].path.description == "steps[2]")
    }

    struct Malformed: Sendable, CustomTestStringConvertible {
        var label: String
        var text: String
        /// Substrings of the error lines, one per expected error, in order.
        var expected: [String]
        var testDescription: String { label }
    }

    static let malformed: [Malformed] = [
        Malformed(label: "not JSON", text: "{\n  \"steps\": [\n    {\"tap\": ok}\n  ]\n}",
                  expected: ["flows/bad.json:3:14: invalid JSON: invalid token near 'ok'"]),
        Malformed(label: "steps not an array", text: #"{"steps": {"tap": "ok"}}"#,
                  expected: ["flows/bad.json:1:11: steps: expected an array of steps, got object"]),
        Malformed(label: "steps missing", text: #"{"name": "x"}"#, expected: ["steps: missing required key"]),
        Malformed(label: "root not an object", text: "[1]", expected: ["$: a scenario is a JSON object, got array"]),
        Malformed(label: "unknown step", text: #"{"steps": [{"tap": "ok"}, {"swipe": "left"}]}"#,
                  expected: ["flows/bad.json:1:37: steps[1].swipe: unknown step \"swipe\" (known: advance, count, expect, fake, fakeClose"]),
        Malformed(label: "wrong type of advance", text: #"{"steps": [{"advance": "2s"}]}"#,
                  expected: ["steps[0].advance: expected a non-negative number, got string"]),
        Malformed(label: "negative advance", text: #"{"steps": [{"advance": -1}]}"#,
                  expected: ["steps[0].advance: expected a non-negative number, got -1.0"]),
        Malformed(label: "expect with unknown key", text: #"{"steps": [{"expect": {"fakeDisplayed": "c1", "shown": "c1"}}]}"#,
                  expected: ["steps[0].expect.shown: unknown key \"shown\" (known: count, eventCount, events, fakeDisplayed, fakeNavigation, fakeQueue, newEvents, noEvents, snapshot, ui, uiExact)"]),
        Malformed(label: "expect with wrong types", text: #"{"steps": [{"expect": {"events": [{"type": "x"}, 3], "fakeQueue": "c1"}}]}"#,
                  expected: ["steps[0].expect.events[1]: expected an object, got number",
                             "steps[0].expect.fakeQueue: expected an array, got string"]),
        Malformed(label: "two commands in a step", text: #"{"steps": [{"tap": "ok", "fakeClose": true}]}"#,
                  expected: ["steps[0].fakeClose: a step has one command"]),
        Malformed(label: "unknown parameter", text: #"{"steps": [{"tap": "ok", "twice": true}]}"#,
                  expected: ["steps[0].twice: unknown parameter \"twice\" of step \"tap\" (it takes none)"]),
        Malformed(label: "empty step and non-object step", text: #"{"steps": [{}, "tap"]}"#,
                  expected: ["steps[0]: empty step", "steps[1]: a step is an object"]),
        Malformed(label: "every error, not the first",
                  text: #"{"nmae": "x", "scripts": "a.lua", "setup": {"fakeBuild": [], "colour": 1}, "steps": [{"advance": true}, {"relaunch": 1}]}"#,
                  expected: ["nmae: unknown key", "scripts: expected an array, got string",
                             "setup.fakeBuild: expected an object, got array", "setup.colour: unknown key",
                             "steps[0].advance: expected a non-negative number, got boolean",
                             "steps[1].relaunch: expected a boolean or an object, got number"]),
        // Issue 35, item 1: a misspelt name is named with the close one, at every level.
        Malformed(label: "misspelt names get the close name",
                  text: #"{"nmae": "x", "setup": {"fakeBiuld": {}}, "steps": [{"tpa": "ok"}, {"fakeNavigate": "home", "form": "cell"}, {"expect": {"fakeQueu": []}}]}"#,
                  expected: ["nmae: unknown key \"nmae\" (did you mean \"name\"? known: ",
                             "setup.fakeBiuld: unknown key \"fakeBiuld\" (did you mean \"fakeBuild\"? known: ",
                             "steps[0].tpa: unknown step \"tpa\" (did you mean \"tap\"? known: ",
                             "steps[1].form: unknown parameter \"form\" of step \"fakeNavigate\" (did you mean \"from\"? known: from)",
                             "steps[2].expect.fakeQueu: unknown key \"fakeQueu\" (did you mean \"fakeQueue\"? known: "]),
        Malformed(label: "missing script", text: #"{"scripts": ["nope/missing.lua"], "steps": []}"#,
                  expected: ["scripts[0]: script not found: /tmp/flows/nope/missing.lua"]),
        Malformed(label: "a folder as a script", text: #"{"scripts": ["/tmp"], "steps": []}"#,
                  expected: ["flows/bad.json:1:14: scripts[0]: a folder, not a script: /tmp"]),
    ]

    @Test(arguments: malformed)
    func malformedScenariosNameFileAndPath(_ c: Malformed) {
        let lines = errors(c.text)
        #expect(lines.count == c.expected.count, "\(lines)")
        for (line, expected) in zip(lines, c.expected) {
            #expect(line.hasPrefix("flows/bad.json"), "\(line)")
            #expect(line.contains(expected), "\(line)")
        }
    }

    @Test func unregisteredStepIsAcceptedOnceASystemRegistersIt() throws {
        var registry = Fixture.registry
        registry.register(StepDefinition(name: "swipe", value: .string, summary: "", input: String.self, example: "") { _, _ in })
        let scenario = try Fixture.load(#"{"steps": [{"swipe": "left"}]}"#, registry: registry).get()
        #expect(scenario.relativePath == "s.json")
    }

    /// Item 15 of issue 9: an empty scenario file is read without FileManager (which leaks its
    /// buffer for empty files under LeakSanitizer) and is a syntax error naming the file.
    @Test func anEmptyScenarioFileIsALoadErrorNamingIt() throws {
        let dir = try TemporaryFolder.make()
        defer { try? FileManager.default.removeItem(at: dir) }
        _ = FileManager.default.createFile(atPath: dir.path + "/empty.json", contents: Data())
        // Named on the command line (in a folder, a file without a `steps` key is not a scenario).
        switch Runner.load(paths: [dir.path + "/empty.json"], registry: StepRegistry(catalog: SystemCatalog([]))) {
        case .success: Issue.record("an empty file loaded")
        case .failure(let errors):
            #expect(errors.errors.count == 1)
            #expect(errors.errors.first?.description.contains("empty.json") == true, "\(errors)")
        }
    }

    /// A file in a folder is read and parsed once: discovery keeps the document it parsed to
    /// apply the folder rule, and the loader validates that (the file changing in between is
    /// not read again); a file named on the command line is read by the loader.
    @Test func aScenarioFileIsParsedOnce() throws {
        let root = try Fixture.folder(["a.json": #"{"name": "first", "steps": []}"#, "b.json": #"{"steps": [}"#])
        defer { Fixture.remove(root) }
        let found = ScenarioDiscovery.find([root]).files
        #expect(found.map(\.relativePath) == [root + "/a.json", root + "/b.json"])
        try #"{"name": "second", "steps": []}"#.write(toFile: root + "/a.json", atomically: true, encoding: .utf8)
        try #"{"steps": []}"#.write(toFile: root + "/b.json", atomically: true, encoding: .utf8)
        let loader = ScenarioLoader(registry: Fixture.registry)
        #expect(try loader.load(found[0]).get().name == "first")
        #expect(throws: ScenarioLoadErrors.self) { try loader.load(found[1]).get() }
        let named = try #require(ScenarioDiscovery.find([root + "/a.json"]).files.first)
        #expect(try loader.load(named).get().name == "second")
    }
}
