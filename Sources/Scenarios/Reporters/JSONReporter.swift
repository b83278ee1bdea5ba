import JSON
import SystemKit

/// The machine-readable report (`--json FILE`) and transcripts (`--trace DIR`).
public enum JSONReporter {
    /// `{"passed":N,"failed":N,"scenarios":[{"name","file","passed","duration","failures":[...]}]}`.
    public static func render(_ results: [ScenarioResult]) -> String {
        let failed = results.filter { !$0.passed }.count
        let scenarios: [JSONValue] = results.map { result in
            .object([
                "name": .string(result.name), "file": .string(result.relativePath), "passed": .bool(result.passed),
                "duration": .double(result.duration),
                "failures": .array(result.failures.map(json)),
            ])
        }
        let report: JSONValue = .object([
            "passed": .integer(Int64(results.count - failed)), "failed": .integer(Int64(failed)),
            "scenarios": .array(scenarios),
        ])
        return JSONWriter.text(report) + "\n"
    }

    static func json(_ failure: ScenarioFailure) -> JSONValue {
        var object: JSONObject = [:]
        object["step"] = failure.step.map { .integer(Int64($0)) } ?? .null
        object["expectation"] = failure.expectation.map(JSONValue.string) ?? .null
        object["message"] = .string(failure.message)
        object["summary"] = .string(failure.summary)
        object["expected"] = failure.expected.map(JSONValue.string) ?? .null
        object["actual"] = failure.actual.map(JSONValue.string) ?? .null
        object["context"] = .array(failure.context.map(JSONValue.string))
        return .object(object)
    }

    /// A transcript as JSON lines, one event per line.
    public static func transcript(_ result: ScenarioResult) -> String {
        result.transcript.map { JSONWriter.text($0.json) + "\n" }.joined()
    }

    /// The trace file name for a scenario: its relative path with `/` turned into `__` and control
    /// characters escaped (`\n`), plus `.jsonl`.
    public static func traceFileName(_ relativePath: String) -> String {
        ReportText.escapingControls(relativePath).replacingOccurrences(of: "/", with: "__")
            .replacingOccurrences(of: "..", with: "_") + ".jsonl"
    }
}
