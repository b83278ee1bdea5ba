import Foundation
import Engine
import JSON
import SystemKit

extension HTMLReport {
    /// A scenario's page: header, failures (expected against actual by JSON path), the timeline
    /// of steps and, per step, its events and the screen after it.
    public static func page(_ result: ScenarioResult, run: Run) -> String {
        let status = Run.status(result)
        var body = "<header><a class=\"back\" href=\"./index.html\">← all scenarios</a>"
        body += "<h1><span class=\"badge \(status)\">\(status.uppercased())</span> \(escape(result.name))</h1>"
        body += "<p class=\"file\">\(escape(result.relativePath))" + (run.wallTimes ? " · \(seconds(result.duration))" : "")
        body += " · <kbd>j</kbd>/<kbd>k</kbd> or <kbd>←</kbd>/<kbd>→</kbd> next and previous step, <kbd>f</kbd> the failure</p></header>\n"
        if !result.failures.isEmpty {
            body += "<section class=\"failures\"><h2>Failures</h2>\n"
            for failure in result.failures { body += failureHTML(failure, sourceBase: run.sourceBase) }
            body += "</section>\n"
        }
        let warnings = Transcript.warnings(in: result.transcript)
        if !warnings.isEmpty {
            // What the SDK ignored: each warning links to its row in the step's events.
            body += "<section class=\"warnings\"><h2>Warnings</h2><ul>\n"
            for (index, message) in warnings {
                let step = result.steps.last { $0.firstEvent <= index && index < $0.endEvent }
                body += "<li class=\"warning\"><a href=\"#\(anchor(step: step?.step))\">WARN</a> \(escape(message))</li>\n"
            }
            body += "</ul></section>\n"
        }
        for mark in result.marks { body += "<p class=\"mark\">\(mark.kind == .skip ? "SKIP" : "TODO"): \(escape(mark.line))</p>\n" }
        if result.steps.isEmpty {
            body += result.status == .skipped || result.status == .todo
                ? "<p class=\"notice\">The scenario did not run: nothing to draw.</p>\n"
                : "<p class=\"notice\">No screens were recorded: the scenario's worker ended (timeout or crash) before it "
                    + "reported its steps. The transcript so far:</p>\n"
            body += notKeptHTML(result.transcriptNote)
            body += eventsHTML(result.transcript, range: 0..<result.transcript.count, offset: result.eventsNotKept)
            return document(title: result.name, body: body)
        }
        let failedSteps = Set(result.failures.map { anchor(step: $0.step) })
        body += "<nav class=\"timeline\" aria-label=\"steps\"><ol>"
        for record in result.steps {
            let id = anchor(step: record.step)
            let failed = failedSteps.contains(id) ? " class=\"failed\"" : ""
            body += "<li\(failed)><a href=\"#\(id)\">\(escape(record.label)) <b>\(escape(record.name))</b></a></li>"
        }
        body += "</ol></nav>\n<main>\n"
        var drawn = Drawings()
        for record in result.steps {
            body += stepHTML(record, result: result, failed: failedSteps.contains(anchor(step: record.step)), drawn: &drawn)
        }
        body += "</main>"
        return document(title: result.name, body: body)
    }

    /// The screens a page has drawn, by screen: a step whose screen was drawn before shows it again
    /// with `<use>`, so a page grows with the screens that differ, not with steps × screen.
    struct Drawings {
        private var ids: [Screen: (id: String, opening: String)] = [:]

        /// The `<svg>` of `screen`: drawn whole the first time (its content in `<g id="screen-N">`),
        /// after that an `<svg>` of the same size that uses it.
        mutating func svg(_ screen: Screen) -> String {
            if let known = ids[screen] { return known.opening + "<use href=\"#\(known.id)\"/></svg>\n" }
            let drawing = ScreenSVG.drawing(screen)
            let id = "screen-\(ids.count + 1)"
            ids[screen] = (id, drawing.opening)
            return drawing.opening + "<g id=\"\(id)\">" + drawing.body + "</g></svg>\n"
        }
    }

    static func stepHTML(_ record: StepRecord, result: ScenarioResult, failed: Bool, drawn: inout Drawings) -> String {
        let id = anchor(step: record.step)
        var html = "<section class=\"step\(failed ? " failed" : "")\" id=\"\(id)\" tabindex=\"-1\">"
        html += "<h2>\(escape(record.label)) <b>\(escape(record.name))</b>"
        let kept = record.endEvent - 1 - result.eventsNotKept   // the transcript keeps events from eventsNotKept on
        if let t = result.transcript.indices.contains(kept) ? result.transcript[kept].t : nil {
            html += " <span class=\"time\">t=\(t)</span>"
        }
        html += "</h2>"
        if record.value != .null { html += "<pre class=\"step-json\">\(escape(JSONWriter.text(record.value)))</pre>" }
        for mark in result.marks where mark.step != nil && mark.step == record.step {
            html += "<p class=\"mark\">\(escape(mark.line)): the step did not run</p>"
        }
        for failure in result.failures where anchor(step: failure.step) == id {
            html += "<p class=\"failed-here\">✗ \(escape(failure.summary))</p>"
        }
        html += "<div class=\"cols\"><div class=\"events\"><h3>Events</h3>"
        let first = max(record.firstEvent - result.eventsNotKept, 0)
        let range = first..<max(min(record.endEvent - result.eventsNotKept, result.transcript.count), first)
        if record.firstEvent < result.eventsNotKept && record.endEvent > record.firstEvent {
            html += notKeptHTML(result.transcriptNote)
        }
        html += eventsHTML(result.transcript, range: range, offset: result.eventsNotKept)
        if record.screen.isEmpty {
            // nothing on screen: a line, not an empty 390×844 frame
            html += "</div><p class=\"screen none\">nothing on screen after \(escape(record.label))</p></div></section>\n"
        } else {
            html += "</div><figure class=\"screen\">\(drawn.svg(record.screen))"
            html += "<figcaption>the screen after \(escape(record.label))</figcaption></figure></div></section>\n"
        }
        return html
    }

