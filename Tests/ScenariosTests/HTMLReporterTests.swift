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
        #expect(page.components(separatedBy: "<svg ").count - 1 == 4)
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
        #expect(index.contains(#"<dd id="count-passed">1</dd>"#))
        #expect(index.contains(#"<dd id="count-failed">1</dd>"#))
        #expect(index.contains(#"<dd id="count-errors">1</dd>"#))
        #expect(index.contains(#"<dd id="count-not-selected">2</dd>"#))
        #expect(index.contains(#"<dd id="count-skipped">0</dd>"#))
        #expect(index.contains("<dd>1/2</dd>") && index.contains("<dd>tap</dd>"))
        #expect(index.contains(#"href="flows__tap.json.html""#))
    }

    @Test func aScenarioWithoutRecordsSaysWhy() {
        let result = ScenarioResult(name: "n", relativePath: "a.json", failures: [ScenarioFailure(message: "timeout")],
                                    transcript: [], duration: 1)
        #expect(HTMLReport.page(result, run: HTMLReport.Run(results: [result])).contains("No screens were recorded"))
    }

    @Test func theTextReportLinksEachFailureToItsStep() throws {
        let result = try run(Self.failing)
        let text = TextReporter.render([result], reportDirectory: "out/report")
        #expect(text.contains("FAIL flows/tap.json (s): steps[2].expect.ui.done.text: view \"done\" has other properties\n  report: out/report/flows__tap.json.html#step-2\n"), "\(text)")
        #expect(!TextReporter.render([result]).contains("report:"))
    }

    @Test func thePageNameCannotLeaveTheFolder() {
        for path in ["../../etc/x.json", "a/../b\n.json", "..\\x.json"] {
            let name = HTMLReport.pageName(path)
            #expect(!name.contains("/") && !name.contains("..") && !name.contains("\\") && !name.contains("\n"), "\(name)")
        }
    }
}
