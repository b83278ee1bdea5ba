import Engine
import Foundation
import JSON
import Scenarios
import SystemKit
import Systems
import TestSupport
import Testing

/// A system plugs in through the catalog alone: the test system (TestSupport's `FakeSystem`, its
/// counter) is driven end to end by scenario files, the REPL command table and the reference.
struct SystemCatalogTests {
    // Built per use, not cached in a `static let`: LeakSanitizer cannot follow Swift's spare-bit
    // tagged enum payloads held by a global and reports them as leaks.
    static var catalog: SystemCatalog { SystemCatalog.standard.adding(SystemEntry(FakeSystem.self)) }
    static var registry: StepRegistry { StepRegistry(catalog: catalog) }

    private func folder(_ files: [String: String]) throws -> String { try TemporaryFolder.make(files: files).path }

    private func run(_ files: [String: String]) throws -> [ScenarioResult] {
        let root = try folder(files)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let scenarios = try Runner.load(paths: [root], registry: Self.registry).get()
        return Runner.execute(scenarios, options: RunnerOptions(jobs: 2, progress: false), registry: Self.registry)
    }

    @Test func aTestSystemIsDrivenEndToEndByAJSONScenario() throws {
        let results = try run([
            "add.lua": "counter.add(1)\n",
            "counts.json": """
                {"name": "counts", "scripts": ["add.lua"], "setup": {"counter": {"start": 10}},
                 "steps": [
                   {"expect": {"count": 10}},
                   {"count": 2, "times": 3},
                   {"lua": "counter.add(counter.value())"},
                   {"expect": {"count": 32, "events": [{"type": "counter.changed", "by": 2, "value": 12},
                                                       {"type": "counter.changed", "by": 16, "value": 32}]}},
                   {"relaunch": true},
                   {"expect": {"count": 33, "events": [{"type": "app.relaunched"}, {"type": "counter.changed", "by": 1, "value": 33}]}}
                 ]}
                """,
            "wrong.json": #"{"name": "wrong", "steps": [{"count": 1}, {"expect": {"count": 2}}]}"#,
            "module_test.lua": "counter.add(5)\nassert(counter.value() == 5)\nassert(require('counter') == counter)\n",
        ])
        let byName = Dictionary(uniqueKeysWithValues: results.map { ($0.name, $0) })
        // The script ran before the setup member (its 1 is overwritten by start = 10), the step and
        // the module reach the same system, and a relaunch keeps the system and runs the script again.
        #expect(byName["counts"]?.passed == true, "\(byName["counts"]?.failures.map(\.summary) ?? [])")
        #expect(byName["wrong"]?.failures.map(\.summary) == ["steps[1].expect.count: wrong count"])
        #expect(byName["wrong"]?.failures.first?.expected == .json(2))
        #expect(byName["wrong"]?.failures.first?.actual == .json(1))
        #expect(byName["module"]?.passed == true, "\(byName["module"]?.failures ?? [])")
    }

    @Test func aPassingCounterScenario() throws {
        let results = try run(["ok.json": """
            {"setup": {"counter": {"start": 1}},
             "steps": [{"count": 2, "times": 2}, {"expect": {"count": 5, "noEvents": [{"type": "error"}]}}]}
            """])
        #expect(results.count == 1)
        #expect(results.first?.passed == true, "\(results.first!.failures.map(\.summary))")
    }

    @Test func theSystemsShapesAreLoadErrorsListingTheKnownNames() throws {
        let root = try folder(["bad.json": """
            {"setup": {"counter": {}, "counterz": 1},
             "steps": [{"count": "x", "twice": true}, {"expect": {"count": "3", "cuont": 3}}, {"counts": 1}]}
            """])
        defer { try? FileManager.default.removeItem(atPath: root) }
        let text = try #require(Runner.load(paths: [root], registry: Self.registry).failure, "loaded").description
        let registry = Self.registry
        let setupNames = registry.setupMembers.map(\.name).sorted().joined(separator: ", ")
        let keyNames = registry.expectationKeys.map(\.name).sorted().joined(separator: ", ")
        let stepNames = registry.definitions.keys.sorted().joined(separator: ", ")
        #expect(setupNames.contains("counter") && keyNames.contains("count") && stepNames.contains("count"))
        for message in [
            "setup.counter.start: missing required key",
            "setup.counterz: unknown key \"counterz\" (did you mean \"counter\"? known: \(setupNames))",
            "steps[0].count: expected a number, got string",
            "steps[0].twice: unknown parameter \"twice\" of step \"count\" (known: times)",
            "steps[1].expect.count: expected a number, got string",
            "steps[1].expect.cuont: unknown key \"cuont\" (did you mean \"count\"? known: \(keyNames))",
            "steps[2].counts: unknown step \"counts\" (did you mean \"count\"? known: \(stepNames))",
        ] {
            #expect(text.contains(message), "\(text)")
        }
    }

