import Foundation
import JSON
import TestSupport
import Testing
@testable import FlowX

@Suite struct ProcessDefinitionTests {
    static let valid = """
        {"name": "p", "stepper": [{"title": "One", "substeps": 2}],
         "screens": [{"id": "a", "step": 1, "substep": 2,
                      "forms": [{"id": "f", "fields": [{"key": "x", "validators": [{"name": "required"}]}]}],
                      "components": [{"id": "c", "identifier": "Calc", "actions": ["go"]}],
                      "buttons": [{"id": "b", "action": "go"}]},
                     {"id": "z"}],
         "actions": {"go": {"validate": ["f", "c"], "next": "z"}, "open": {"type": "startProject", "process": "q"}},
         "processes": [{"name": "q", "modal": true, "screens": [{"id": "m"}]}]}
        """

    @Test func readsAValidDefinition() throws {
        let definition = try ProcessDefinition(json: try json(Self.valid))
        #expect(definition.screens.map(\.id) == ["a", "z"])
        #expect(definition.actions["go"]?.validate == ["f", "c"])
        #expect(definition.actions["go"]?.transitions == [Transition(when: nil, to: "z")])
        #expect(definition.processes.first?.isModal == true)
        #expect(definition.screens[0].forms[0].fields[0].validators[0].message == "Invalid value (required)")
    }

