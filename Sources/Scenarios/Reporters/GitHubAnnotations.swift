/// GitHub Actions workflow commands for failures and warnings (`ctlua test --reporter github`, or
/// `GITHUB_ACTIONS=true`), as Jest's and pytest's GitHub reporters print them: GitHub shows each
/// as an annotation on the file and line in the pull request.
///
/// `::error file=flows/a.json,line=12,col=9,title=ctlua test: sale::steps[3].expect.displayed: ...`
/// (`::warning` for a warning). The message is escaped as GitHub's toolkit does (`%` `%25`, CR
/// `%0D`, LF `%0A`), a property also `:` `%3A` and `,` `%2C`, so a file name or message never ends
/// the command early.
public enum GitHubAnnotations {
    /// One line per failure (`::error`) and per warning (`::warning`) of the results.
    public static func render(_ results: [ScenarioResult]) -> String {
        var out = ""
        for result in results {
            for (message, location) in result.locatedWarnings {
                out += command("warning", location ?? SourceLocation(file: result.relativePath), title: "ctlua test: \(result.name)",
                               message: message) + "\n"
            }
            for failure in result.failures {
                var message = failure.summary
                if let expected = failure.expected { message += "\nexpected: \(expected.text)" }
                if let actual = failure.actual { message += "\nactual:   \(actual.text)" }
                out += command("error", failure.sourceLocation ?? SourceLocation(file: result.relativePath),
                               title: "ctlua test: \(result.name)", message: message) + "\n"
            }
        }
        return out
    }

    /// `::KIND file=...,line=...,col=...,title=...::message`; `line` and `col` only when known.
    public static func command(_ kind: String, _ location: SourceLocation, title: String? = nil, message: String) -> String {
        var properties = ["file=" + property(location.file)]
        if let position = location.position {
            properties.append("line=\(position.line)")
            properties.append("col=\(position.column)")
        }
        if let title { properties.append("title=" + property(title)) }
        return "::\(kind) \(properties.joined(separator: ","))::\(data(message))"
    }

    /// A message: `%`, CR and LF escaped.
    public static func data(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "%": out += "%25"
            case "\r": out += "%0D"
            case "\n": out += "%0A"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// A property value: as ``data(_:)``, and `:` and `,`.
    public static func property(_ text: String) -> String {
        data(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }

    /// Whether the annotations are printed: `--reporter github`, or the `GITHUB_ACTIONS=true`
    /// that GitHub Actions sets in every job.
    public static func enabled(reporter: String?, environment: [String: String]) -> Bool {
        reporter == "github" || environment["GITHUB_ACTIONS"] == "true"
    }
}