    @Test func replCommandsComeFromTheCatalog() throws {
        let engine = try Self.catalog.makeEngine()
        let command = try #require(Self.catalog.replCommand(named: "count"))
        #expect(command.usage == ":count [N]")
        #expect(try command.run(engine, "4") == "count: 4\n")
        #expect(try command.run(engine, "") == "count: 4\n")
        #expect(try Self.catalog.replCommand(named: "queue")?.run(engine, "") == "displayed: none\nqueue: empty\n")
        #expect(Self.catalog.replCommand(named: "nope") == nil)
        #expect(Array(Self.catalog.modules.map(\.name).prefix(4)) == ["json", "app", "ui", "templates"])
        #expect(Self.catalog.modules.last?.name == "counter")
        // An engine without the counter system: its command says so instead of crashing.
        let plain = try SystemCatalog.standard.makeEngine()
        #expect(throws: SystemError("the fake system is not part of this engine")) { try command.run(plain, "") }
    }

    @Test func runFlagsComeFromTheCatalog() throws {
        let flags = Self.catalog.runFlags
        #expect(flags.map(\.name) == ["debug-build", "test-user", "count-ten"])
        #expect(flags.map(\.system) == ["templates", "templates", "fake"])
        let engine = try Self.catalog.makeEngine()
        try #require(flags.last).apply(engine)
        #expect(try Self.catalog.replCommand(named: "count")?.run(engine, "") == "count: 10\n")
        let plain = try SystemCatalog.standard.makeEngine()
        #expect(throws: SystemError("the fake system is not part of this engine")) { try flags.last?.apply(plain) }
    }

    @Test func theReferenceListsTheTestSystem() {
        let text = ReferenceDocument.render(Self.registry)
        #expect(text.contains("| `count` | fake | a number | `times`: a number | adds the value (`times` times) |"))
        #expect(text.contains("| `counter.changed` | fake | `by`, `value` | the counter changed |"))
        #expect(text.contains("| `:count [N]` | fake | shows the counter, adding N first |"))
        #expect(text.contains("| `count` | fake | a number | the counter's value |"))
        #expect(text.contains("| `counter` | fake | an object {`start`} | after the scripts | the counter's start value |"))
    }

    @Test func theStandardCatalogHasNoClashes() {
        #expect(StepRegistry(catalog: .standard).conflicts == [])
        #expect(Self.registry.conflicts == [])
        let clash = SystemCatalog.standard.adding(SystemEntry(FakeSystem.self)).adding(SystemEntry(ClashingSystem.self))
        #expect(StepRegistry(catalog: clash).conflicts == [
            "step \"tap\" is contributed by both the core and clash",
            "expectation key \"queue\" is contributed by both templates and clash",
        ])
    }
}

/// A system whose names clash with the core's and the templates system's.
final class ClashingSystem: SystemPlugin {
    func install(in engine: Engine) throws {}
    static let name = "clash"
    static let summary = "clashes"
    static func make(for engine: Engine) throws -> ClashingSystem { ClashingSystem() }
    static var steps: [SystemStep<ClashingSystem>] { [SystemStep("tap", value: .string, input: String.self, summary: "", example: "") { _, _, _ in }] }
    static var expectationKeys: [ExpectationKey<ClashingSystem>] {
        [ExpectationKey("queue", shape: .any, input: JSONValue.self, rule: "", example: "") { _, _, _ in [] }]
    }
}
