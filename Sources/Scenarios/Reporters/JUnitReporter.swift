import Foundation

/// JUnit XML in the shape CI systems read (Jenkins, GitLab, GitHub actions): one `<testsuite>`,
/// one `<testcase>` per scenario, a `<failure>` per failing scenario.
public enum JUnitReporter {
    public static func render(_ results: [ScenarioResult], suiteName: String = "ctlua test") -> String {
        let failed = results.filter { !$0.passed }.count
        let time = format(results.reduce(0) { $0 + $1.duration })
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        xml += "<testsuites name=\"\(escape(suiteName))\" tests=\"\(results.count)\" failures=\"\(failed)\" errors=\"0\" time=\"\(time)\">\n"
        xml += "  <testsuite name=\"\(escape(suiteName))\" tests=\"\(results.count)\" failures=\"\(failed)\" errors=\"0\" skipped=\"0\" time=\"\(time)\">\n"
        for result in results {
            xml += "    <testcase name=\"\(escape(result.name))\" classname=\"\(escape(className(result.relativePath)))\""
            xml += " file=\"\(escape(result.relativePath))\" time=\"\(format(result.duration))\""
            if result.passed {
                xml += "/>\n"
                continue
            }
            xml += ">\n"
            let first = result.failures[0]
            let type = first.expectation == nil ? "error" : "expectation"
            xml += "      <failure message=\"\(escape(first.summary))\" type=\"\(type)\">"
            xml += escape(TextReporter.details(of: result).joined(separator: "\n"))
            xml += "</failure>\n"
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

    /// Escapes markup and drops characters XML 1.0 forbids (control characters other than tab, LF, CR).
    static func escape(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\t", "\n", "\r": out.unicodeScalars.append(scalar)
            case _ where scalar.value < 0x20 || (0xFFFE...0xFFFF).contains(scalar.value): out += "?"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
