import Engine
import JSON
import SystemKit
import Testing
@testable import FlowX

@Suite struct FlowXPluginTests {
    @Test func everyRecordedEventTypeIsDeclared() throws {
        let (engine, system) = try makeEngine()
        system.renderer.add(try ProcessDefinition.load(path: examplesFlowX.appendingPathComponent("loan_application.json").path))
        try engine.load(paths: [examplesFlowX.appendingPathComponent("validators.lua").path,
                                examplesFlowX.appendingPathComponent("data_source.lua").path])
        try engine.run("""
            flowx.session("t")
            flowx.setEnumerations{e = {}} flowx.enumeration("e")
            flowx.start("loan_application", {name = "Ana", email = "a@b.co", cnp = "1960101123456", username = "ana_x"})
            flowx.fill{birthDate = "2000-01-01"}
            app.tap("next1") app.advance(1)
            app.tap("terms") flowx.dismiss() app.tap("confirmLeave")
            flowx.fill{amount = 60000, months = 12, iban = "RO49AAAA1B31007593840000"}
            flowx.action("saveLoan")
            flowx.fill{amount = 6000}
            flowx.action("saveLoan")
            flowx.upload("uploadId", "id.pdf")
            app.tap("submit")
            flowx.startSession()
            assert(flowx.startProcess("nope") == "")
            flowx.startProcess("loan_application", {}, {isModal = true})
            flowx.stopProcess("loan_application")
            flowx.endSession()
            """)
        let declared = Set(FlowXSystem.eventTypes.map(\.name))
        let core: Set<String> = ["ui.show", "ui.update", "ui.hide", "ui.tap", "log", "error", "warning", "app.relaunched"]
        let recorded = Set(engine.transcript.events.map(\.type))
        #expect(recorded.subtracting(declared).subtracting(core).isEmpty, "\(recorded.subtracting(declared).subtracting(core))")
        #expect(recorded.contains("flowx.action.blocked") && recorded.contains("flowx.process.stopped"))
    }

    @Test func processExpectationMatchesPartiallyAndErrorsExactly() throws {
        let (_, system) = try makeEngine()
        #expect(system.checkProcess(.null).isEmpty)
        #expect(system.checkProcess(["screen": "a"]).first?.message == "no process was started")
        system.renderer.add(try ProcessDefinition(json: try json("""
            {"name": "p", "screens": [{"id": "a", "forms": [{"id": "f", "fields": [{"key": "x", "validators": [{"name": "required", "message": "X?"}]}]}],
              "buttons": [{"id": "b", "action": "go"}]}], "actions": {"go": {"validate": ["f"]}}}
            """)))
        try system.renderer.start("p", params: ["y": 1, "z": 2])
        try system.renderer.action("go")
        #expect(system.checkProcess(["process": "p", "screen": "a", "data": ["y": 1], "errors": ["x": "X?"]]).isEmpty)
        #expect(system.checkProcess(["errors": [:]]).map(\.detail) == ["errors"])
        #expect(system.checkProcess(["screen": "b"]).first?.expected == .json("b"))
        #expect(!system.checkProcess(.null).isEmpty)
    }

    @Test func replSummaryShowsFieldsErrorsAndButtons() throws {
        let (_, system) = try makeEngine()
        system.renderer.add(try ProcessDefinition(json: try json("""
            {"name": "p", "screens": [{"id": "a", "forms": [{"id": "f", "fields": [{"key": "x", "validators": [{"name": "required", "message": "X?"}]}]}],
              "buttons": [{"id": "b", "action": "go"}]}], "actions": {"go": {"validate": ["f"]}}}
            """)))
        try system.renderer.start("p")
        try system.renderer.action("go")
        let text = system.summary()
        #expect(text.contains("process: p 00000000-0000-4000-8000-000000000001 — screen a"))
        #expect(text.contains("f.x = —  ✗ X?"))
        #expect(text.contains("(b) → go"))
    }

    func step(_ name: String) throws -> SystemStep<FlowXSystem> {
        try #require(FlowXSystem.steps.first { $0.name == name })
    }

    func run(_ name: String, _ step: JSONValue, _ engine: Engine, _ system: FlowXSystem) throws {
        try self.step(name).perform(step.objectValue ?? [:], on: system, context: StepContext(engine: engine, directory: examplesFlowX.path))
    }

    @Test func validateAndSubmitStepsFailWithClearMessages() throws {
        let (engine, system) = try makeEngine()
        try run("validate", ["validate": "min", "value": 5, "params": ["18"], "expect": false], engine, system)
        #expect(throws: SystemError("validator \"min\" gave false, expected true")) {
            try run("validate", ["validate": "min", "value": 5, "params": ["18"], "expect": true], engine, system)
        }
        #expect(throws: SystemError("validator \"min\" gave false, expected true (flowx: validator 'min' needs a parameter)")) {
            try run("validate", ["validate": "min", "value": 5, "expect": true], engine, system)
        }
        let form: JSONValue = ["id": "f", "fields": [["key": "a", "validators": [["name": "required", "message": "A?"]]]]]
        try run("submit", ["submit": ["form": form, "data": [:]], "expect": ["valid": false, "errors": ["a": "A?"]]], engine, system)
        #expect(throws: SystemError("form \"f\" errors: expected {}, got {\"a\":\"A?\"}")) {
            try run("submit", ["submit": ["form": form, "data": [:]], "expect": ["errors": [:]]], engine, system)
        }
        #expect(throws: LocatedProblem(path: JSONPath.root.key("submit").key("form").key("fields").index(0).key("key"),
                                       message: "missing required key (expected a string)")) {
            try run("submit", ["submit": ["form": ["id": "f", "fields": [[:]]]]], engine, system)
        }
        #expect(engine.transcript.events.filter { $0.type == "flowx.form" }.count == 2)
    }

    @Test func processSetupLoadsFilesAndNamesMalformedOnes() throws {
        let (engine, system) = try makeEngine()
        let member = try #require(FlowXSystem.setupMembers.first { $0.name == "process" })
        try member.perform("loan_application.json", on: system, context: SetupContext(engine: engine, directory: examplesFlowX.path))
        #expect(system.renderer.definitions.keys.sorted() == ["loan_application", "loan_terms"])
        #expect(throws: SystemError("setup.process: screens: a process needs at least one screen")) {
            try member.perform(["name": "x", "screens": []], on: system, context: SetupContext(engine: engine, directory: "/"))
        }
        do {
            try member.perform(["missing.json"], on: system, context: SetupContext(engine: engine, directory: examplesFlowX.path))
            Issue.record("a missing file was accepted")
        } catch {
            #expect("\(error)".hasPrefix(examplesFlowX.appendingPathComponent("missing.json").path + ": $: cannot read the file"))
        }
        let config = try #require(FlowXSystem.setupMembers.first { $0.name == "flowx" })
        #expect(throws: SystemError("setup.flowx.config: flowx: the configuration is missing the mandatory field organizationId")) {
            try config.perform(["config": ["baseURL": "a", "enginePath": "b", "imageBaseURL": "c"]], on: system,
                               context: SetupContext(engine: engine, directory: "/"))
        }
    }
}

