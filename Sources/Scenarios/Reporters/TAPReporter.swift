import JSON
import SystemKit
/// TAP version 13: a plan, one `ok`/`not ok` line per scenario, a YAML block per failure.
public enum TAPReporter {
    public static func render(_ results: [ScenarioResult]) -> String {
        var out = "TAP version 13\n1..\(results.count)\n"
        for (i, result) in results.enumerated() {
            // One line per test point: control characters (a newline in a file name) are escaped.
            let description = ReportText.escapingControls("\(result.name) (\(result.relativePath))")
                .replacingOccurrences(of: "#", with: "\\#")
            // TAP directives: `# SKIP reason` on an `ok` line; `# TODO reason` on a `not ok` line (not run yet).
            switch result.status {
            case .skipped: out += "ok \(i + 1) - \(description) # SKIP \(directive(result))\n"
            case .todo: out += "not ok \(i + 1) - \(description) # TODO \(directive(result))\n"
            default: out += "\(result.passed ? "ok" : "not ok") \(i + 1) - \(description)\n"
            }
            for mark in result.marks where mark.step != nil {
                out += "# \(mark.kind == .skip ? "SKIP" : "TODO") \(ReportText.escapingControls(mark.line))\n"
            }
            for warning in result.warnings { out += "# WARN \(ReportText.escapingControls(warning))\n" }
            guard let first = result.failures.first else { continue }
            out += "  ---\n"
            out += "  message: \(JSONWriter.quote(first.summary))\n"
            out += "  file: \(JSONWriter.quote(result.relativePath))\n"
            if let position = first.sourceLocation?.position { out += "  line: \(position.line)\n  column: \(position.column)\n" }
            if let expected = first.expected { out += "  expected: \(JSONWriter.quote(expected.text))\n" }
            if let actual = first.actual { out += "  actual: \(JSONWriter.quote(actual.text))\n" }
            if result.failures.count > 1 {
                out += "  failures:\n"
                for failure in result.failures { out += "    - \(JSONWriter.quote(failure.summary))\n" }
            }
            if !first.context.isEmpty {
                out += "  transcript:\n"
                for line in first.context { out += "    - \(JSONWriter.quote(line))\n" }
            }
            out += "  ...\n"
        }
        return out
    }

    /// The reason of a scenario's `skip`/`todo`, one line, `#` escaped.
    private static func directive(_ result: ScenarioResult) -> String {
        let reason = result.marks.first { $0.step == nil }?.reason ?? ""
        return reason.replacingOccurrences(of: "\n", with: " ").replacingOccurrences(of: "#", with: "\\#")
    }
}
