import Foundation
import Scenarios
import TestSupport
import Testing

/// `ctlua test --report DIR` end to end: pages for every scenario, screens carried from the
/// worker processes, the FAIL line's link, the same report with and without workers.
@Suite struct HTMLReportTests {
    private func page(_ dir: URL, _ relativePath: String) throws -> String {
        let name = HTMLReport.pageName(relativePath)
        return try String(contentsOf: dir.appendingPathComponent(name), encoding: .utf8)
    }

    @Test func aFailingRunWritesEveryPageAndLinksTheFailure() throws {
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let report = dir.appendingPathComponent("report")
        let r = try CLI.run(["test", "--jobs", "2", "--report", report.path,
                             "examples/scenarios-failing/wrong_expectation.json", "examples/scenarios/traits/tooltip_targets_button.json"])
        #expect(r.status == 1, "\(r.stdout)\(r.stderr)")
        let link = "  report: \(report.path)/\(HTMLReport.pageName("examples/scenarios-failing/wrong_expectation.json"))#step-1\n"
        #expect(r.stdout.contains(".expect.ui[\"banner.title\"].text: view \"banner.title\" has other properties\n" + link), "\(r.stdout)")
        let index = try String(contentsOf: report.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(index.contains(#"<dd id="count-passed">1</dd>"#) && index.contains(#"<dd id="count-failed">1</dd>"#))
        let failing = try page(report, "examples/scenarios-failing/wrong_expectation.json")
        #expect(failing.contains("<td><code>expect.ui[&quot;banner.title&quot;].text</code></td><td class=\"expected\"><code>&quot;Clearance&quot;</code></td>"), "\(failing.prefix(3000))")
        // screens crossed the worker protocol: the tooltip's geometry is drawn
        let tooltip = try page(report, "examples/scenarios/traits/tooltip_targets_button.json")
        #expect(tooltip.contains(#"data-view-id="buy""#))
        #expect(tooltip.contains("target rectangle"))
        #expect(tooltip.contains(">pointer</text>"))
    }

    @Test func workersAndInProcessRunsWriteTheSameScreens() throws {
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let scenario = "examples/scenarios/hooks/login_blocks_premium_until_sign_in.json"
        _ = try CLI.run(["test", "--report", dir.path + "/a", scenario])
        _ = try CLI.run(["test", "--no-workers", "--report", dir.path + "/b", scenario])
        func svgs(_ folder: String) throws -> [String] {
            try page(URL(fileURLWithPath: folder), scenario).components(separatedBy: "<svg ").dropFirst()
                .map { String($0.prefix { $0 != "\u{0}" }.split(separator: "</svg>").first ?? "") }
        }
        let a = try svgs(dir.path + "/a"), b = try svgs(dir.path + "/b")
        #expect(a.count > 2)
        #expect(a == b)
        #expect(a.joined().contains("navigation stack:"))
    }

    @Test func anUnwritableReportFolderIsAnError() throws {
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Data("x".utf8).write(to: dir.appendingPathComponent("file"))
        let r = try CLI.run(["test", "--report", dir.path + "/file", "examples/scenarios/priority_order.json"])
        #expect(r.status == 2)
        #expect(r.stderr.contains("ctlua: \(dir.path)/file/index.html: "), "\(r.stderr)")
    }
}
