import Foundation
import SystemKit

/// The HTML run report (`ctlua test --report DIR`): `DIR/index.html`, the run's summary, and one
/// page per scenario with its steps as a timeline (each step, the events it caused, the screen
/// after it, drawn) and its failures, expected against actual by JSON path. Every page is
/// self-contained (inline CSS, script and SVG; nothing fetched), so it opens from disk and from
/// a CI artifact. A file it cannot write is thrown (`ctlua: FILE: reason`, exit 2).
public final class HTMLReporter: RunnerReporter, @unchecked Sendable {
    private let options: RunnerOptions
    private let output: RunnerOutput
    private let directory: String
    /// Scenarios found but not selected (`--filter`, `--shard`).
    private let deselected: Int

    public init(directory: String, options: RunnerOptions, output: RunnerOutput, deselected: Int = 0) {
        self.directory = directory
        self.options = options
        self.output = output
        self.deselected = deselected
    }

    /// Writes the index and every page; a page it cannot write (a symbolic link where it goes, a
    /// full disk) does not stop the others: the problems are thrown together at the end.
    public func handle(_ event: RunnerEvent) throws {
        guard case .runFinished(let results, _) = event else { return }
        var run = HTMLReport.Run(results: results, deselected: deselected, shard: options.shard?.description, filter: options.filter,
                                 paths: options.paths)
        run.wallTimes = options.wallTimes
        run.sourceBase = HTMLReport.sourceBase(directory: directory, workingFolder: FileManager.default.currentDirectoryPath)
        var pages: [(path: String, result: ScenarioResult?)] = [(directory + "/index.html", nil)]
        var owners: [String: String] = [:]
        var problems: [any Error] = []
        for result in results {
            let name = HTMLReport.pageName(result.relativePath)
            // Names differ for different paths (a 64-bit digest); a pair that shares one is refused, never overwritten.
            if let other = owners[name], other != result.relativePath {
                problems.append(ReportFileError(path: directory + "/" + name, reason: "the pages of \(other) and \(result.relativePath) share this name"))
                continue
            }
            owners[name] = result.relativePath
            pages.append((directory + "/" + name, result))
        }
        do {
            try ReporterErrors.collecting(pages) { page in
                try output.writeNamedFile(page.path, page.result.map { HTMLReport.page($0, run: run) } ?? HTMLReport.index(run))
            }
        } catch let errors as ReporterErrors { problems += errors.errors }
        if !problems.isEmpty { throw ReporterErrors(problems) }
    }

    /// Where the page of a failure is: `DIR/flows__a.json.html#step-3`, for the `FAIL` line.
    /// (The page itself links the scenario file at the failure's line: ``HTMLReport/sourceBase(directory:workingFolder:)``.)
    public static func link(directory: String, result: ScenarioResult, failure: ScenarioFailure) -> String {
        directory + "/" + HTMLReport.pageName(result.relativePath) + "#" + HTMLReport.anchor(step: failure.step)
    }
}

/// The pages of the HTML report.
public enum HTMLReport {
    /// What the index and every page say about the run.
    public struct Run: Sendable {
        public var results: [ScenarioResult]
        /// Scenarios found but not selected by `--filter` or `--shard`.
        public var deselected: Int
        public var shard: String?
        public var filter: String?
        public var paths: [String]
        /// The working folder seen from the report's folder (`../`): a failure's file
        /// (`flows/a.json`, relative to it) is linked as `../flows/a.json`; nil links none.
        public var sourceBase: String?
        /// Wall-clock times on the pages; false (`--no-times`): none, so pages are the same from run to run.
        public var wallTimes = true

        public init(results: [ScenarioResult], deselected: Int = 0, shard: String? = nil, filter: String? = nil, paths: [String] = []) {
            self.results = results
            self.deselected = deselected
            self.shard = shard
            self.filter = filter
            self.paths = paths
        }

        /// A failed scenario whose first failure is an error (a step threw, a Lua error).
        public static func isError(_ result: ScenarioResult) -> Bool { result.failures.first?.isError ?? false }
        /// `pass`, `fail`, `error`, `skip` or `todo`.
        public static func status(_ result: ScenarioResult) -> String {
            switch result.status {
            case .passed: return "pass"
            case .failed: return isError(result) ? "error" : "fail"
            case .skipped: return "skip"
            case .todo: return "todo"
            }
        }
        /// The run counted as the CLI counts it (an error is a failure): ``RunCounts``.
        public var counts: RunCounts { RunCounts(results) }
        public var passed: Int { counts.passed }
        public var failed: Int { counts.failed }
        public var skipped: Int { counts.skipped }
        public var todo: Int { counts.todo }
        public var duration: Double { results.reduce(0) { $0 + $1.duration } }
    }

    /// A scenario's page file: a readable prefix of its relative path and a digest of it, `.html`
    /// (``ReportFileName``: `flows__a.json-3f1d0c2b9a8e7d6c.html`).
    public static func pageName(_ relativePath: String) -> String { ReportFileName.name(relativePath, suffix: ".html") }

    /// A link to a page from another page of the report: `./NAME`, so no name is read as a scheme.
    static func href(_ relativePath: String) -> String { "./" + pageName(relativePath) }

    /// The anchor of a step: `step-3`, `start` before the steps.
    public static func anchor(step: Int?) -> String { step.map { "step-\($0)" } ?? "start" }

    /// Text escaped for HTML content and attribute values.
    static func escape(_ text: String) -> String { XMLText.escape(text) }

    /// Seconds for people: `12 ms`, `1.25 s` (any Double: a result read from a worker says its own duration).
    static func seconds(_ value: Double) -> String {
        value >= 0 && value < 1 ? "\(Int((value * 1000).rounded())) ms" : String(format: "%.2f s", value)
    }

