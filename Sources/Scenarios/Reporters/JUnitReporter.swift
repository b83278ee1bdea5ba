import SystemKit
import Foundation

/// JUnit XML in the shape CI systems read (Jenkins, GitLab, GitHub actions): one `<testsuite>`,
/// one `<testcase>` per scenario; a scenario whose first problem is an unmet expectation has a
/// `<failure>`, one whose first problem is an error (a Lua error, a step that threw, an unnamed
/// `error` event) has an `<error>`, as JUnit distinguishes assertion failures from errors. Each
/// testcase carries `file` and `line` (the first failure's line, else 1), as pytest writes them.
public enum JUnitReporter {
    /// `wallTimes: false` (`--no-times`): no `time` attribute (JUnit's is optional), so the file
    /// is the same from run to run.
    public static func render(_ results: [ScenarioResult], suiteName: String = "ctlua test", wallTimes: Bool = true) -> String {
        let errored = results.filter { $0.failures.first?.isError == true }.count
        let failed = results.filter { !$0.passed }.count - errored
        let skipped = results.filter { $0.status == .skipped || $0.status == .todo }.count
        let time = wallTimes ? " time=\"\(format(results.reduce(0) { $0 + $1.duration }))\"" : ""
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        xml += "<testsuites name=\"\(XMLText.escape(suiteName))\" tests=\"\(results.count)\" failures=\"\(failed)\" errors=\"\(errored)\"\(time)>\n"
        xml += "  <testsuite name=\"\(XMLText.escape(suiteName))\" tests=\"\(results.count)\" failures=\"\(failed)\" errors=\"\(errored)\" skipped=\"\(skipped)\"\(time)>\n"
        for result in results {
            xml += "    <testcase name=\"\(XMLText.escape(result.name))\" classname=\"\(XMLText.escape(className(result.relativePath)))\""
            // `line`: the first failure's (where the runner located it), else the scenario's start.
            let line = result.failures.first?.sourceLocation?.position?.line ?? 1
            xml += " file=\"\(XMLText.escape(result.relativePath))\" line=\"\(line)\"" + (wallTimes ? " time=\"\(format(result.duration))\"" : "")
            if result.status == .skipped || result.status == .todo {
                // JUnit has one element for both; the message says which.
                let mark = result.marks.first { $0.step == nil }
                let message = (result.status == .todo ? "todo" : "skipped") + ((mark?.reason ?? "").isEmpty ? "" : ": " + (mark?.reason ?? ""))
                xml += ">\n      <skipped message=\"\(XMLText.escape(message))\"/>\n    </testcase>\n"
                continue
            }
            let stepMarks = result.marks.filter { $0.step != nil }
            let warnings = result.warnings
            if result.passed && stepMarks.isEmpty && warnings.isEmpty {
                xml += "/>\n"
                continue
            }
            xml += ">\n"
            if let first = result.failures.first {
                let element = first.isError ? "error" : "failure"
                let type = first.isError ? "error" : first.expectation == ScenarioFailure.warning ? "warning" : "expectation"
                xml += "      <\(element) message=\"\(XMLText.escape(first.summary))\" type=\"\(type)\">"
                xml += XMLText.escape(TextReporter.details(of: result).joined(separator: "\n"), attribute: false)
                xml += "</\(element)>\n"
            } else if !stepMarks.isEmpty {
                xml += "      <system-out>\(XMLText.escape(stepMarks.map(\.line).joined(separator: "\n")))</system-out>\n"
            }
            // The run's warnings (what the SDK ignored), one `WARN` line each, as the text report prints them.
            if !warnings.isEmpty {
                xml += "      <system-err>\(XMLText.escape(warnings.map { "WARN " + $0 }.joined(separator: "\n"), attribute: false))</system-err>\n"
            }
            xml += "    </testcase>\n"
        }
        xml += "  </testsuite>\n</testsuites>\n"
        return xml
    }

    /// `flows/banner.json` → `flows.banner`.
    static func className(_ relativePath: String) -> String {
        var path = Substring(relativePath)
        while path.hasPrefix("/") || path.hasPrefix("./") { path = path.drop { $0 == "/" || $0 == "." } }
        if let dot = path.lastIndex(of: "."), !path[dot...].contains("/") { path = path[..<dot] }
        return path.replacingOccurrences(of: "/", with: ".")
    }

    static func format(_ seconds: Double) -> String { String(format: "%.3f", seconds) }

}
