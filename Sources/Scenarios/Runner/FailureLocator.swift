import Engine
import JSON
import LuaRuntime

/// Finds the `file:line:column` of each failure and warning of a result, from the scenario file's
/// text, once the scenario has run: only for results with something to report, so a passing run
/// without warnings reads nothing.
///
/// A failure is located at what it is about: an expectation at its key in the step's `expect`
/// object, down the JSON path of the difference as far as the file has it (`steps[3].expect.tree
/// .children[1].text`); a step error at the step; an unnamed `error` event at the step it happened
/// in; a warning (and a `--strict` failure made of one) at the file and JSON path the `warning`
/// event names; anything before the steps (scripts, setup) at the scenario's first value. A `.lua`
/// scenario's failure is at the line its Lua error names (column 1), else the file alone.
public struct FailureLocator: Sendable {
    /// Parsed files, by path, read at most once per result.
    private var documents: [String: JSONDocument?] = [:]
    private let scenario: Scenario

    private init(scenario: Scenario) { self.scenario = scenario }

    /// `result` with ``ScenarioFailure/sourceLocation`` and ``ScenarioResult/warningLocations`` set.
    public static func locate(_ result: ScenarioResult, scenario: Scenario) -> ScenarioResult {
        let warnings = Transcript.warnings(in: result.transcript)
        guard !result.failures.isEmpty || !warnings.isEmpty else { return result }
        var locator = FailureLocator(scenario: scenario)
        var located = result
        for i in located.failures.indices {
            located.failures[i].sourceLocation = locator.location(of: located.failures[i], in: result)
        }
        located.warningLocations = warnings.map { locator.location(ofWarning: result.transcript[$0.index]) }
        return located
    }

    /// The JSON path in the scenario file that `failure` is about (nil: a `.lua` scenario).
    static func path(of failure: ScenarioFailure) -> JSONPath {
        guard let step = failure.step else { return .root }
        let stepPath = JSONPath.root.key("steps").index(step)
        guard let label = failure.expectation, label != "error event", label != ScenarioFailure.warning,
              let below = JSONPath(description: label) else { return stepPath }
        return JSONPath(components: stepPath.key("expect").components + below.components)
    }

    private mutating func location(of failure: ScenarioFailure, in result: ScenarioResult) -> SourceLocation {
        if failure.expectation == ScenarioFailure.warning, let index = failure.eventIndex {
            let kept = index - result.eventsNotKept
            if result.transcript.indices.contains(kept), let found = location(ofWarning: result.transcript[kept]) { return found }
        }
        guard case .steps = scenario.body else {
            return SourceLocation(file: result.relativePath, position: Self.luaLine(in: failure.message, file: result.relativePath))
        }
        let position = document(scenario.file)?.nearestPosition(of: Self.path(of: failure))
        return SourceLocation(file: result.relativePath, position: position)
    }

    /// The line a Lua error names in a `.lua` scenario's failure (`flows/a_test.lua:12: boom`, the
    /// file named by its path or its name), column 1 (Lua names no column); nil when none.
    static func luaLine(in message: String, file: String) -> SourcePosition? {
        let name = file.split(separator: "/").last.map(String.init) ?? file
        for prefix in [file + ":", name + ":"] {
            var rest = Substring(message)
            while let range = rest.range(of: prefix) {
                let digits = rest[range.upperBound...].prefix { $0.isASCII && $0.isNumber }
                if !digits.isEmpty, rest[range.upperBound...].dropFirst(digits.count).first == ":", let line = Int(digits), line > 0 {
                    return SourcePosition(line: line, column: 1)
                }
                rest = rest[range.upperBound...]
            }
        }
        return nil
    }

    /// The warning event's `file` at its `path` (the scenario file is read from where it was loaded).
    private mutating func location(ofWarning event: TranscriptEvent) -> SourceLocation? {
        guard let file = event["file"]?.stringValue else { return nil }
        let path = event["path"]?.stringValue.flatMap { JSONPath(description: $0) }
        let readFrom = file == scenario.relativePath ? scenario.file : file
        guard let path, readFrom.hasSuffix(".json") || readFrom == scenario.file else { return SourceLocation(file: file) }
        return SourceLocation(file: file, position: document(readFrom)?.nearestPosition(of: path))
    }

    private mutating func document(_ file: String) -> JSONDocument? {
        if let known = documents[file] { return known }
        let parsed = Self.document(file)
        documents[file] = parsed
        return parsed
    }

    /// The JSON document of `file` (a path from the working folder, or absolute), nil when it cannot be read or parsed.
    static func document(_ file: String) -> JSONDocument? {
        (try? FileBytes.read(file)).flatMap { try? JSONDocument(bytes: $0) }
    }
}