    /// The Content-Security-Policy source that allows one inline script, by its SHA-256 digest:
    /// `'sha256-BASE64'` (the report's script; `ctlua preview`'s page uses it for its own).
    public static func scriptHashSource(_ script: String) -> String {
        "'sha256-" + Data(SHA256.digest(Array(script.utf8))).base64EncodedString() + "'"
    }

    /// The pages' policy: nothing loaded from outside, inline style, and no script but the
    /// report's own (allowed by its SHA-256 digest: no other inline script, event handler
    /// attribute or `javascript:` link runs).
    public static let contentSecurityPolicy = "default-src 'none'; style-src 'unsafe-inline'; script-src "
        + HTMLAssets.scriptSource + "; img-src data:; base-uri 'none'; form-action 'none'"

    /// The document around a page's body: inline style and script, nothing from outside.
    static func document(title: String, body: String) -> String {
        """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta http-equiv="Content-Security-Policy" content="\(contentSecurityPolicy)">
        <title>\(escape(title))</title>
        <style>\(HTMLAssets.css)</style>
        </head>
        <body>
        \(body)
        <script>\(HTMLAssets.script)</script>
        </body>
        </html>

        """
    }

    /// `passed 3 · failed 1 · skipped 2 · 1.25 s` (counted as the CLI's closing line counts,
    /// ``RunCounts``: an error is a failure), with the shard and filter.
    static func summary(_ run: Run) -> String {
        var html = "<dl class=\"summary\">"
        for (name, value, kind) in [("passed", run.passed, "pass"), ("failed", run.failed, "fail"),
                                    ("skipped", run.skipped, "skip"), ("todo", run.todo, "todo"),
                                    ("not selected", run.deselected, "skip")] {
            html += "<div class=\"\(kind)\"><dt>\(name)</dt><dd id=\"count-\(name.replacingOccurrences(of: " ", with: "-"))\">\(value)</dd></div>"
        }
        html += "<div><dt>time in scenarios</dt><dd>\(run.wallTimes ? seconds(run.duration) : "not recorded (--no-times)")</dd></div>"
        html += "<div><dt>shard</dt><dd>\(escape(run.shard ?? "all"))</dd></div>"
        html += "<div><dt>filter</dt><dd>\(escape(run.filter ?? "none"))</dd></div>"
        html += "<div><dt>paths</dt><dd>\(escape(run.paths.isEmpty ? "." : run.paths.joined(separator: " ")))</dd></div>"
        return html + "</dl>"
    }

    /// ` · 2 warnings` after a scenario of the index that recorded any.
    static func warned(_ result: ScenarioResult) -> String {
        let count = result.warnings.count
        return count == 0 ? "" : " <span class=\"warn\">· \(count) warning\(count == 1 ? "" : "s")</span>"
    }

    /// The filter of the index: which scenarios a status button shows (`data-status` of a row).
    static func filterStatus(_ result: ScenarioResult) -> String {
        switch result.status {
        case .passed: return "passed"
        case .failed: return "failed"
        case .skipped, .todo: return "skipped"
        }
    }

    /// The index: the summary, a status filter (all, failed, passed, skipped), then every scenario
    /// with its outcome and a link to its page, failed ones first (each group in run order).
    public static func index(_ run: Run) -> String {
        var rows = ""
        let failedFirst = run.results.filter { $0.status == .failed } + run.results.filter { $0.status != .failed }
        for result in failedFirst {
            let status = Run.status(result)
            let first = result.failures.first.map { " — " + escape($0.summary) } ?? ""
            rows += "<li class=\"scenario \(status)\" data-status=\"\(filterStatus(result))\"><span class=\"badge\">\(status.uppercased())</span> "
                + "<a href=\"\(escape(href(result.relativePath)))\">\(escape(result.name))</a> "
                + "<span class=\"file\">\(escape(result.relativePath))</span> \(run.wallTimes ? "<span class=\"time\">\(seconds(result.duration))</span>" : "")"
                + "<span class=\"why\">\(first)</span>\(warned(result))</li>\n"
        }
        var filter = "<nav class=\"filter\" aria-label=\"show\">"
        for (name, count) in [("all", run.results.count), ("failed", run.failed), ("passed", run.passed), ("skipped", run.skipped + run.todo)] {
            filter += "<button type=\"button\" data-filter=\"\(name)\" aria-pressed=\"\(name == "all")\">\(name) (\(count))</button>"
        }
        filter += "</nav>"
        let body = "<header><h1>ctlua test report</h1>\(summary(run))</header>\n\(filter)\n<main><ol class=\"scenarios\">\n\(rows)</ol></main>"
        return document(title: "ctlua test report", body: body)
    }

    /// The working folder as a relative link from the report's folder (`report` gives `../`,
    /// `/tmp/r` seen from `/work/app` gives `../../work/app/`): the same on every machine that has
    /// the same layout, so the pages stay free of absolute paths.
    public static func sourceBase(directory: String, workingFolder: String) -> String {
        func components(_ path: String) -> [String] {
            var out: [String] = []
            for part in path.split(separator: "/") where part != "." && !part.isEmpty {
                if part == "..", !out.isEmpty, out.last != ".." { out.removeLast() } else { out.append(String(part)) }
            }
            return out
        }
        let cwd = components(workingFolder)
        let report = components(directory.hasPrefix("/") ? directory : workingFolder + "/" + directory)
        var common = 0
        while common < min(cwd.count, report.count), cwd[common] == report[common] { common += 1 }
        let up = Array(repeating: "..", count: report.count - common)
        let parts = up + cwd[common...]
        return parts.isEmpty ? "./" : parts.joined(separator: "/") + "/"
    }
}
