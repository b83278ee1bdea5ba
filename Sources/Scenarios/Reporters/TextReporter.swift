import JSON
import SystemKit

/// The human report: one `FAIL` line per failure with indented details, and a closing count.
public enum TextReporter {
    /// `FAIL flows/banner.json:14:23 (banner waits): steps[3].expect.displayed: wrong in-app displayed`:
    /// the file, line and column of what failed (``ScenarioFailure/sourceLocation``, the file alone
    /// when not located), so editors and terminals open it there.
    public static func headline(_ result: ScenarioResult, _ failure: ScenarioFailure) -> String {
        "FAIL \(failure.sourceLocation?.description ?? result.relativePath) (\(result.name)): \(failure.summary)"
    }

    /// Every failure of a result with expected/actual and the transcript around it.
    public static func details(of result: ScenarioResult) -> [String] {
        result.failures.flatMap { ["\(result.relativePath): \($0.summary)"] + details(of: $0) }
    }

    /// Expected, actual (with a line diff when both are JSON objects or arrays) and transcript
    /// lines of one failure, indented by two spaces; `colour` paints the diff (red `-`, green `+`).
    /// A failure at a path inside a pattern (`tree.children[1].text`) shows that difference; the
    /// line diff of the whole pattern against the whole value only when `verbose`.
    public static func details(of failure: ScenarioFailure, colour: Bool = false, verbose: Bool = false) -> [String] {
        var lines: [String] = []
        if let expected = failure.expected { lines.append("  expected: \(expected.text)") }
        if let actual = failure.actual { lines.append("  actual:   \(actual.text)") }
        let compared: (JSONValue, JSONValue)?
        if let whole = failure.wholeExpected, let wholeActual = failure.wholeActual {
            compared = verbose ? (whole, wholeActual) : nil
        } else if let expected = failure.expected?.value, let actual = failure.actual?.value {
            compared = (expected, actual)
        } else {
            compared = nil
        }
        if let (expected, actual) = compared, let diff = LineDiff.json(expected: expected, actual: actual) {
            lines.append("  diff (- expected, + actual):")
            for line in diff {
                let painted: String
                switch line.first {
                case "-" where colour: painted = "\u{1B}[31m\(line)\u{1B}[0m"
                case "+" where colour: painted = "\u{1B}[32m\(line)\u{1B}[0m"
                default: painted = line
                }
                lines.append("    " + painted)
            }
        }
        if !failure.context.isEmpty {
            lines.append("  transcript:")
            lines += failure.context.map { "    " + $0 }
        }
        return lines
    }

    /// The whole report after a run: per failure its headline and indented details, then the count.
    /// `colour`: ANSI colours for diffs (a terminal without `NO_COLOR`; never in files or CI logs).
    /// `reportDirectory`: the HTML report's folder (`--report`); each `FAIL` line is followed by
    /// the path of its page, at the failing step.
    public static func render(_ results: [ScenarioResult], colour: Bool = false, verbose: Bool = false,
                              reportDirectory: String? = nil) -> String {
        var out = ""
        for result in results { for line in warnings(of: result) { out += line + "\n" } }
        for result in results { for line in marks(of: result) { out += line + "\n" } }
        for result in results where !result.passed {
            for failure in result.failures {
                out += headline(result, failure) + "\n"
                if let reportDirectory {
                    out += "  report: \(HTMLReporter.link(directory: reportDirectory, result: result, failure: failure))\n"
                }
                for line in details(of: failure, colour: colour, verbose: verbose) { out += "  " + line + "\n" }
            }
        }
        out += summary(results) + "\n"
        return out
    }

    /// `WARN flows/a.json:12:9 (name): message`, one per `warning` event of the scenario (passed or
    /// not), at the file, line and column of the ignored input (the scenario file when not located).
    public static func warnings(of result: ScenarioResult) -> [String] {
        result.locatedWarnings.map { "WARN \($0.location?.description ?? result.relativePath) (\(result.name)): \($0.message)" }
    }

    /// `SKIP flows/a.json (name): flaky on CI`, `TODO ...`: one per scenario that did not run and per
    /// step of a scenario that did not run (`steps[2] skipped: reason`).
    public static func marks(of result: ScenarioResult) -> [String] {
        result.marks.map { mark in
            let tag = mark.kind == .skip ? "SKIP" : "TODO"
            let text = mark.step == nil ? (mark.reason.isEmpty ? (mark.kind == .skip ? "skipped" : "to do") : mark.reason) : mark.line
            return "\(tag) \(result.relativePath) (\(result.name)): \(text)"
        }
    }

    /// `3 passed, 1 failed` (``RunCounts/line``, the count the HTML report shows too).
    public static func summary(_ results: [ScenarioResult]) -> String { RunCounts(results).line }
}
