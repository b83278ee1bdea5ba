import JSON
import Testing
@testable import Scenarios

/// Parameterized scenarios: `cases` makes one scenario per case, `${var}` substituted.
struct ScenarioLoaderCasesTests {
    private func loadAll(_ text: String) -> Result<[Scenario], ScenarioLoadErrors> {
        ScenarioLoader(registry: Fixture.registry).loadAll(
            bytes: Array(text.utf8), found: ScenarioDiscovery.Found(relativePath: "p.json", file: "/tmp/p.json"), defaultName: "p")
    }

    static let text = #"""
        {"name": "shows", "cases": [
            {"name": "one", "vars": {"id": "c1", "n": 2}},
            {"name": "two", "vars": {"id": "c2", "n": {"deep": [1]}}, "skip": "later"}],
         "steps": [{"fakeDeliver": {"inapp_notifs": [{"wzrk_id": "${id}", "templateName": "Banner", "n": "${n}", "label": "id ${id}, n ${n}"}]}},
                   {"expect": {"fakeDisplayed": "${id}"}}]}
        """#

    @Test func oneScenarioPerCaseWithItsValues() throws {
        let scenarios = try loadAll(Self.text).get()
        #expect(scenarios.map(\.name) == ["shows [one]", "shows [two]"])
        guard case .steps(_, _, let steps) = scenarios[1].body else { Issue.record("no steps"); return }
        let inapp = steps[0].value["inapp_notifs"]?.arrayValue?.first
        #expect(inapp?["wzrk_id"] == .string("c2"))
        #expect(inapp?["n"] == .object(["deep": .array([.integer(1)])]))   // alone: the value itself
        #expect(inapp?["label"] == .string(#"id c2, n {"deep":[1]}"#))   // inside text: its text
        #expect(scenarios[0].marks.isEmpty)
        #expect(scenarios[1].marks == [ScenarioMark(kind: .skip, reason: "later")])
    }

    @Test func eachCaseRunsAsItsOwnTest() throws {
        let scenarios = try loadAll(Self.text).get()
        let results = Runner.executeMarked(scenarios, options: RunnerOptions(jobs: 1, progress: false), registry: Fixture.registry)
        #expect(results.map(\.status) == [.passed, .skipped])
    }

    @Test func anUnknownVariableIsALoadErrorNamingTheCase() {
        let text = #"{"cases": [{"name": "a", "vars": {}}], "steps": [{"fake": "${missing}"}]}"#
        guard case .failure(let errors) = loadAll(text) else { Issue.record("loaded"); return }
        #expect(errors.description.contains("cases[0]") && errors.description.contains("unknown variable ${missing}"), "\(errors)")
    }

    @Test func withoutCasesDollarBracesMeanNothing() throws {
        let scenarios = try loadAll(#"{"steps": [{"fake": "${kept}"}]}"#).get()
        guard case .steps(_, _, let steps) = scenarios[0].body else { Issue.record("no steps"); return }
        #expect(steps[0].value == .string("${kept}"))
    }

    @Test func duplicateCaseNamesAndEmptyCasesAreErrors() {
        guard case .failure(let dup) = loadAll(#"{"cases": [{"name": "a"}, {"name": "a"}], "steps": []}"#) else { Issue.record("loaded"); return }
        #expect(dup.description.contains("duplicate case name \"a\""))
        guard case .failure(let empty) = loadAll(#"{"cases": [], "steps": []}"#) else { Issue.record("loaded"); return }
        #expect(empty.description.contains("no case"))
    }
}
