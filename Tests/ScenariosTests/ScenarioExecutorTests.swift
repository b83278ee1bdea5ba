import Foundation
import JSON
import Testing
import SystemKit
@testable import Scenarios

struct ScenarioExecutorTests {
    @Test func stepsOfNoSystemAreLoadErrorsListingTheKnownOnes() {
        for step in ["show", "page", "submit"] {
            guard case .failure(let errors) = Fixture.load("{\"steps\": [{\"\(step)\": {}}]}") else {
                Issue.record("\(step) loaded")
                continue
            }
            #expect(errors.description.contains("steps[0].\(step): unknown step \"\(step)\" (known: advance, count, expect, fake, fakeClose, fakeDeliver, fakeNavigate, fakeValidate, lua, relaunch, select, tap, type)"))
        }
    }

    @Test func aRegisteredStepGetsTheEngineAndItsDecodedInput() throws {
        struct Page: StepInput {
            let number: Double, path: String
            init(step: StepReader) throws(LocatedProblem) {
                number = try step.value.number()
                path = step.value.path.description
            }
        }
        var registry = Fixture.registry
        registry.register(StepDefinition(name: "page", value: .number, summary: "", input: Page.self, example: "") { page, context in
            context.engine.transcript.record("step.presented", ["step": .double(page.number), "at": .string(page.path), "context": .string(context.path.description)])
        })
        let result = try Fixture.run(Fixture.steps(#"{"page": 2}"#, #"{"expect": {"events": [{"type": "step.presented", "step": 2.0, "at": "steps[0].page", "context": "steps[0]"}]}}"#),
                                     registry: registry)
        #expect(result.passed, "\(result.failures.map(\.summary))")
    }

    @Test func aDecoderProblemIsALoadErrorWithItsLineAndColumn() throws {
        struct Even: StepInput {
            init(step: StepReader) throws(LocatedProblem) {
                let n = try step.value.integer()
                if n % 2 != 0 { throw step.value.problem("expected an even number, got \(n)") }
            }
        }
        var registry = Fixture.registry
        registry.register(StepDefinition(name: "even", value: .number, summary: "", input: Even.self, example: "") { _, _ in })
        guard case .failure(let errors) = Fixture.load("{\"steps\": [\n  {\"even\": 3}]}", registry: registry) else {
            Issue.record("an odd number loaded")
            return
        }
        #expect(errors.description == "s.json:2:12: steps[0].even: expected an even number, got 3")
    }

    @Test func aStepReadingAnUndeclaredParameterIsRefusedAtLoad() throws {
        struct Sloppy: StepInput {
            init(step: StepReader) throws(LocatedProblem) { _ = try step.parameter("from") }
        }
        var registry = Fixture.registry
        registry.register(StepDefinition(name: "sloppy", value: .string, summary: "", input: Sloppy.self, example: "") { _, _ in })
        guard case .failure(let errors) = Fixture.load(#"{"steps": [{"sloppy": "x"}]}"#, registry: registry) else {
            Issue.record("an undeclared parameter was read")
            return
        }
        #expect(errors.description.contains("steps[0]: step \"sloppy\" reads a parameter it does not declare, \"from\" (a bug in its system)"))
    }

    @Test func unnamedErrorEventFailsNamedOnePasses() throws {
        let emitError = #"{"fake": "emit {\"type\": \"error\", \"message\": \"boom\"}"}"#
        let unnamed = try Fixture.run(Fixture.steps(#"{"relaunch": true}"#, emitError, #"{"expect": {"fakeDisplayed": null}}"#))
        #expect(unnamed.failures.count == 1)
        #expect(unnamed.failures.first?.step == 1)
        #expect(unnamed.failures.first?.expectation == "error event")
        #expect(unnamed.failures.first?.message.contains("boom") == true)

        let named = try Fixture.run(Fixture.steps(emitError, #"{"expect": {"events": [{"type": "error", "message": "boom"}]}}"#))
        #expect(named.passed, "\(named.failures.map(\.summary))")
    }

    @Test func stepErrorStopsTheScenario() throws {
        let result = try Fixture.run(Fixture.steps(#"{"fake": "throw kaput"}"#, #"{"expect": {"fakeDisplayed": "zzz"}}"#))
        #expect(result.failures.map(\.summary) == ["steps[0]: fake failed: kaput"])
    }

    @Test func setupAndFactoryErrorsFail() throws {
        let setup = try Fixture.run(#"{"setup": {"fakeBuild": {"fail": true}}, "steps": []}"#)
        #expect(setup.failures.map(\.message) == ["setup.fakeBuild: setup refused"])

        struct NoEngine: Error {}
        let scenario = try Fixture.load(#"{"steps": []}"#).get()
        let result = ScenarioExecutor(registry: Fixture.registry, makeEngine: { _ in throw NoEngine() }).run(scenario)
        #expect(result.failures.first?.message.hasPrefix("cannot create the engine") == true)
    }

    @Test func luaScenarioPassesWhenItRunsToTheEnd() throws {
        let root = try Fixture.folder(["ok.lua": "assert(true)\n", "bad.lua": "error('x')\n"])
        defer { Fixture.remove(root) }
        let executor = ScenarioExecutor(registry: Fixture.registry)
        let ok = executor.run(Scenario(relativePath: "ok.lua", file: root + "/ok.lua", name: "ok", body: .lua))
        let bad = executor.run(Scenario(relativePath: "bad.lua", file: root + "/bad.lua", name: "bad", body: .lua))
        #expect(ok.passed)
        #expect(!bad.passed)
        #expect(bad.failures.first?.message.contains("bad.lua:1: x") == true, "\(bad.failures)")
    }

    @Test func limitsReachTheFactory() throws {
        let scenario = try Fixture.load(#"{"steps": []}"#).get()
        let limits = ScenarioLimits(maxMemory: 1 << 20, maxInstructions: 1000, timeout: 0.5)
        let executor = ScenarioExecutor(registry: Fixture.registry, limits: limits, makeEngine: { configuration in
            if configuration.limits != limits.luaLimits { throw SystemError("limits \(configuration.limits)") }
            return try Fixture.registry.catalog.makeEngine(configuration)
        })
        #expect(executor.run(scenario).passed)
        #expect(limits.luaLimits.memory == 1 << 20 && limits.luaLimits.instructions == 1000 && limits.luaLimits.timeout == 0.5)
    }
}
