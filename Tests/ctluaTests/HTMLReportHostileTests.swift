import Foundation
import Scenarios
import TestSupport
import Testing

/// `ctlua test --report` and `ctlua render` against hostile scenarios: sizes of ±1e300 and 1e-300
/// (which trapped converting to Int, losing the whole report; NaN and infinity cannot be shown,
/// `ui.show` refuses them, and are covered by ScreenSVGTests), links committed where
/// pages and traces go, names that collided or were too long, a big view on for many steps.
/// Each run is a subprocess killed after a bound, so a crash or hang fails here.
@Suite struct HTMLReportHostileTests {
    /// An experience whose `@appcues/target-rectangle` is `rect` (server JSON: no script).
    static func experience(rect: String) -> String {
        #"""
        {"id": "7a1cbd1a-8f38-4f57-9a24-2a1c2f3b0a10", "name": "t", "type": "mobile", "traits": [], "steps": [
          {"id": "7a1cbd1a-8f38-4f57-9a24-2a1c2f3b0a14", "type": "tooltip", "traits": [
            {"type": "@appcues/tooltip"},
            {"type": "@appcues/target-rectangle", "config": \#(rect)},
            {"type": "@appcues/backdrop", "config": {"backgroundColor": {"light": "#00000080"}}},
            {"type": "@appcues/backdrop-keyhole", "config": {"shape": "rectangle"}}],
           "actions": {}, "content": {"type": "text", "id": "5d2c9a10-3f4b-4c1e-8a6d-000000000004", "text": "Tap"}}]}
        """#
    }

    static let hostile: [String: String] = [
        "screen_huge.json": #"{"steps": [{"lua": "ui.show{id = 'screen', width = 1e300, height = 1e300}"}, {"lua": "ui.show{id = 'v', text = 'v'}"}]}"#,
        "screen_negative.json": #"{"steps": [{"lua": "ui.show{id = 'screen', width = -1e300, height = 844}; ui.show{id = 'v', x = 0, y = 0, width = -1e300, height = -1e300}"}]}"#,
        "view_huge.json": #"{"steps": [{"lua": "ui.show{id = 'v', x = 1e300, y = -1e300, width = 1e300, height = 1e300, text = 'hi'}"}]}"#,
        "view_tiny.json": #"{"steps": [{"lua": "ui.show{id = 'screen', width = 1e-300, height = 1e-300}; ui.show{id = 'v', x = -1e300, y = 1e-300, width = 1e-300, height = 1e300}"}]}"#,
        "target_huge.json": #"{"steps": [{"show": {"experience": "exp_huge.json.data"}}]}"#,
        "target_negative.json": #"{"steps": [{"show": {"experience": "exp_negative.json.data"}}]}"#,
        "exp_huge.json.data": experience(rect: #"{"x": 1e300, "y": 1e300, "width": 1e300, "height": 1e300, "contentPreferredPosition": "top"}"#),
        "exp_negative.json.data": experience(rect: #"{"x": -1e300, "y": -1e300, "width": -1e300, "height": 1e300}"#),
    ]

    static var scenarios: [String] { hostile.keys.filter { $0.hasSuffix(".json") }.sorted() }

    /// Every page of a run with all of them is written, with and without workers.
    @Test(arguments: [[String](), ["--no-workers"]])
    func hostileSizesLoseNoPage(extra: [String]) throws {
        let dir = try TemporaryFolder.make(files: Self.hostile)
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = try CLI.runBounded(["test", "--report", "report"] + extra + ["."], directory: dir)
        #expect(r.status == 0, "\(r.stdout)\(r.stderr)")
        #expect(!r.stderr.contains("Fatal error"), "\(r.stderr)")
        for scenario in Self.scenarios {
            let page = try String(contentsOf: dir.appendingPathComponent("report/" + HTMLReport.pageName(scenario)), encoding: .utf8)
            #expect(page.contains("<svg "), "\(scenario)")
        }
        let screen = try String(contentsOf: dir.appendingPathComponent("report/" + HTMLReport.pageName("screen_huge.json")), encoding: .utf8)
        #expect(screen.contains("gives 1e+300×1e+300, not from 1 to 20000 points"))
        let target = try String(contentsOf: dir.appendingPathComponent("report/" + HTMLReport.pageName("target_huge.json")), encoding: .utf8)
        #expect(target.contains("frame out of range: drawn in a plain stack"))
    }

    @Test(arguments: scenarios)
    func renderDrawsHostileSizes(scenario: String) throws {
        let dir = try TemporaryFolder.make(files: Self.hostile)
        defer { try? FileManager.default.removeItem(at: dir) }
        let svg = try CLI.runBounded(["render", scenario], directory: dir)
        #expect(svg.status == 0, "\(svg.stderr)")
        #expect(svg.stdout.hasPrefix("<svg ") && svg.stdout.hasSuffix("</svg>\n"))
        let text = try CLI.runBounded(["render", "--text", scenario], directory: dir)
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stdout.hasPrefix("screen: "))
    }

    /// A link committed where a page or a trace goes is refused, with the reason; the file it
    /// points to is unchanged; every other page and trace, and the index, are written; exit 2.
    @Test func aLinkWhereAPageOrTraceGoesIsNotWrittenThrough() throws {
        let dir = try TemporaryFolder.make(files: [
            "a.json": #"{"steps": [{"advance": 1}]}"#,
            "b.json": #"{"steps": [{"advance": 1}]}"#,
            "victim.txt": "precious",
        ])
        defer { try? FileManager.default.removeItem(at: dir) }
        let manager = FileManager.default
        try manager.createDirectory(at: dir.appendingPathComponent("report"), withIntermediateDirectories: true)
        try manager.createDirectory(at: dir.appendingPathComponent("traces"), withIntermediateDirectories: true)
        let page = "report/" + HTMLReport.pageName("b.json"), trace = "traces/" + JSONReporter.traceFileName("b.json")
        try manager.createSymbolicLink(atPath: dir.path + "/" + page, withDestinationPath: dir.path + "/victim.txt")
        try manager.createSymbolicLink(atPath: dir.path + "/" + trace, withDestinationPath: dir.path + "/victim.txt")
        let r = try CLI.runBounded(["test", "--report", "report", "--trace", "traces", "--trace-all", "a.json", "b.json"], directory: dir)
        #expect(r.status == 2, "\(r.stdout)\(r.stderr)")
        #expect(r.stderr.contains("ctlua: report/\(HTMLReport.pageName("b.json")): is a symbolic link: not written through"), "\(r.stderr)")
        #expect(r.stderr.contains("ctlua: traces/\(JSONReporter.traceFileName("b.json")): is a symbolic link: not written through"), "\(r.stderr)")
        #expect(try String(contentsOf: dir.appendingPathComponent("victim.txt"), encoding: .utf8) == "precious")
        for written in ["report/index.html", "report/" + HTMLReport.pageName("a.json"), "traces/" + JSONReporter.traceFileName("a.json")] {
            #expect(manager.fileExists(atPath: dir.path + "/" + written), "\(written)")
        }
    }

    /// `a/b.json` and `a__b.json` shared a page, a scenario named `index.json`... kept apart; a
    /// passing scenario four folders of 60 characters deep passes (its page name used to exceed 255 bytes).
    @Test func pagesNeverCollideAndDeepPathsPass() throws {
        let folder = String(repeating: "f", count: 60)
        let deep = [folder, folder + "1", folder + "2", folder + "3", String(repeating: "s", count: 200) + ".json"].joined(separator: "/")
        let passing = #"{"steps": [{"advance": 1}]}"#
        let dir = try TemporaryFolder.make(files: ["a/b.json": passing, "a__b.json": passing, "index.json": passing, deep: passing])
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = try CLI.runBounded(["test", "--report", "report", "--trace", "traces", "--trace-all", "."], directory: dir)
        #expect(r.status == 0, "\(r.stdout)\(r.stderr)")
        let pages = try FileManager.default.contentsOfDirectory(atPath: dir.path + "/report")
        #expect(pages.count == 5 && pages.contains("index.html"), "\(pages)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path + "/traces").count == 4)
        let index = try String(contentsOf: dir.appendingPathComponent("report/index.html"), encoding: .utf8)
        #expect(index.contains("ctlua test report"))
    }

    /// A 3 MB view on screen for 50 steps: the page was 153 MB (the view's text in every step's
    /// drawing), and past the worker protocol's frame for bigger ones. Now the screen is drawn
    /// once with its text cut, and the event that showed it is cut in the page.
    @Test func aBigViewOnForManyStepsKeepsThePageSmall() throws {
        let steps = [#"{"lua": "ui.show{id = 'big', text = string.rep('x', 3000000)}"}"#] + Array(repeating: #"{"advance": 1}"#, count: 49)
        let dir = try TemporaryFolder.make(files: ["big.json": "{\"steps\": [\(steps.joined(separator: ","))]}"])
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = try CLI.runBounded(["test", "--report", "report", "big.json"], seconds: 120, directory: dir)
        #expect(r.status == 0, "\(r.stdout)\(r.stderr)")
        let size = try FileManager.default.attributesOfItem(atPath: dir.path + "/report/" + HTMLReport.pageName("big.json"))[.size] as? Int
        #expect((size ?? .max) < 200_000, "\(size ?? -1) bytes")
    }
}
