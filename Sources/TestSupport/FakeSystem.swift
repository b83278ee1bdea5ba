import Engine
import JSON
import LuaRuntime
import SystemKit

/// The one fake system of the tests: a plug-in defined outside the catalog, on a real engine. It
/// runs alone (the runner's tests: `Scenarios` knows no system) or beside the standard catalog
/// (the catalog's tests: it plugs in with no change outside TestSupport), so no name it
/// contributes is a real system's: its in-app names start with `fake`.
///
/// Two facets:
/// - a tiny in-app model with canned commands: `fakeDeliver` queues
///   `{"inapp_notifs": [{"wzrk_id": ...}]}` and shows the first (a `title` view), `fakeClose`
///   dismisses it and shows the next; `fake` runs a command: `emit {json event}` records that
///   event, `show id {props}` shows a view, `throw message` fails the step, `nav {json}` sets the
///   navigation state; `fakeNavigate` and `fakeValidate` only check their shapes. Expectation keys
///   `fakeDisplayed`, `fakeQueue`, `fakeNavigation`; setup member `fakeBuild` (`{"fail": true}` refuses);
/// - a counter (``FakeSystem+Counter.swift``): a Lua module (`counter.add(n)`, `counter.value()`),
///   a step (`count`), a setup member (`counter`), an expectation key (`count`), an event type
///   (`counter.changed`), a REPL command (`:count`) and a run flag (`--count-ten`).
public final class FakeSystem: SystemPlugin {
    public private(set) var displayedID: String?
    public private(set) var queueIDs: [String] = []
    public private(set) var navigation: JSONValue?
    /// The counter's value.
    public internal(set) var value = 0
    unowned let engine: Engine

    init(engine: Engine) { self.engine = engine }

    public func install(in engine: Engine) throws { try installCounter(in: engine) }

    public static let name = "fake"
    public static let summary = "a fake in-app model and a counter (a test system)"
    public static func make(for engine: Engine) throws -> FakeSystem { FakeSystem(engine: engine) }

    public static var steps: [SystemStep<FakeSystem>] { inAppSteps + counterSteps }
    public static var setupMembers: [SetupMember<FakeSystem>] { inAppSetup + counterSetup }
    public static var expectationKeys: [ExpectationKey<FakeSystem>] { inAppKeys + counterKeys }

    static var inAppSteps: [SystemStep<FakeSystem>] {
        [
            SystemStep("fakeDeliver", value: .object, input: JSONObject.self, summary: "queue", example: "{}") { system, payload, _ in
                // A payload is data, read as the SDK reads it (a missing `wzrk_id` is "?" there).
                for item in payload["inapp_notifs"]?.arrayValue ?? [] {
                    let id = item["wzrk_id"]?.stringValue ?? "?"
                    system.record("inapp.queued", ["id": .string(id), "template": item["templateName"] ?? .null])
                    system.queueIDs.append(id)
                }
                system.presentNext()
            },
            SystemStep("fakeClose", value: .anyOf([.boolean, .string]), input: JSONValue.self, summary: "close", example: "{}") { system, _, _ in
                guard let id = system.displayedID else { throw SystemError("nothing displayed") }
                system.record("template.dismissed", ["id": .string(id)])
                system.displayedID = nil
                system.engine.ui.clear()
                system.presentNext()
            },
            SystemStep("fake", value: .string, input: String.self, summary: "a canned command", example: "{}") { system, command, _ in
                try system.runCommand(command)
            },
            SystemStep("fakeNavigate", value: .string, parameters: ["from": .string], input: String.self, summary: "shape only",
                       example: "{}") { _, _, _ in },
            SystemStep("fakeValidate", value: .string, parameters: ["value": .any, "params": .array, "expect": .boolean],
                       input: String.self, summary: "shape only", example: "{}") { _, _, _ in },
        ]
    }

    static var inAppSetup: [SetupMember<FakeSystem>] {
        [SetupMember("fakeBuild", shape: .objectOf(.any), input: JSONObject.self, summary: "fails on demand", example: "{}") { _, build, _ in
            if build["fail"] == .bool(true) { throw SystemError("setup refused") }
        }]
    }

    static var inAppKeys: [ExpectationKey<FakeSystem>] {
        [
            ExpectationKey("fakeDisplayed", shape: .anyOf([.string, .null]), input: JSONValue.self, rule: "", example: "") { system, _, expected in
                system.displayedID == expected.stringValue ? [] : [ExpectationMismatch(
                    message: "wrong in-app displayed", expected: .prose(expected.stringValue ?? "nothing"), actual: .prose(system.displayedID ?? "nothing"))]
            }.recording { system, _ in system.displayedID.map { .string($0) } ?? .null },
            ExpectationKey("fakeQueue", shape: .arrayOf(.string), input: [String].self, rule: "", example: "") { system, _, expected in
                let wanted = expected
                return system.queueIDs == wanted ? [] : [ExpectationMismatch(
                    message: "wrong queue", expected: "\(wanted)", actual: "\(system.queueIDs)")]
            }.recording { system, _ in system.queueIDs.isEmpty ? nil : .array(system.queueIDs.map { .string($0) }) },
            ExpectationKey("fakeNavigation", shape: .object, input: JSONValue.self, rule: "", example: "") { system, _, expected in
                JSONMatch.matches(expected, system.navigation) ? [] : [ExpectationMismatch(
                    message: "wrong navigation state", expected: .json(expected),
                    actual: system.navigation.map(FailureValue.json) ?? "none")]
            },
        ]
    }

    func record(_ type: String, _ fields: JSONObject) { engine.transcript.record(type, fields) }

    private func presentNext() {
        guard displayedID == nil, !queueIDs.isEmpty else { return }
        let id = queueIDs.removeFirst()
        displayedID = id
        record("template.presented", ["id": .string(id), "template": "Banner"])
        engine.ui.show(id: "title", properties: ["text": "Sale", "size": 12])
    }

    private func runCommand(_ command: String) throws {
        let (verb, rest) = split(command)
        switch verb {
        case "emit":
            let json = try JSONDocument(bytes: Array(rest.utf8)).value
            var fields = json.objectValue ?? [:]
            let type = fields.removeValue(forKey: "type")?.stringValue ?? "log"
            record(type, fields)
        case "show":
            let (id, props) = split(rest)
            engine.ui.show(id: id, properties: try JSONDocument(bytes: Array(props.utf8)).value.objectValue ?? [:])
        case "nav":
            navigation = try JSONDocument(bytes: Array(rest.utf8)).value
        case "throw":
            throw SystemError(rest)
        default:
            throw SystemError("unknown fake command \(verb)")
        }
    }

    private func split(_ text: String) -> (String, String) {
        guard let space = text.firstIndex(of: " ") else { return (text, "") }
        return (String(text[..<space]), String(text[text.index(after: space)...]))
    }
}
