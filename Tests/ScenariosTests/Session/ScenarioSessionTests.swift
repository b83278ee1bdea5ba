import Engine
import Foundation
import JSON
import SystemKit
import Testing
import TestSupport
@testable import Scenarios

/// A scenario played live and recorded (`ctlua preview`, the REPL's `:record`).
@Suite struct ScenarioSessionTests {
    static let start = #"""
        {"name": "start", "scripts": ["scripts/add.lua"], "setup": {"fakeBuild": {}},
         "steps": [{"count": 1}, {"expect": {"count": 3}}]}
        """#
    static let script = "counter.add(2)\n"

    private func project() throws -> String {
        try Fixture.folder(["scenarios/start.json": Self.start, "scenarios/scripts/add.lua": Self.script])
    }

    private func read(_ path: String) throws -> JSONValue {
        try JSONValue.decode(String(contentsOfFile: path, encoding: .utf8))
    }

    @Test func aSessionStartsAsItsScenarioDoesAndRecordsWhatItPerforms() throws {
        let root = try project()
        defer { Fixture.remove(root) }
        let session = try ScenarioSession(start: .scenario(path: root + "/scenarios/start.json"), registry: Fixture.registry)
        #expect(session.startFailures.isEmpty)
        #expect(session.expectation["count"] == .integer(2))   // the script ran; the start's steps did not
        #expect(session.perform(["fakeDeliver": ["inapp_notifs": [["wzrk_id": "c1"], ["wzrk_id": "c2"]]]]).succeeded)
        #expect(session.perform(["lua": "counter.add(5)"]).succeeded)
        #expect(session.recorded.count == 2)
        let pinned = try #require(session.pin())
        #expect(pinned.succeeded)
        #expect(session.recorded.last == ["expect": ["ui": ["title": ["text": "Sale"]], "fakeDisplayed": "c1", "fakeQueue": ["c2"], "count": 7]])
    }

    @Test func theSavedScenarioReadsAsWrittenAndPasses() throws {
        let root = try project()
        defer { Fixture.remove(root) }
        let session = try ScenarioSession(start: .scenario(path: root + "/scenarios/start.json"), registry: Fixture.registry)
        session.perform(["fakeDeliver": ["inapp_notifs": [["wzrk_id": "c1"]]]])
        session.perform(["fakeClose": true])
        let result = try session.save(as: "closed_banner")
        #expect(result.failures.isEmpty, "\(result.failures)")
        let saved = try read(root + "/scenarios/closed_banner.json")
        #expect(saved.objectValue.map { Array($0.keys) } == ["name", "setup", "scripts", "steps"])
        #expect(saved["name"] == "closed banner")
        #expect(saved["scripts"] == ["scripts/add.lua"])
        #expect(saved["steps"] == [
            ["fakeDeliver": ["inapp_notifs": [["wzrk_id": "c1"]]]],
            ["fakeClose": true],
            ["expect": ["fakeDisplayed": nil, "count": 2]],
        ])
        // As `ctlua test` loads and runs it, from its file.
        let found = ScenarioDiscovery.Found(relativePath: "closed_banner.json", file: root + "/scenarios/closed_banner.json")
        let scenario = try ScenarioLoader(registry: Fixture.registry).load(found).get()
        #expect(ScenarioExecutor(registry: Fixture.registry).run(scenario).failures.isEmpty)
    }

    @Test func aStartCanRunItsOwnStepsFirst() throws {
        let root = try project()
        defer { Fixture.remove(root) }
        let session = try ScenarioSession(start: .scenario(path: root + "/scenarios/start.json", steps: true), registry: Fixture.registry)
        #expect(session.startFailures.isEmpty)
        #expect(session.recorded == [["count": 1], ["expect": ["count": 3]]])
    }

    @Test func aStepThatFailsOrDoesNotLoadIsNotRecorded() throws {
        let root = try project()
        defer { Fixture.remove(root) }
        let session = try ScenarioSession(start: .scenario(path: root + "/scenarios/start.json"), registry: Fixture.registry)
        let unknown = session.perform(["bogus": 1])
        #expect(unknown.failures.first?.contains("bogus") == true)
        let misshapen = session.perform(["advance": -1])
        #expect(misshapen.failures.first?.contains("steps[0]") == true, "\(misshapen.failures)")
        let failing = session.perform(["tap": "nothing-here"])
        #expect(!failing.succeeded)
        let unmet = session.perform(["expect": ["count": 99]])
        #expect(unmet.failures.first?.contains("wrong count") == true, "\(unmet.failures)")
        let raising = session.perform(["lua": "error('boom')"])
        #expect(raising.failures.first?.contains("boom") == true)
        #expect(session.recorded.isEmpty)
        #expect(session.perform(["advance": 1]).succeeded)
        #expect(session.recorded == [["advance": 1]])
    }

    @Test func replayRunsTheRecordedStepsOnANewEngineWithTheFilesAsTheyAreNow() throws {
        let root = try project()
        defer { Fixture.remove(root) }
        let session = try ScenarioSession(start: .scenario(path: root + "/scenarios/start.json"), registry: Fixture.registry)
        session.perform(["count": 1])
        #expect(session.expectation["count"] == .integer(3))
        let before = session.engine
        try "counter.add(10)\n".write(toFile: root + "/scenarios/scripts/add.lua", atomically: true, encoding: .utf8)
        #expect(try session.replay().isEmpty)
        #expect(session.engine !== before)
        #expect(session.expectation["count"] == .integer(11))
        #expect(session.recorded == [["count": 1]])
        // A recorded step that fails now is reported, and stays recorded.
        try "error('broken on purpose')\n".write(toFile: root + "/scenarios/scripts/add.lua", atomically: true, encoding: .utf8)
        let failures = try session.replay()
        #expect(failures.contains { $0.contains("broken on purpose") }, "\(failures)")
        #expect(session.recorded == [["count": 1]])
    }

    @Test func aBlankStartRecordsTheScriptsItLoadsRelativeToTheSavedFile() throws {
        let root = try project()
        defer { Fixture.remove(root) }
        let session = try ScenarioSession(start: .blank(folder: root), registry: Fixture.registry)
        try session.addScript("scenarios/scripts/add.lua")
        session.perform(["count": 4])
        let result = try session.save(as: "recorded/from_blank.json")
        #expect(result.failures.isEmpty, "\(result.failures)")
        let saved = try read(root + "/recorded/from_blank.json")
        #expect(saved["scripts"] == ["../scenarios/scripts/add.lua"])
        #expect(saved["steps"] == [["count": 4], ["expect": ["fakeDisplayed": nil, "count": 6]]])
    }

    @Test func saveStaysInsideTheProjectFolder() throws {
        let root = try project()
        let outside = try Fixture.folder([:])
        defer { Fixture.remove(root); Fixture.remove(outside) }
        try FileManager.default.createSymbolicLink(atPath: root + "/link", withDestinationPath: outside)
        let blank = try ScenarioSession(start: .blank(folder: root), registry: Fixture.registry)
        for file in ["../escape.json", outside + "/x.json", "link/x.json", "a/../../escape.json", ""] {
            #expect(throws: ScenarioSession.Problem.self, "\(file)") { try blank.save(as: file) }
        }
        #expect(!FileManager.default.fileExists(atPath: outside + "/x.json"))
        try blank.save(as: "once.json")
        #expect(throws: ScenarioSession.Problem.self) { try blank.save(as: "once.json") }
        #expect(throws: Never.self) { try blank.save(as: "once.json", overwrite: true) }
        // A session started from a scenario saves beside it (its setup's files are relative to it).
        let fromScenario = try ScenarioSession(start: .scenario(path: root + "/scenarios/start.json"), registry: Fixture.registry)
        #expect(throws: ScenarioSession.Problem.self) { try fromScenario.save(as: "../elsewhere.json") }
        #expect(throws: ScenarioSession.Problem.self) { try fromScenario.save(as: "sub/x.json") }
    }

    @Test func aStartThatCannotBeReadSaysWhy() throws {
        let root = try Fixture.folder(["bad.json": "{\"steps\": [", "cases.json": #"{"cases": [{"name": "a"}], "steps": []}"#,
                                       "broken.json": #"{"scripts": ["missing.lua"], "steps": []}"#])
        defer { Fixture.remove(root) }
        #expect(throws: ScenarioSession.Problem.self) { try ScenarioSession(start: .scenario(path: root + "/bad.json"), registry: Fixture.registry) }
        #expect(throws: ScenarioSession.Problem.self) { try ScenarioSession(start: .scenario(path: root + "/cases.json"), registry: Fixture.registry) }
        #expect(throws: ScenarioSession.Problem.self) { try ScenarioSession(start: .scenario(path: root + "/none.json"), registry: Fixture.registry) }
        let broken = try ScenarioSession(start: .scenario(path: root + "/broken.json"), registry: Fixture.registry)
        #expect(broken.startFailures.first?.contains("missing.lua") == true, "\(broken.startFailures)")
    }

    @Test func aHostileStepIsContainedByTheScenarioLimits() throws {
        let root = try project()
        defer { Fixture.remove(root) }
        let session = try ScenarioSession(start: .scenario(path: root + "/scenarios/start.json"), registry: Fixture.registry,
                                          limits: ScenarioLimits(maxMemory: 8 << 20, maxInstructions: 1_000_000))
        #expect(!session.perform(["lua": "while true do end"]).succeeded)
        #expect(!session.perform(["lua": "local t = {} for i = 1, 1e9 do t[i] = ('x'):rep(100) end"]).succeeded)
        #expect(!session.perform(["lua": "io.open('/etc/passwd')"]).succeeded)
        #expect(session.perform(["count": 1]).succeeded)   // the engine is still usable
        #expect(session.recorded == [["count": 1]])
    }
}
