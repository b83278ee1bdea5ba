import Engine
import JSON
import SystemKit

/// The machine-readable report (`--json FILE`) and transcripts (`--trace DIR`).
public enum JSONReporter {
    /// `{"passed":N,"failed":N,"scenarios":[...]}`, a scenario in its JSON form
    /// (``ScenarioResult/json``: name, file, passed, duration, failures), without coverage and screens,
    /// with its `warnings` (the `warning` events: message, system, file, path, ignored, didYouMean, and
    /// `source`, `{file, line, column}`, where the runner located it); each failure has its `source` too.
    /// `wallTimes: false` (`--no-times`): no `duration`, so the report is the same from run to run.
    public static func render(_ results: [ScenarioResult], wallTimes: Bool = true) -> String {
        let failed = results.filter { !$0.passed }.count
        let notRun = results.filter { $0.status == .skipped || $0.status == .todo }.count
        let scenarios: [JSONValue] = results.map { result in
            var json = result.json
            if case .object(var object) = json {
                object.removeValue(forKey: "coverage")
                object.removeValue(forKey: "steps")
                if !wallTimes { object.removeValue(forKey: "duration") }
                // each warning event, with `source` ({file, line, column}) when the runner located it
                let located = result.locatedWarnings
                object["warnings"] = .array(result.transcript.filter { $0.type == "warning" }.enumerated().map { i, event in
                    guard case .object(var fields) = event.json, located.indices.contains(i), let source = located[i].location else { return event.json }
                    fields["source"] = source.json
                    return .object(fields)
                })
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

    /// A transcript as JSON lines, one event per line. When the runner kept only the tail, the
    /// first line says so in an event's shape: `{"t": <first kept event's t>, "type":
    /// "transcript.truncated", "notKept": N, "message": "N earlier events not kept ..."}`.
    public static func transcript(_ result: ScenarioResult) -> String {
        var lines = result.transcript.map { JSONWriter.text($0.json) + "\n" }
        if let note = result.transcriptNote {
            let first = TranscriptEvent(t: result.transcript.first?.t ?? 0, type: "transcript.truncated",
                                        fields: ["notKept": .integer(Int64(result.eventsNotKept)), "message": .string(note)])
            lines.insert(JSONWriter.text(first.json) + "\n", at: 0)
        }
        return lines.joined()
    }

    /// The trace file name for a scenario: a readable prefix of its relative path and a digest
    /// of it, `.jsonl` (``ReportFileName``: `flows__a.json-3f1d0c2b9a8e7d6c.jsonl`).
    public static func traceFileName(_ relativePath: String) -> String { ReportFileName.name(relativePath, suffix: ".jsonl") }
}
