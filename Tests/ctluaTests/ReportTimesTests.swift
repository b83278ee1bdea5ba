import Foundation
import TestSupport
import Testing

/// `ctlua test --no-times` (#38 item 4): the report files carry no wall-clock time, so two runs of
/// the same scenarios write the same JUnit file, JSON report and HTML pages.
@Suite struct ReportTimesTests {
    static func project() throws -> URL {
        let dir = try FailureLocationTests.project()
        // something slow enough that wall times differ between runs
        try #"{"name": "slow", "steps": [{"lua": "local x = 0 for i = 1, 200000 do x = x + i end ui.show{id = 'n', text = tostring(x)}"}, {"expect": {"ui": {"n": {"text": "20000100000"}}}}]}"#
            .write(to: dir.appendingPathComponent("flows/slow.json"), atomically: true, encoding: .utf8)
        return dir
    }

    private func files(_ dir: URL, _ name: String) throws -> [String: String] {
        var out: [String: String] = [:]
        for ext in ["xml", "json"] { out["report." + ext] = try String(contentsOfFile: dir.path + "/\(name).\(ext)", encoding: .utf8) }
        for page in try FileManager.default.contentsOfDirectory(atPath: dir.path + "/" + name) {
            out[page] = try String(contentsOfFile: dir.path + "/\(name)/" + page, encoding: .utf8)
        }
        return out
    }

    @Test func twoRunsWriteTheSameReports() throws {
        let dir = try Self.project()
        defer { try? FileManager.default.removeItem(at: dir) }
        for name in ["a", "b"] {
            let r = try CLI.run(["test", "--no-times", "--junit", "\(name).xml", "--json", "\(name).json", "--report", name, "flows"], directory: dir)
            #expect(r.status == 1, "\(r.stdout)\(r.stderr)")
        }
        let a = try files(dir, "a"), b = try files(dir, "b")
        #expect(a.count == 6 && Set(a.keys) == Set(b.keys), "\(a.keys)")
        for (file, text) in a { #expect(b[file] == text, "\(file) differs between two --no-times runs") }
        #expect(!a["report.xml"]!.contains("time="), "\(a["report.xml"]!)")
        #expect(!a["report.json"]!.contains("\"duration\""))
        #expect(a["index.html"]!.contains("<dt>time in scenarios</dt><dd>not recorded (--no-times)</dd>"))
        // without the flag the times are there
        _ = try CLI.run(["test", "--junit", "c.xml", "--json", "c.json", "--report", "c", "flows"], directory: dir)
        let c = try files(dir, "c")
        #expect(c["report.xml"]!.contains(" time=\""), "\(c["report.xml"]!)")
        #expect(c["report.json"]!.contains("\"duration\":"))
        #expect(c["index.html"]!.contains("<span class=\"time\">"))
    }
}