    /// (a change to the valid definition as a JSON text, the path, the start of the message)
    static let malformed: [(String, String, String)] = [
        (#"{"screens": []}"#, "name", "missing required key (expected a string)"),
        (#"{"name": 3, "screens": [{"id": "a"}]}"#, "name", "expected a string, got number"),
        (#"{"name": "p", "screens": []}"#, "screens", "a process needs at least one screen"),
        (#"{"name": "p", "screens": [{"id": "a", "colour": 1}]}"#, "screens[0].colour", "unknown key \"colour\""),
        (#"{"name": "p", "screens": [{"id": "a"}, {"id": "a"}]}"#, "screens[1].id", "duplicate screen id \"a\""),
        (#"{"name": "p", "screens": [{"id": "a", "buttons": [{"id": "b", "action": "nope"}]}]}"#, "screens[0].buttons[0].action",
         "no action named \"nope\""),
        (#"{"name": "p", "screens": [{"id": "a", "forms": [{"id": "f", "fields": [{"key": "x", "validators": [{"name": 1}]}]}]}]}"#,
         "screens[0].forms[0].fields[0].validators[0].name", "expected a string, got number"),
        (#"{"name": "p", "screens": [{"id": "a", "forms": [{"id": "f", "fields": [{"key": "x", "validators": [{"name": "min", "params": [{}]}]}]}]}]}"#,
         "screens[0].forms[0].fields[0].validators[0].params[0]", "expected a string, got object"),
        (#"{"name": "p", "screens": [{"id": "a", "forms": [{"id": "f", "fields": [{"key": "x"}, {"key": "x"}]}]}]}"#,
         "screens[0].forms[0].fields[1].key", "duplicate field key"),
        (#"{"name": "p", "screens": [{"id": "a"}], "actions": {"go": {"type": "teleport"}}}"#, "actions.go.type", "unknown action type"),
        (#"{"name": "p", "screens": [{"id": "a"}], "actions": {"go": {"next": "nowhere"}}}"#, "actions.go.next", "no screen with id"),
        (#"{"name": "p", "screens": [{"id": "a"}], "actions": {"go": {"next": [{"to": "a"}, {"to": "b"}]}}}"#, "actions.go.next[1].to",
         "no screen with id \"b\""),
        (#"{"name": "p", "screens": [{"id": "a"}], "actions": {"go": {"validate": ["ghost"]}}}"#, "actions.go.validate", "no form or custom component"),
        (#"{"name": "p", "screens": [{"id": "a"}], "actions": {"go": {"type": "startProject"}}}"#, "actions.go.process", "missing"),
        (#"{"name": "p", "screens": [{"id": "a"}], "actions": {"go": {"next": 5}}}"#, "actions.go.next", "expected a screen id or an array"),
        (#"{"name": "p", "screens": [{"id": "a", "step": 2}], "stepper": [{"title": "One"}]}"#, "screens[0].step", "step 2 but the stepper has 1"),
        (#"{"name": "p", "screens": [{"id": "a", "step": 1, "substep": 3}], "stepper": [{"title": "One", "substeps": 2}]}"#,
         "screens[0].substep", "substep 3 but step 1 has 2"),
        (#"{"name": "p", "screens": [{"id": "a", "components": [{"id": "c"}]}]}"#, "screens[0].components[0].identifier", "missing"),
        (#"{"name": "p", "screens": [{"id": "a", "analytics": {"customPayload": {}}}]}"#, "screens[0].analytics.value", "missing"),
        (#"{"name": "p", "screens": [{"id": "a", "forms": [{"id": "f", "fields": [{"key": "x"}]}], "buttons": [{"id": "x", "action": "go"}]}], "actions": {"go": {}}}"#,
         "screens[0]", "two views on this screen have the id \"x\""),
        (#"{"name": "p", "screens": [{"id": "a"}], "processes": [{"name": "q", "screens": {}}]}"#, "processes[0].screens", "expected an array, got object"),
        (#"[1]"#, "$", "expected an object, got array"),
    ]

    @Test(arguments: malformed.indices)
    func malformedDefinitionsNameFileAndPath(_ i: Int) throws {
        let (text, path, message) = Self.malformed[i]
        let document = try json(text)
        do {
            _ = try ProcessDefinition(json: document, file: "loan.json")
            Issue.record("accepted: \(text)")
        } catch {
            #expect(error.file == "loan.json")
            #expect(error.path?.description == path, "\(text)")
            #expect(error.message.hasPrefix(message), "\(error.message)")
            #expect(error.description.hasPrefix("loan.json: \(path): "))
        }
    }

    @Test func fileErrorsNameTheFile() throws {
        let directory = try TemporaryFolder.make()
        defer { try? FileManager.default.removeItem(at: directory) }
        let broken = directory.appendingPathComponent("broken.json")
        try #"{"name": "p", "screens": [}"#.write(to: broken, atomically: true, encoding: .utf8)
        #expect(throws: LocatedProblem(file: broken.path, position: SourcePosition(line: 1, column: 27),
                                       message: "invalid JSON: unexpected token near '}'")) {
            try ProcessDefinition.load(path: broken.path)
        }
        let invalid = directory.appendingPathComponent("invalid.json")
        try "{\"name\": \"p\",\n \"screens\": [{\"id\": 3}]}".write(to: invalid, atomically: true, encoding: .utf8)
        #expect(throws: LocatedProblem(file: invalid.path, path: JSONPath.root.key("screens").index(0).key("id"),
                                       position: SourcePosition(line: 2, column: 21), message: "expected a string, got number")) {
            try ProcessDefinition.load(path: invalid.path)
        }
        do { _ = try ProcessDefinition.load(path: directory.appendingPathComponent("missing.json").path) } catch {
            #expect(error.message.hasPrefix("cannot read the file"))
        }
    }

    @Test func theExampleLoanApplicationLoads() throws {
        let definition = try ProcessDefinition.load(path: examplesFlowX.appendingPathComponent("loan_application.json").path)
        #expect(definition.screens.count == 3)
        #expect(definition.processes.map(\.name) == ["loan_terms"])
    }

    @Test func conditionalTransitionsFollowTheData() throws {
        let definition = try ProcessDefinition(json: try json("""
            {"name": "p", "screens": [{"id": "a"}, {"id": "b"}, {"id": "c"}],
             "actions": {"go": {"next": [{"when": {"kind": "b"}, "to": "b"}, {"to": "c"}]}}}
            """))
        let transitions = try #require(definition.actions["go"]?.transitions)
        #expect(transitions.first { $0.applies(to: ["kind": "b"]) }?.to == "b")
        #expect(transitions.first { $0.applies(to: ["kind": "x"]) }?.to == "c")
    }
}