    /// Characters of an event's fields a page shows; the rest is counted (`--trace` keeps all).
    static let maxEventText = 20_000

    /// "N earlier events not kept" above a transcript the runner kept only the tail of.
    static func notKeptHTML(_ note: String?) -> String {
        note.map { "<p class=\"notice\">\(escape($0))</p>" } ?? ""
    }

    /// The events of `range`, one row each: index (counted from the scenario's first event:
    /// `offset` earlier ones not kept), virtual time, type, fields (cut at ``maxEventText``).
    static func eventsHTML(_ transcript: [TranscriptEvent], range: Range<Int>, offset: Int = 0) -> String {
        guard !range.isEmpty else { return "<p class=\"none\">no events</p>" }
        var html = "<table class=\"transcript\"><thead><tr><th>#</th><th>t</th><th>type</th><th>fields</th></tr></thead><tbody>"
        for i in range {
            let event = transcript[i]
            let fields = event.fields.filter { $0.key != "t" && $0.key != "type" }
            let kind = event.type == "error" ? " class=\"error\"" : event.type == "warning" ? " class=\"warning\"" : ""
            html += "<tr\(kind)><td>\(offset + i)</td><td>\(event.t)</td><td>\(escape(event.type))</td>"
                + "<td><code>\(fields.isEmpty ? "" : escape(cut(JSONWriter.text(.object(fields)))))</code></td></tr>"
        }
        return html + "</tbody></table>"
    }

    /// `text` cut to ``maxEventText`` characters, saying how many more there were.
    static func cut(_ text: String) -> String {
        guard text.utf8.count > maxEventText else { return text }
        let kept = text.prefix(maxEventText)
        return kept + " … (\(text.count - kept.count) more characters; --trace writes the whole event)"
    }

    /// One failure: its summary (linking to its step); expected against actual at the failure's
    /// JSON path (the runner's own difference: the page computes none); the line diff of the whole
    /// pattern against the whole value (or of both sides, when both are JSON objects or arrays);
    /// the transcript around it.
    static func failureHTML(_ failure: ScenarioFailure, sourceBase: String? = nil) -> String {
        var html = "<div class=\"failure\"><p><a href=\"#\(anchor(step: failure.step))\">\(escape(failure.summary))</a></p>"
        if let source = failure.sourceLocation {
            // the scenario file at the failure's line, as the FAIL line and the GitHub annotation name it
            html += "<p class=\"source\">at " + (sourceBase.map { "<a href=\"\(escape(sourceHref($0, source.file)))\">" } ?? "")
                + "<code>\(escape(source.description))</code>" + (sourceBase == nil ? "" : "</a>") + "</p>"
        }
        if let expected = failure.expected, let actual = failure.actual {
            let path = failure.expectation.map { "expect.\($0)" } ?? "$"
            html += "<table class=\"diff\"><thead><tr><th>JSON path</th><th>expected</th><th>actual</th></tr></thead><tbody>"
            html += "<tr><td><code>\(escape(path))</code></td>\(cell(expected, "expected"))\(cell(actual, "actual"))</tr>"
            html += "</tbody></table>"
        } else {
            if let expected = failure.expected { html += "<p class=\"expected\">expected: <code>\(escape(expected.text))</code></p>" }
            if let actual = failure.actual { html += "<p class=\"actual\">actual: <code>\(escape(actual.text))</code></p>" }
        }
        let whole = failure.wholeExpected.flatMap { e in failure.wholeActual.map { (e, $0) } }
            ?? failure.expected?.value.flatMap { e in failure.actual?.value.map { (e, $0) } }
        if let (expected, actual) = whole, let diff = LineDiff.json(expected: expected, actual: actual) {
            html += "<pre class=\"linediff\">"
            for line in diff {
                let kind = line.hasPrefix("-") ? "del" : line.hasPrefix("+") ? "ins" : "same"
                html += "<span class=\"\(kind)\">\(escape(line))</span>\n"
            }
            html += "</pre>"
        }
        if !failure.context.isEmpty { html += "<pre class=\"context\">\(escape(failure.context.joined(separator: "\n")))</pre>" }
        return html + "</div>\n"
    }

    /// A link to a scenario file from a page: `base` (the working folder from the report's folder)
    /// and the file's path, each part percent-escaped (a `#`, `?` or `:` in a name stays a name);
    /// an absolute path as it is.
    static func sourceHref(_ base: String, _ file: String) -> String {
        let path = file.hasPrefix("/") ? file : base + file
        let escaped = path.split(separator: "/", omittingEmptySubsequences: false).map { part in
            part.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed.subtracting(CharacterSet(charactersIn: ":;?#"))) ?? String(part)
        }.joined(separator: "/")
        return file.hasPrefix("/") ? "file://" + escaped : escaped
    }

    /// A table cell of one side: a JSON value as JSON text, prose in italics (`missing`, `nothing`).
    static func cell(_ side: FailureValue, _ kind: String) -> String {
        switch side {
        case .json: return "<td class=\"\(kind)\"><code>\(escape(side.text))</code></td>"
        case .prose(let prose): return "<td class=\"\(kind) prose\"><i>\(escape(prose))</i></td>"
        }
    }
}
