import Engine
import Foundation
import JSON
import SystemKit

/// The steps, setup members and expectation keys of every scenario, whatever the systems:
/// they act on the engine itself (its UI, clock, scripts and transcript).
public enum CoreSteps {
    public static var steps: [StepDefinition] {
        [
            StepDefinition(
                name: "tap", value: .string, summary: "taps the view with this id in the headless UI (its `onTap` runs)",
                example: #"{"tap": "ok"}"#,
                handler: .run { context in try context.engine.ui.tap(id: context.value.stringValue ?? "") }),
            StepDefinition(
                name: "advance", value: .nonNegativeNumber,
                summary: "advances the virtual clock by this many seconds, running the timers that fall due",
                example: #"{"advance": 2.5}"#,
                handler: .run { context in context.engine.clock.advance(by: context.value.doubleValue ?? 0) }),
            StepDefinition(
                name: "relaunch", value: .anyOf([.boolean, .object]),
                summary: "persists, ends the app process and starts it again: state restored from storage, scripts run again; an object is the server's reply to the launch (systems read it)",
                example: #"{"relaunch": true}"#,
                handler: .run { context in
                    try context.engine.relaunch(response: context.value.objectValue != nil ? context.value : nil)
                }),
            StepDefinition(
                name: "lua", value: .string,
                summary: "runs a Lua chunk in the engine (a fresh `_ENV`, every module); an error fails the step",
                example: #"{"lua": "assert(templates.displayed() == nil)"}"#,
                handler: .run { context in
                    try context.engine.run(context.value.stringValue ?? "", name: "=\(context.scenarioName)")
                }),
            StepDefinition(
                name: "expect", value: .any,  // checked against the registry's expectation keys
                summary: "checks the engine's state and transcript against the keys given (see Expectation keys)",
                example: #"{"expect": {"events": [{"type": "template.presented", "id": "c1"}], "displayed": "c1"}}"#,
                handler: .expect),
        ]
    }

    public static var setupMembers: [SetupDefinition] {
        [
            SetupDefinition(
                name: "files",
                shape: .objectOf(.anyOf([.string, .record(members: ["error": .string], required: ["error"])])),
                summary: "fixtures for file URLs: a path (relative to the scenario) served instead of the network, or `{\"error\": reason}`; behind the engine's 14-day cache as real downloads are",
                example: #"{"files": {"https://cdn.example/x.png": "fixtures/x.png", "https://cdn.example/y.png": {"error": "HTTP 404"}}}"#,
                apply: applyFiles),
        ]
    }

    public static var expectationKeys: [ExpectationDefinition] {
        [
            ExpectationDefinition(
                name: "events", shape: .arrayOf(.object),
                rule: "an ordered subsequence of the transcript: each pattern matches a later event than the previous one; a pattern matches when every field it names matches (partial objects, numbers by value)",
                example: #"{"events": [{"type": "inapp.queued", "id": "c1"}, {"type": "template.presented"}]}"#,
                check: { _, _ in [] }),  // the runner checks `events` and `noEvents` (they name error events)
            ExpectationDefinition(
                name: "noEvents", shape: .arrayOf(.object),
                rule: "no event of the whole transcript matches any of these patterns",
                example: #"{"noEvents": [{"type": "inapp.skipped"}]}"#,
                check: { _, _ in [] }),
            ExpectationDefinition(
                name: "ui", shape: .objectOf(.object),
                rule: "per view id, the view is shown and has these properties (partial match)",
                example: #"{"ui": {"title": {"text": "Sale"}}}"#,
                check: checkUI),
        ]
    }

    private static func applyFiles(_ context: SetupContext) throws {
        guard case .object(let files) = context.value else { return }
        var fixtures: [String: FixtureFileFetcher.Fixture] = [:]
        for (url, value) in files {
            switch value {
            case .string(let path): fixtures[url] = .file(path)
            case .object(let o): fixtures[url] = .error(o["error"]?.stringValue ?? "failed")
            default: throw SystemError("setup.files[\(JSONWriter.quote(url))]: expected a path or {\"error\": ...}")
            }
        }
        let engine = context.engine
        let transcript = engine.transcript
        engine.files.target = CachingFileFetcher.standard(
            storage: engine.storage, clock: engine.clock, fixtures: fixtures,
            baseDirectory: URL(fileURLWithPath: context.directory),
            onError: { transcript.record("error", ["message": .string($0)]) })
    }

    private static func checkUI(_ engine: Engine, _ expected: JSONValue) -> [ExpectationMismatch] {
        let tree = engine.ui.tree
        var mismatches: [ExpectationMismatch] = []
        for (id, properties) in expected.objectValue ?? [:] {
            guard let view = tree[id] else {
                let shown = JSONWriter.text(.array((tree.objectValue?.keys.map { .string($0) }) ?? []))
                mismatches.append(ExpectationMismatch(detail: id, message: "view \(JSONWriter.quote(id)) is not shown",
                                                      expected: JSONWriter.text(properties), actual: "views shown: \(shown)"))
                continue
            }
            if !JSONMatch.matches(properties, view) {
                mismatches.append(ExpectationMismatch(detail: id, message: "view \(JSONWriter.quote(id)) has other properties",
                                                      expected: JSONWriter.text(properties), actual: JSONWriter.text(view)))
            }
        }
        return mismatches
    }
}
