import Foundation
import JSON
import TestSupport
import Testing
@testable import Scenarios

/// skip / only / todo on scenarios and steps: not run, reported as such in text, TAP, JUnit and
/// JSON, never failing the run.
struct ScenarioMarkTests {
    static let passing = #"{"name": "passes", "steps": [\#(Fixture.deliverC1), {"expect": {"fakeDisplayed": "c1"}}]}"#
    static let failingSkipped = #"{"name": "broken", "skip": "flaky", "steps": [\#(Fixture.deliverC1), {"expect": {"fakeDisplayed": "zz"}}]}"#
    static let failingTodo = #"{"name": "later", "todo": true, "steps": [\#(Fixture.deliverC1), {"expect": {"fakeDisplayed": "zz"}}]}"#

    @Test func skippedAndTodoScenariosDoNotRunNorFail() throws {
        let (code, out, folder) = try Fixture.run(["a.json": Self.passing, "b.json": Self.failingSkipped, "c.json": Self.failingTodo])
        defer { Fixture.remove(folder) }
        #expect(code == Runner.ExitCode.passed)
        #expect(out.stdout == """
            SKIP \(folder)/b.json (broken): flaky
            TODO \(folder)/c.json (later): to do
            1 skipped, 1 todo, 1 passed, 0 failed

            """)
    }

    @Test func aSkippedStepDoesNotRunAndIsListed() throws {
        let text = #"{"name": "s", "steps": [\#(Fixture.deliverC1), {"expect": {"fakeDisplayed": "zz"}, "skip": "not yet"}, {"todo": "close it"}, {"expect": {"fakeDisplayed": "c1"}}]}"#
        let (code, out, folder) = try Fixture.run(["s.json": text])
        defer { Fixture.remove(folder) }
        #expect(code == Runner.ExitCode.passed, "\(out.stdout)")
        #expect(out.stdout == """
            SKIP \(folder)/s.json (s): steps[1] skipped: not yet
            TODO \(folder)/s.json (s): steps[2] todo: close it
            1 passed, 0 failed

            """)
    }

    @Test func onlyOnAStepSkipsTheScenariosOtherSteps() throws {
        let text = #"{"name": "s", "steps": [\#(Fixture.deliverC1), {"expect": {"fakeDisplayed": "zz"}}, {"expect": {"fakeDisplayed": null}, "only": true}]}"#
        let (code, out, folder) = try Fixture.run(["s.json": text])
        defer { Fixture.remove(folder) }
        #expect(code == Runner.ExitCode.passed, "\(out.stdout)")
        #expect(out.stdout == """
            SKIP \(folder)/s.json (s): steps[0] skipped: another step is marked only
            SKIP \(folder)/s.json (s): steps[1] skipped: another step is marked only
            1 passed, 0 failed

            """)
        let bad = Fixture.load(#"{"steps": [{"fakeClose": true, "only": "yes"}]}"#)
        guard case .failure(let errors) = bad else { Issue.record("loaded"); return }
        #expect(errors.errors.map(\.path?.description) == ["steps[0].only"], "\(errors)")
    }

    @Test func onlyRunsTheMarkedScenarios() throws {
        let only = #"{"name": "focus", "only": true, "steps": [\#(Fixture.deliverC1), {"expect": {"fakeDisplayed": "c1"}}]}"#
        let failing = #"{"name": "fails", "steps": [\#(Fixture.deliverC1), {"expect": {"fakeDisplayed": "zz"}}]}"#
        let (code, out, folder) = try Fixture.run(["a.json": only, "b.json": failing])
        defer { Fixture.remove(folder) }
        #expect(code == Runner.ExitCode.passed)
        #expect(out.stdout.contains("SKIP \(folder)/b.json (fails): another scenario is marked only"))
        #expect(out.stdout.hasSuffix("1 skipped, 1 passed, 0 failed\n"))
    }

    @Test func tapJUnitAndJSONNameSkipAndTodo() throws {
        let report = TemporaryFolder.path().path
        let (_, out, folder) = try Fixture.run(["a.json": Self.passing, "b.json": Self.failingSkipped, "c.json": Self.failingTodo]) {
            $0.tap = true
            $0.junitPath = report + ".xml"
            $0.jsonPath = report + ".json"
        }
        defer { Fixture.remove(folder); try? FileManager.default.removeItem(atPath: report + ".xml"); try? FileManager.default.removeItem(atPath: report + ".json") }
        #expect(out.stdout.contains("ok 2 - broken (\(folder)/b.json) # SKIP flaky\n"), "\(out.stdout)")
        #expect(out.stdout.contains("not ok 3 - later (\(folder)/c.json) # TODO \n"), "\(out.stdout)")
        let xml = try String(contentsOfFile: report + ".xml", encoding: .utf8)
        #expect(xml.contains(#"skipped="2""#))
        #expect(xml.contains(#"<skipped message="skipped: flaky"/>"#))
        #expect(xml.contains(#"<skipped message="todo"/>"#))
        let json = try JSONDocument(text: String(contentsOfFile: report + ".json", encoding: .utf8)).value
        #expect(json["skipped"] == .integer(1) && json["todo"] == .integer(1) && json["passed"] == .integer(1))
        #expect(json["scenarios"]?.arrayValue?.map { $0["status"]?.stringValue ?? "" } == ["passed", "skipped", "todo"])
    }

    @Test func marksAreValidated() throws {
        let bad = Fixture.load(#"{"skip": 3, "steps": [{"fakeClose": true, "todo": []}]}"#)
        guard case .failure(let errors) = bad else { Issue.record("loaded"); return }
        #expect(errors.errors.map(\.path?.description) == ["skip", "steps[0].todo"], "\(errors)")
    }
}
