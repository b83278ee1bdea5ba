import Engine
import Foundation
import JSON
import SystemKit
import TestSupport
@testable import Scenarios

/// A system for the runner's tests: a tiny in-app model on a real engine, with canned commands.
///
/// Steps: `deliver` queues `{"inapp_notifs": [{"wzrk_id": ...}]}` and shows the first (a `title`
/// view), `close` dismisses it and shows the next; `fake` runs a command: `emit {json event}`
/// records that event, `show id {props}` shows a view, `throw message` fails the step, `nav {json}`
/// sets the navigation state; `navigate` and `validate` only check their shapes. Expectation keys
/// `displayed`, `queue`, `navigation`; setup member `build` (`{"fail": true}` refuses).
final class FakeSystem: SystemPlugin {
    private(set) var displayedID: String?
    private(set) var queueIDs: [String] = []
    private(set) var navigation: JSONValue?
    private unowned let engine: Engine

    struct Failure: Error, CustomStringConvertible { var description: String }

    init(engine: Engine) { self.engine = engine }

    func install(in engine: Engine) throws {}

    static let name = "fake"
    static let summary = "a fake in-app model for the runner's tests"
    static func make(for engine: Engine) throws -> FakeSystem { FakeSystem(engine: engine) }

    static var steps: [SystemStep<FakeSystem>] {
        [
            SystemStep("deliver", value: .object, summary: "queue", example: "{}") { system, context in
                for item in context.value["inapp_notifs"]?.arrayValue ?? [] {
                    let id = item["wzrk_id"]?.stringValue ?? "?"
                    system.record("inapp.queued", ["id": .string(id), "template": item["templateName"] ?? .null])
                    system.queueIDs.append(id)
                }
                system.presentNext()
            },
            SystemStep("close", value: .anyOf([.boolean, .string]), summary: "close", example: "{}") { system, _ in
                guard let id = system.displayedID else { throw Failure(description: "nothing displayed") }
                system.record("template.dismissed", ["id": .string(id)])
                system.displayedID = nil
                system.engine.ui.clear()
                system.presentNext()
            },
            SystemStep("fake", value: .string, summary: "a canned command", example: "{}") { system, context in
                try system.runCommand(context.value.stringValue ?? "")
            },
            SystemStep("navigate", value: .string, parameters: ["from": .string], summary: "shape only", example: "{}") { _, _ in },
            SystemStep("validate", value: .string, parameters: ["value": .any, "params": .array, "expect": .boolean],
                       summary: "shape only", example: "{}") { _, _ in },
        ]
    }

    static var setupMembers: [SetupMember<FakeSystem>] {
        [SetupMember("build", shape: .objectOf(.any), summary: "fails on demand", example: "{}") { _, context in
            if context.value["fail"] == .bool(true) { throw Failure(description: "setup refused") }
        }]
    }

    static var expectationKeys: [ExpectationKey<FakeSystem>] {
        [
            ExpectationKey("displayed", shape: .anyOf([.string, .null]), rule: "", example: "") { system, _, expected in
                system.displayedID == expected.stringValue ? [] : [ExpectationMismatch(
                    message: "wrong in-app displayed", expected: expected.stringValue ?? "nothing", actual: system.displayedID ?? "nothing")]
            },
            ExpectationKey("queue", shape: .arrayOf(.string), rule: "", example: "") { system, _, expected in
                let wanted = expected.arrayValue?.compactMap(\.stringValue) ?? []
                return system.queueIDs == wanted ? [] : [ExpectationMismatch(
                    message: "wrong queue", expected: "\(wanted)", actual: "\(system.queueIDs)")]
            },
            ExpectationKey("navigation", shape: .object, rule: "", example: "") { system, _, expected in
                JSONMatch.matches(expected, system.navigation) ? [] : [ExpectationMismatch(
                    message: "wrong navigation state", expected: JSONWriter.text(expected),
                    actual: system.navigation.map(JSONWriter.text) ?? "none")]
            },
        ]
    }

    private func record(_ type: String, _ fields: JSONObject) { engine.transcript.record(type, fields) }

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
            throw Failure(description: rest)
        default:
            throw Failure(description: "unknown fake command \(verb)")
        }
    }

    private func split(_ text: String) -> (String, String) {
        guard let space = text.firstIndex(of: " ") else { return (text, "") }
        return (String(text[..<space]), String(text[text.index(after: space)...]))
    }
}

/// Test fixtures: temporary folders of scenario files, captured output.
enum Fixture {
    /// A fresh temporary folder with `files` (relative path → contents) written in it.
    static func folder(_ files: [String: String]) throws -> String {
        let root = try TemporaryFolder.make().path
        for (path, contents) in files {
            let url = URL(fileURLWithPath: root + "/" + path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(contents.utf8).write(to: url)
        }
        return root
    }

    /// Runs the scenarios of a fresh folder holding `files` in process (one job, no progress line),
    /// after `configure` adjusts the options: the exit code, the captured output and the folder.
    static func run(_ files: [String: String], _ configure: (inout RunnerOptions) -> Void = { _ in }) throws -> (Int32, Captured, String) {
        let folder = try Fixture.folder(files)
        let captured = Captured()
        var options = RunnerOptions(paths: [folder], jobs: 1, progress: false)
        configure(&options)
        let code = Runner.run(options: options, registry: registry, output: captured.output)
        return (code, captured, folder)
    }

    /// Deletes a folder made by ``folder(_:)``.
    static func remove(_ root: String) { try? FileManager.default.removeItem(atPath: root) }

    /// The core's steps plus the fake system's.
    static var registry: StepRegistry { StepRegistry(catalog: SystemCatalog([SystemEntry(FakeSystem.self)])) }

    /// Output collected in memory.
    final class Captured: @unchecked Sendable {
        private let lock = NSLock()
        private var out = ""
        private var err = ""
        var stdout: String { lock.withLock { out } }
        var stderr: String { lock.withLock { err } }

        var output: RunnerOutput {
            RunnerOutput(
                stdout: { text in self.lock.withLock { self.out += text } },
                stderr: { text in self.lock.withLock { self.err += text } },
                isTerminal: false)
        }
    }

    /// Loads JSON scenario text as if it were the file `name`.
    static func load(_ text: String, name: String = "s.json", registry: StepRegistry = Fixture.registry) -> Result<Scenario, ScenarioLoadErrors> {
        ScenarioLoader(registry: registry).load(
            bytes: Array(text.utf8), found: ScenarioDiscovery.Found(relativePath: name, file: "/tmp/" + name), defaultName: "s")
    }

    /// Loads and runs one JSON scenario on an engine with the fake system.
    static func run(_ text: String, registry: StepRegistry = Fixture.registry) throws -> ScenarioResult {
        let scenario = try load(text, registry: registry).get()
        return ScenarioExecutor(registry: registry).run(scenario)
    }

    /// A scenario of `steps` (JSON text of the array's elements).
    static func steps(_ steps: String...) -> String { "{\"steps\": [\(steps.joined(separator: ","))]}" }

    static let deliverC1 = #"{"deliver": {"inapp_notifs": [{"wzrk_id": "c1", "templateName": "Banner"}, {"wzrk_id": "c2", "templateName": "Banner"}]}}"#
}
