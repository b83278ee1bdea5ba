import JSON
import SystemKit

/// The machine-readable report (`--json FILE`) and transcripts (`--trace DIR`).
public enum JSONReporter {
    /// `{"passed":N,"failed":N,"scenarios":[...]}`, a scenario in its JSON form
    /// (``ScenarioResult/json``: name, file, passed, duration, failures), without coverage and screens,
    /// with its `warnings` (the `warning` events: message, system, file, path, ignored, didYouMean).
    public static func render(_ results: [ScenarioResult]) -> String {
        let failed = results.filter { !$0.passed }.count
        let notRun = results.filter { $0.status == .skipped || $0.status == .todo }.count
        let scenarios: [JSONValue] = results.map { result in
            var json = result.json
            if case .object(var object) = json {
                object.removeValue(forKey: "coverage")
                object.removeValue(forKey: "steps")
                object["warnings"] = .array(result.transcript.filter { $0.type == "warning" }.map(\.json))
                json = .object(object)
            }
            return json
        }
        let report: JSONValue = .object([
            "passed": .integer(Int64(results.count - failed - notRun)), "failed": .integer(Int64(failed)),
            "skipped": .integer(Int64(results.filter { $0.status == .skipped }.count)),
            "todo": .integer(Int64(results.filter { $0.status == .todo }.count)),
            "scenarios": .array(scenarios),
        ])
        return JSONWriter.text(report) + "\n"
    }

    /// A transcript as JSON lines, one event per line.
    public static func transcript(_ result: ScenarioResult) -> String {
        result.transcript.map { JSONWriter.text($0.json) + "\n" }.joined()
    }

    /// The trace file name for a scenario: a readable prefix of its relative path and a digest
    /// of it, `.jsonl` (``ReportFileName``: `flows__a.json-3f1d0c2b9a8e7d6c.jsonl`).
    public static func traceFileName(_ relativePath: String) -> String { ReportFileName.name(relativePath, suffix: ".jsonl") }
}
