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
                name: "tap", value: .string, summary: "taps the view with this id, whichever system drew it (a presenter's view: its `onTap` runs; an experience's view; a FlowX button)",
                input: String.self, example: #"{"tap": "ok"}"#) { id, context in try context.engine.ui.tap(id: id) },
            StepDefinition(
                name: "type", value: .record(members: ["id": .string, "text": .string], required: ["id", "text"]),
                summary: "types a text into the view with this id, replacing its value: a presenter's view with `onType`, an experience's text input, a FlowX form field",
                input: ViewText.self, example: #"{"type": {"id": "email", "text": "ada@example.com"}}"#
            ) { typed, context in try context.engine.ui.type(id: typed.id, text: typed.text) },
            StepDefinition(
                name: "select", value: .record(members: ["id": .string, "value": .string], required: ["id", "value"]),
                summary: "selects an option (by `value`) in the view with this id: a presenter's view with `onSelect`, an experience's option select (a multi select toggles it), a FlowX form field",
                input: ViewOption.self, example: #"{"select": {"id": "frequency", "value": "daily"}}"#
            ) { option, context in try context.engine.ui.select(id: option.id, value: option.value) },
            StepDefinition(
                name: "advance", value: .nonNegativeNumber,
                summary: "advances the virtual clock by this many seconds, running the timers that fall due",
                input: Double.self, example: #"{"advance": 2.5}"#) { seconds, context in context.engine.clock.advance(by: seconds) },
            StepDefinition(
                name: "relaunch", value: .anyOf([.boolean, .object]),
                summary: "persists, ends the app process and starts it again: state restored from storage, scripts run again; an object is the server's reply to the launch (systems read it)",
                input: Relaunch.self, example: #"{"relaunch": true}"#
            ) { relaunch, context in try context.engine.relaunch(response: relaunch.response.map(JSONValue.object)) },
            StepDefinition(
                name: "lua", value: .string,
                summary: "runs a Lua chunk in the engine (a fresh `_ENV`, every module); an error fails the step",
                input: String.self, example: #"{"lua": "assert(templates.displayed() == nil)"}"#
            ) { chunk, context in try context.engine.run(chunk, name: "=\(context.scenarioName)") },
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
                shape: .objectOf(.anyOf([.string, .record(members: ["error": .string], required: ["error"])])), input: FileFixtures.self,
                summary: "fixtures for file URLs: a path (relative to the scenario) served instead of the network, or `{\"error\": reason}`; behind the engine's 14-day cache as real downloads are",
                example: #"{"files": {"https://cdn.example/x.png": "fixtures/x.png", "https://cdn.example/y.png": {"error": "HTTP 404"}}}"#,
                apply: applyFiles),
        ]
    }

    /// Files the core's setup members name (`files` fixtures), for `ctlua check`.
    public static var fileReferences: [FileReference] {
        [FileReference(.setup("files")) { value, path in
            (value.objectValue ?? [:]).compactMap { url, fixture in fixture.stringValue.map { (path.key(url), $0) } }
        }]
    }

    public static var expectationKeys: [ExpectationDefinition] {
        [
            ExpectationDefinition(
                name: "events", shape: .arrayOf(.object), input: JSONValue.self,
                rule: "an ordered subsequence of the transcript: each pattern matches a later event than the previous one; a pattern matches when every field it names matches (partial objects, numbers by value)",
                example: #"{"events": [{"type": "inapp.queued", "id": "c1"}, {"type": "template.presented"}]}"#,
                check: { _, _ in [] }),  // the runner checks `events` and `noEvents` (they name error events)
            ExpectationDefinition(
                name: "noEvents", shape: .arrayOf(.object), input: JSONValue.self,
                rule: "no event of the whole transcript matches any of these patterns",
                example: #"{"noEvents": [{"type": "inapp.skipped"}]}"#,
                check: { _, _ in [] }),
            ExpectationDefinition(
                name: "newEvents", shape: .arrayOf(.object), input: JSONValue.self,
                rule: "as `events`, but only among the events recorded since the previous `expect` step (or the start)",
                example: #"{"newEvents": [{"type": "template.dismissed", "id": "c1"}]}"#,
                check: { _, _ in [] }),
            ExpectationDefinition(
                name: "eventCount",
                shape: .arrayOf(.named("{match, count}", .record(members: ["match": .object, "count": .nonNegativeNumber],
                                                                required: ["match", "count"]))), input: JSONValue.self,
                rule: "for each entry, exactly `count` events of the whole transcript match the `match` pattern",
                example: #"{"eventCount": [{"match": {"type": "template.presented"}, "count": 1}, {"match": {"type": "error"}, "count": 0}]}"#,
                check: { _, _ in [] }),
            ExpectationDefinition(
                name: "snapshot", shape: .string, input: JSONValue.self,
                rule: "the transcript so far equals the golden transcript of this name in `__snapshots__/<scenario>.snap.json` beside the scenario; a missing one is written (in CI, `CI=true`, it fails); `ctlua test --update-snapshots` rewrites them",
                example: #"{"snapshot": "after the first tap"}"#,
                check: { _, _ in [] }),  // the runner checks it: it needs the scenario's file
            ExpectationDefinition(
                name: "ui", shape: .objectOf(.anyOf([.object, .null])), input: ViewPatterns.self,
                rule: "per view id, the view is shown and has these properties (partial match; arrays by position, or `{\"$contains\": [...]}`/`{\"$anyOrder\": [...]}`); `null`: the view is not shown; a failure names the path of each difference (`ui.title.text`). Every view with an id counts, whichever system drew it (a presenter's, a native in-app's, an experience's with its `kind`, a hook screen, a FlowX field)",
                example: #"{"ui": {"title": {"text": "Sale"}, "spinner": null}}"#,
                check: checkUI).recording(recordUI),
            ExpectationDefinition(
                name: "uiExact", shape: .objectOf(.object), input: ViewPatterns.self,
                rule: "the views shown (whichever system drew them, as for `ui`) are exactly these, each with exactly these properties (no other view, no other property; numbers by value)",
                example: #"{"uiExact": {"title": {"text": "Sale"}, "ok": {"text": "OK"}}}"#,
                check: checkExactUI),
        ]
    }

    /// `{"type": {"id", "text"}}`.
    struct ViewText: StepInput {
        let id: String, text: String
        init(step: StepReader) throws(LocatedProblem) {
            id = try step.value["id"].string()
            text = try step.value["text"].string()
        }
    }

    /// `{"select": {"id", "value"}}`.
    struct ViewOption: StepInput {
        let id: String, value: String
        init(step: StepReader) throws(LocatedProblem) {
            id = try step.value["id"].string()
            value = try step.value["value"].string()
        }
    }

    /// `{"relaunch": true}` or the launch's response object.
    struct Relaunch: StepInput {
        let response: JSONObject?
        init(step: StepReader) throws(LocatedProblem) {
            response = step.value.value?.objectValue == nil ? nil : try step.value.object()
        }
    }

    /// `setup.files`: URL → a fixture file or an error.
    struct FileFixtures: StepInput {
        let fixtures: [String: FixtureFileFetcher.Fixture]
        init(step: StepReader) throws(LocatedProblem) {
            var fixtures: [String: FixtureFileFetcher.Fixture] = [:]
            for (url, node) in try step.value.members() {
                if let path = node.value?.stringValue { fixtures[url] = .file(path) } else { fixtures[url] = .error(try node["error"].string()) }
            }
            self.fixtures = fixtures
        }
    }

    /// `ui`/`uiExact`: per view id, the properties expected (nil: `null`, the view is not shown).
    struct ViewPatterns: StepInput {
        let views: [(id: String, properties: JSONValue?)]
        init(step: StepReader) throws(LocatedProblem) {
            var views: [(id: String, properties: JSONValue?)] = []
            for (id, node) in try step.value.members() { views.append((id: id, properties: node.isAbsent ? JSONValue?.none : .some(try node.any()))) }
            self.views = views
        }
    }

    private static func applyFiles(_ files: FileFixtures, _ context: SetupContext) throws {
        let fixtures = files.fixtures
        context.engine.useFileFixtures(fixtures, baseDirectory: URL(fileURLWithPath: context.directory))
    }

    /// The `ui` a recorded scenario pins: each view shown that shows words (`text`, `title`,
    /// `label`, `value`), with them; nil when none does.
    private static func recordUI(_ engine: Engine) -> JSONValue? {
        guard case .object(let tree) = engine.ui.visibleTree else { return nil }
        var views = JSONObject()
        for (id, view) in tree {
            guard let words = view.picking(["text", "title", "label", "value"]), case .object(let members) = words, !members.isEmpty else { continue }
            views[id] = words
        }
        return views.isEmpty ? nil : .object(views)
    }

    private static func checkUI(_ engine: Engine, _ expected: ViewPatterns) -> [ExpectationMismatch] {
        let tree = engine.ui.visibleTree
        var mismatches: [ExpectationMismatch] = []
        for (id, wanted) in expected.views {
            guard let properties = wanted else {
                if let view = tree[id] {
                    mismatches.append(ExpectationMismatch(detail: id, message: "view \(JSONWriter.quote(id)) is shown",
                                                          expected: "no view \(JSONWriter.quote(id))", actual: .json(view)))
                }
                continue
            }
            guard let view = tree[id] else {
                let shown = JSONWriter.text(.array((tree.objectValue?.keys.map { .string($0) }) ?? []))
                mismatches.append(ExpectationMismatch(detail: id, message: "view \(JSONWriter.quote(id)) is not shown",
                                                      expected: .json(properties), actual: "views shown: \(shown)"))
                continue
            }
            mismatches += ExpectationMismatch.differences(properties, view, under: JSONPath.root.key(id),
                                                          message: "view \(JSONWriter.quote(id)) has other properties")
        }
        return mismatches
    }

    private static func checkExactUI(_ engine: Engine, _ expected: ViewPatterns) -> [ExpectationMismatch] {
        let tree = engine.ui.visibleTree.objectValue ?? [:]
        let wanted = JSONObject(uniqueKeysWithValues: expected.views.map { ($0.id, $0.properties ?? .null) })
        var mismatches: [ExpectationMismatch] = []
        let extra = tree.keys.filter { wanted[$0] == nil }.sorted()
        if !extra.isEmpty {
            mismatches.append(ExpectationMismatch(
                message: "other views are shown", expected: "only \(JSONWriter.text(.array(wanted.keys.map { .string($0) })))",
                actual: .prose(extra.map { "\(JSONWriter.quote($0)): \(JSONWriter.text(tree[$0]!))" }.joined(separator: "; "))))
        }
        for (id, properties) in wanted {
            guard let view = tree[id] else {
                mismatches.append(ExpectationMismatch(detail: id, message: "view \(JSONWriter.quote(id)) is not shown",
                                                      expected: .json(properties), actual: "not shown"))
                continue
            }
            let exact = JSONMatch.equals(properties, view)
            if !exact {
                mismatches.append(ExpectationMismatch(detail: id, message: "view \(JSONWriter.quote(id)) has other properties",
                                                      expected: .json(properties), actual: .json(view)))
            }
        }
        return mismatches
    }
}
