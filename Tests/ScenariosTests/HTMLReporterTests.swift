import Foundation
import JSON
import SystemKit
import Testing
@testable import Scenarios

/// The HTML report: self-contained pages, the summary, each step with its events and screen,
/// failures by JSON path, and the links the text report prints.
struct HTMLReporterTests {
    private func run(_ text: String) throws -> ScenarioResult {
        var executor = ScenarioExecutor(registry: Fixture.registry)
        executor.screens = true
        return executor.run(try Fixture.load(text, name: "flows/tap.json").get())
    }

    static let failing = Fixture.steps(
        #"{"lua": "ui.show{id = 'ok', text = 'OK <now>', onTap = function() ui.show{id = 'done', text = 'Thanks'} end}"}"#,
        #"{"tap": "ok"}"#,
        #"{"expect": {"ui": {"done": {"text": "Merci", "size": 2}}}}"#)

    @Test func aPageShowsEveryStepItsEventsAndItsScreen() throws {
        let result = try run(Self.failing)
        let page = HTMLReport.page(result, run: HTMLReport.Run(results: [result]))
        for anchor in ["start", "step-0", "step-1", "step-2"] { #expect(page.contains(#"id="\#(anchor)""#)) }
        #expect(page.contains(##"<a href="#step-1">steps[1] <b>tap</b></a>"##))
        // the start shows nothing: a line, not an empty frame; the three steps that show views are drawn
        #expect(page.components(separatedBy: "<svg ").count - 1 == 3)
        #expect(page.contains(#"<p class="screen none">nothing on screen after start</p>"#))
        #expect(page.contains(#"class="view stacked tappable tapped" data-z="1" data-view-id="ok""#))
        #expect(page.contains("<td>ui.tap</td>"))
        #expect(page.contains("OK &lt;now&gt;"))
        #expect(!page.contains("OK <now>"))
    }

    @Test func aFailureShowsExpectedAgainstActualByJSONPath() throws {
        let result = try run(Self.failing)
        let page = HTMLReport.page(result, run: HTMLReport.Run(results: [result]))
        #expect(page.contains(#"<section class="step failed" id="step-2""#))
        #expect(page.contains("<td><code>expect.ui.done.text</code></td><td class=\"expected\"><code>&quot;Merci&quot;</code></td><td class=\"actual\"><code>&quot;Thanks&quot;</code></td>"))
        // the whole pattern against the whole view, as a line diff
        #expect(page.contains(#"<span class="del">-   &quot;size&quot;: 2,</span>"#))
        #expect(page.contains(#"class="badge fail">FAIL"#))
    }

    @Test func pagesAreSelfContained() throws {
        let result = try run(Self.failing)
        for html in [HTMLReport.page(result, run: HTMLReport.Run(results: [result])), HTMLReport.index(HTMLReport.Run(results: [result]))] {
            // the SVG namespace is a name, not a fetch; nothing else names a URL
            #expect(!html.replacingOccurrences(of: "xmlns=\"http://www.w3.org/2000/svg\"", with: "").contains("://"))
            #expect(!html.contains("<link"))
            #expect(!html.contains(" src="))
            #expect(html.contains("Content-Security-Policy"))
        }
    }

    @Test func theIndexSummarisesTheRun() throws {
        let failed = try run(Self.failing)
        let passed = try run(Fixture.steps(#"{"tap": "nowhere"}"#))   // a step that throws: an error
        let ok = try run(Fixture.steps(#"{"advance": 1}"#))
        let run = HTMLReport.Run(results: [failed, passed, ok], deselected: 2, shard: "1/2", filter: "tap")
        let index = HTMLReport.index(run)
        // counted as the CLI counts (one function, RunCounts): an error is a failure
        #expect(index.contains(#"<dd id="count-passed">1</dd>"#))
        #expect(index.contains(#"<dd id="count-failed">2</dd>"#))
        #expect(!index.contains("count-errors"))
        #expect(TextReporter.summary([failed, passed, ok]) == "1 passed, 2 failed")
        #expect(index.contains(#"<dd id="count-not-selected">2</dd>"#))
        #expect(index.contains(#"<dd id="count-skipped">0</dd>"#))
        #expect(index.contains("<dd>1/2</dd>") && index.contains("<dd>tap</dd>"))
        #expect(index.contains(#"href="./\#(HTMLReport.pageName("flows/tap.json"))""#))
    }

    @Test func aScenarioWithoutRecordsSaysWhy() {
        let result = ScenarioResult(name: "n", relativePath: "a.json", failures: [ScenarioFailure(message: "timeout")],
                                    transcript: [], duration: 1)
        #expect(HTMLReport.page(result, run: HTMLReport.Run(results: [result])).contains("No screens were recorded"))
    }

    @Test func theTextReportLinksEachFailureToItsStep() throws {
        let result = try run(Self.failing)
        let text = TextReporter.render([result], reportDirectory: "out/report")
        #expect(text.contains("FAIL flows/tap.json (s): steps[2].expect.ui.done.text: view \"done\" has other properties\n  report: out/report/\(HTMLReport.pageName("flows/tap.json"))#step-2\n"), "\(text)")
        #expect(!TextReporter.render([result]).contains("report:"))
    }

    @Test func thePageNameCannotLeaveTheFolder() {
        for path in ["../../etc/x.json", "a/../b\n.json", "..\\x.json"] {
            let name = HTMLReport.pageName(path)
            #expect(!name.contains("/") && !name.contains("..") && !name.contains("\\") && !name.contains("\n"), "\(name)")
        }
    }

    /// The policy lets only the report's own script run (by its digest): no `'unsafe-inline'`,
    /// so neither a `javascript:` link nor an injected handler runs.
    @Test func thePolicyAllowsOnlyTheReportsOwnScript() throws {
        let result = try run(Self.failing)
        for html in [HTMLReport.page(result, run: HTMLReport.Run(results: [result])), HTMLReport.index(HTMLReport.Run(results: [result]))] {
            let policy = try #require(html.components(separatedBy: #"Content-Security-Policy" content=""#).dropFirst().first?.prefix { $0 != "\"" })
            let scriptSource = try #require(policy.components(separatedBy: "; ").first { $0.hasPrefix("script-src ") })
            #expect(!scriptSource.contains("unsafe"), "\(policy)")
            #expect(html.components(separatedBy: "<script>").count == 2)   // one script
            let script = try #require(html.components(separatedBy: "<script>").last?.components(separatedBy: "</script>").first)
            let digest = Data(SHA256.digest(Array(script.utf8))).base64EncodedString()
            #expect(scriptSource == "script-src 'sha256-\(digest)'")
        }
    }

    /// A scenario file named like a URL (`javascript:alert(1).json`) is linked as `./NAME`, and the
    /// name holds no `:`: the link is a file of the report, never a scheme.
    @Test(arguments: ["javascript:alert(1).json", "data:text/html,x.json", "//evil.example/x.json", "a/javascript:x.json"])
    func aLinkIsNeverReadAsAScheme(path: String) throws {
        let result = ScenarioResult(name: "n", relativePath: path, failures: [], transcript: [], duration: 0)
        let index = HTMLReport.index(HTMLReport.Run(results: [result]))
        let href = try #require(index.components(separatedBy: #"<a href=""#).dropFirst().first?.prefix { $0 != "\"" })
        #expect(href.hasPrefix("./"))
        #expect(!href.dropFirst(2).contains(":") && !href.dropFirst(2).contains("/"), "\(href)")
        #expect(index.contains(HTMLReport.escape(path)))   // the path itself is still shown, as text
    }

    /// A 300 KB view on screen for 50 steps: drawn once, its text cut; the other steps use it.
    /// (Before: the page held the text in every step's drawing, 50 × 300 KB.)
    @Test func aScreenOnForManyStepsIsDrawnOnce() throws {
        let steps = [#"{"lua": "ui.show{id = 'big', text = string.rep('x', 300000)}"}"#] + Array(repeating: #"{"advance": 1}"#, count: 50)
        var executor = ScenarioExecutor(registry: Fixture.registry)
        executor.screens = true
        let result = executor.run(try Fixture.load("{\"steps\": [\(steps.joined(separator: ","))]}", name: "big.json").get())
        let page = HTMLReport.page(result, run: HTMLReport.Run(results: [result]))
        #expect(page.components(separatedBy: "<svg ").count - 1 == 51)   // the empty start draws none
        #expect(page.components(separatedBy: #"<g id="screen-"#).count - 1 == 1)   // the view, once
        #expect(page.components(separatedBy: ##"<use href="#screen-1"/>"##).count - 1 == 50)
        // the text in no drawing, and cut in the step's events (the trace keeps it whole)
        #expect(page.utf8.count < 100_000, "\(page.utf8.count) bytes")
        #expect(page.contains(" … (280"), "\(page.utf8.count) bytes")
        #expect(page.contains("more characters; --trace writes the whole event)"))
    }

    /// A page that cannot be written (a link where it goes) does not stop the others or the index.
    @Test func everyOtherPageIsWrittenWhenOneIsALink() throws {
        let dir = try Fixture.folder(["target": "precious"])
        defer { Fixture.remove(dir) }
        let results = ["a.json", "b.json", "c.json"].map { ScenarioResult(name: $0, relativePath: $0, failures: [], transcript: [], duration: 0) }
        try FileManager.default.createSymbolicLink(atPath: dir + "/" + HTMLReport.pageName("b.json"), withDestinationPath: dir + "/target")
        let reporter = HTMLReporter(directory: dir, options: RunnerOptions(),
                                    output: RunnerOutput(stdout: { _ in }, stderr: { _ in }, isTerminal: false))
        #expect(throws: ReporterErrors.self) { try reporter.handle(.runFinished(results: results, coverage: nil)) }
        #expect(try String(contentsOfFile: dir + "/target", encoding: .utf8) == "precious")
        for name in ["index.html", HTMLReport.pageName("a.json"), HTMLReport.pageName("c.json")] {
            #expect(FileManager.default.fileExists(atPath: dir + "/" + name), "\(name)")
        }
    }

    /// A duration read from a worker can be any Double: `-1e300` trapped converting to Int.
    @Test(arguments: [(0.0125, "13 ms"), (1.25, "1.25 s"), (Double.nan, "nan s"), (-Double.infinity, "-inf s")])
    func secondsAreWrittenForAnyValue(value: Double, text: String) {
        #expect(HTMLReport.seconds(value) == text)
        #expect(HTMLReport.seconds(-1e300).hasPrefix("-1000000"))
    }

    /// The index lists failed scenarios first (each group in run order), each row with the status
    /// its filter buttons show (all, failed, passed, skipped), the buttons counting as the summary.
    @Test func theIndexListsFailuresFirstWithAStatusFilter() throws {
        let ok = try run(Fixture.steps(#"{"advance": 1}"#))
        let failed = try run(Self.failing)
        var skipped = ok
        skipped.marks = [ScenarioMark(kind: .skip, reason: "later")]
        let index = HTMLReport.index(HTMLReport.Run(results: [ok, skipped, failed]))
        let statuses = index.components(separatedBy: #"data-status=""#).dropFirst().map { String($0.prefix { $0 != "\"" }) }
        #expect(statuses == ["failed", "passed", "skipped"])
        for (name, count) in [("all", 3), ("failed", 1), ("passed", 1), ("skipped", 1)] {
            #expect(index.contains(#"data-filter="\#(name)""#) && index.contains(">\(name) (\(count))</button>"), "\(name)")
        }
        #expect(index.contains(#"<button type="button" data-filter="all" aria-pressed="true">"#))
    }

    /// A failure on its page names and links its file and line (the runner's `sourceLocation`),
    /// relative to the report's folder.
    @Test func aFailureLinksItsFileAndLine() throws {
        var failure = ScenarioFailure(step: 2, expectation: "ui.done.text", message: "m", expected: .json("a"), actual: .json("b"))
        failure.sourceLocation = SourceLocation(file: "flows/a b#.json", position: SourcePosition(line: 4, column: 17))
        let html = HTMLReport.failureHTML(failure, sourceBase: "../")
        #expect(html.contains(#"<p class="source">at <a href="../flows/a%20b%23.json"><code>flows/a b#.json:4:17</code></a></p>"#), "\(html)")
        #expect(HTMLReport.failureHTML(failure).contains(#"<p class="source">at <code>flows/a b#.json:4:17</code></p>"#))
    }

    @Test(arguments: [("report", "/w/app", "../"), ("/w/app/out/r", "/w/app", "../../"), ("/tmp/r", "/w/app", "../../w/app/"),
                      ("./a/../r/", "/w", "../"), ("/w", "/w", "./")])
    func theSourceBaseIsTheWorkingFolderSeenFromTheReport(directory: String, cwd: String, base: String) {
        #expect(HTMLReport.sourceBase(directory: directory, workingFolder: cwd) == base)
    }
}
