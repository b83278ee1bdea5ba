import Engine
import Foundation
import JSON
@testable import Scenarios

/// A driver without an engine: it plays a tiny in-app model and replays canned events.
///
/// `lua` steps are commands for the fake: `emit {json event}` appends that event,
/// `show id {props}` shows a view, `throw message` fails the step, `nav {json}` sets navigation.
final class FakeDriver: ScenarioDriver {
    private(set) var events: [TranscriptEvent] = []
    private(set) var displayedID: String?
    private(set) var queueIDs: [String] = []
    private(set) var views: JSONObject = [:]
    private(set) var navigation: JSONValue?
    private(set) var loadedScripts: [String] = []
    private var now = 0.0

    var uiTree: JSONValue { .object(views) }

    struct Failure: Error, CustomStringConvertible { var description: String }

    private func record(_ type: String, _ fields: JSONObject) {
        events.append(TranscriptEvent(t: now, type: type, fields: fields))
    }

    func loadScripts(_ paths: [String]) throws { loadedScripts = paths }

    func setup(_ setup: JSONValue) throws {
        if setup["build"]?["fail"] == .bool(true) { throw Failure(description: "setup refused") }
    }

    func runStep(name: String, value: JSONValue, step: JSONValue) throws {
        switch name {
        case "deliver":
            for item in value["inapp_notifs"]?.arrayValue ?? [] {
                let id = item["wzrk_id"]?.stringValue ?? "?"
                let template = item["templateName"] ?? .null
                record("inapp.queued", ["id": .string(id), "template": template])
                queueIDs.append(id)
            }
            presentNext()
        case "tap":
            guard let id = value.stringValue, views[id] != nil else { throw Failure(description: "no view \(value)") }
            record("ui.tap", ["id": value])
        case "close":
            guard let id = displayedID else { throw Failure(description: "nothing displayed") }
            record("template.dismissed", ["id": .string(id)])
            displayedID = nil
            views = [:]
            presentNext()
        case "advance":
            now += value.doubleValue ?? 0
        case "relaunch":
            record("log", ["message": "relaunched"])
        case "lua":
            try runCommand(value.stringValue ?? "")
        default:
            throw Failure(description: "fake cannot \(name)")
        }
    }

    private func presentNext() {
        guard displayedID == nil, !queueIDs.isEmpty else { return }
        let id = queueIDs.removeFirst()
        displayedID = id
        record("template.presented", ["id": .string(id), "template": "Banner"])
        views["title"] = ["text": "Sale", "size": 12]
    }

    private func runCommand(_ command: String) throws {
        let (verb, rest) = split(command)
        switch verb {
        case "emit":
            let json = try ScenarioJSONParser.parse(Array(rest.utf8)).value
            var fields = json.objectValue ?? [:]
            let type = fields.removeValue(forKey: "type")?.stringValue ?? "log"
            record(type, fields)
        case "show":
            let (id, props) = split(rest)
            views[id] = try ScenarioJSONParser.parse(Array(props.utf8)).value
        case "nav":
            navigation = try ScenarioJSONParser.parse(Array(rest.utf8)).value
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

    func runLuaScenario(path: String) throws {
        let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        record("log", ["message": .string("ran \((path as NSString).lastPathComponent)")])
        if text.contains("error(") { throw Failure(description: "\(path):1: boom") }
    }
}

/// Test fixtures: temporary folders of scenario files, captured output.
enum Fixture {
    /// A fresh temporary folder with `files` (relative path → contents) written in it.
    static func folder(_ files: [String: String]) throws -> String {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("ctlua-scn-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        for (path, contents) in files {
            let url = URL(fileURLWithPath: root + "/" + path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(contents.utf8).write(to: url)
        }
        return root
    }

    /// Deletes a folder made by ``folder(_:)``.
    static func remove(_ root: String) { try? FileManager.default.removeItem(atPath: root) }

    static let factory: ScenarioDriverFactory = { _, _ in FakeDriver() }

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
    static func load(_ text: String, name: String = "s.json", registry: StepRegistry = .standard) -> Result<Scenario, ScenarioLoadErrors> {
        ScenarioLoader(registry: registry).load(
            bytes: Array(text.utf8), found: ScenarioDiscovery.Found(relativePath: name, file: "/tmp/" + name), defaultName: "s")
    }

    /// Loads and runs one JSON scenario with the fake driver.
    static func run(_ text: String, registry: StepRegistry = .standard) throws -> ScenarioResult {
        let scenario = try load(text, registry: registry).get()
        return ScenarioExecutor(registry: registry, driverFactory: factory).run(scenario)
    }

    /// A scenario of `steps` (JSON text of the array's elements).
    static func steps(_ steps: String...) -> String { "{\"steps\": [\(steps.joined(separator: ","))]}" }

    static let deliverC1 = #"{"deliver": {"inapp_notifs": [{"wzrk_id": "c1", "templateName": "Banner"}, {"wzrk_id": "c2", "templateName": "Banner"}]}}"#
}
