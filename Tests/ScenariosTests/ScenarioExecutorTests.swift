import Foundation
import JSON
import Testing
@testable import Scenarios

struct ScenarioExecutorTests {
    @Test(arguments: ["show", "page", "navigate", "validate", "submit"])
    func unsupportedStepsFailNamingTheStep(step: String) throws {
        let value: String
        switch step {
        case "page": value = "2"
        case "navigate", "validate": value = "\"x\""
        default: value = "{}"
        }
        let result = try Fixture.run(Fixture.steps(#"{"relaunch": true}"#, "{\"\(step)\": \(value)}", #"{"tap": "never"}"#))
        #expect(result.failures.count == 1)
        #expect(result.failures.first?.step == 1)
        #expect(result.failures.first?.message.contains("unsupported step \"\(step)\"") == true)
    }

    @Test func registeredStepReachesTheDriverOrItsHandler() throws {
        var registry = StepRegistry.standard
        registry.register(StepDefinition(name: "page", value: .number, handler: .custom { driver, step in
            try driver.runStep(name: "lua", value: .string("emit {\"type\": \"step.presented\", \"step\": \(JSONWriter.text(step.value))}"), step: step.object)
        }))
        let result = try Fixture.run(Fixture.steps(#"{"page": 2}"#, #"{"expect": {"events": [{"type": "step.presented", "step": 2.0}]}}"#),
                                     registry: registry)
        #expect(result.passed, "\(result.failures.map(\.summary))")
    }

    @Test func unnamedErrorEventFailsNamedOnePasses() throws {
        let emitError = #"{"lua": "emit {\"type\": \"error\", \"message\": \"boom\"}"}"#
        let unnamed = try Fixture.run(Fixture.steps(#"{"relaunch": true}"#, emitError, #"{"expect": {"displayed": null}}"#))
        #expect(unnamed.failures.count == 1)
        #expect(unnamed.failures.first?.step == 1)
        #expect(unnamed.failures.first?.expectation == "error event")
        #expect(unnamed.failures.first?.message.contains("boom") == true)

        let named = try Fixture.run(Fixture.steps(emitError, #"{"expect": {"events": [{"type": "error", "message": "boom"}]}}"#))
        #expect(named.passed, "\(named.failures.map(\.summary))")
    }

    @Test func stepErrorStopsTheScenario() throws {
        let result = try Fixture.run(Fixture.steps(#"{"lua": "throw kaput"}"#, #"{"expect": {"displayed": "zzz"}}"#))
        #expect(result.failures.map(\.summary) == ["steps[0]: lua failed: kaput"])
    }

    @Test func setupAndFactoryErrorsFail() throws {
        let setup = try Fixture.run(#"{"setup": {"build": {"fail": true}}, "steps": []}"#)
        #expect(setup.failures.map(\.message) == ["setup: setup refused"])

        struct NoEngine: Error {}
        let scenario = try Fixture.load(#"{"steps": []}"#).get()
        let result = ScenarioExecutor(driverFactory: { _, _ in throw NoEngine() }).run(scenario)
        #expect(result.failures.first?.message.hasPrefix("cannot create the engine") == true)
    }

    @Test func luaScenarioPassesWhenItRunsToTheEnd() throws {
        let root = try Fixture.folder(["ok.lua": "assert(true)\n", "bad.lua": "error('x')\n"])
        defer { Fixture.remove(root) }
        let executor = ScenarioExecutor(driverFactory: Fixture.factory)
        let ok = executor.run(Scenario(relativePath: "ok.lua", file: root + "/ok.lua", name: "ok", body: .lua))
        let bad = executor.run(Scenario(relativePath: "bad.lua", file: root + "/bad.lua", name: "bad", body: .lua))
        #expect(ok.passed)
        #expect(!bad.passed)
        #expect(bad.failures.first?.message.contains("boom") == true)
    }

    @Test func limitsReachTheFactory() throws {
        let scenario = try Fixture.load(#"{"steps": []}"#).get()
        let limits = ScenarioLimits(maxMemory: 1 << 20, maxInstructions: 1000, timeout: 0.5)
        let executor = ScenarioExecutor(limits: limits, driverFactory: { _, received in
            if received != limits { throw FakeDriver.Failure(description: "limits \(received)") }
            return FakeDriver()
        })
        #expect(executor.run(scenario).passed)
    }
}
