import Foundation
import Testing
import TestSupport

/// Nothing run-dependent (the engine's temporary state folder, its random name) reaches what a
/// scenario run writes: its transcript, its snapshots, its report, `ctlua render`.
@Suite struct DeterministicOutputTests {
    /// A presenter that shows a downloaded file argument (the file comes from a fixture, as
    /// `setup.files` serves it: through the engine's file cache, in its state folder).
    static let files = [
        "hero.lua": """
            templates.define{
              name = "Hero",
              arguments = {{"image", templates.file}},
              onPresent = function(ctx)
                ui.show{id = "hero.image", image = ctx:file("image")}
                ctx:presented()
              end,
            }
            """,
        "fixtures/hero.png": "not really a png",
        "hero.json": """
            {"name": "a file argument is shown, and the transcript is its snapshot",
             "scripts": ["hero.lua"],
             "setup": {"files": {"https://cdn.example/hero.png": "fixtures/hero.png"}},
             "steps": [
               {"deliver": {"type": "custom-code", "templateName": "Hero", "wzrk_id": "h1",
                            "vars": {"image": "https://cdn.example/hero.png"}}},
               {"expect": {"displayed": "h1", "snapshot": "presented"}}
             ]}
            """,
    ]

    @Test func aFileArgumentsSnapshotPassesTwiceInARowAndTheOutputsAreTheSame() throws {
        let dir = try TemporaryFolder.make(files: Self.files)
        defer { try? FileManager.default.removeItem(at: dir) }
        // The first run writes the snapshot; the second, a new process with a new state folder, compares it.
        let first = try CLI.run(["test", "hero.json", "--update-snapshots", "--trace", "first", "--trace-all", "--report", "first-report"], directory: dir)
        #expect(first.status == 0, "\(first.stdout)\(first.stderr)")
        let second = try CLI.run(["test", "hero.json", "--trace", "second", "--trace-all", "--report", "second-report"], directory: dir)
        #expect(second.status == 0, "the snapshot differs in a second run: \(second.stdout)\(second.stderr)")

        let snapshot = try String(contentsOf: dir.appendingPathComponent("__snapshots__/hero.snap.json"), encoding: .utf8)
        #expect(snapshot.contains("\"/ctlua/state/file-cache/"), "\(snapshot)")
        #expect(!snapshot.contains("ctlua-engine-"), "\(snapshot)")

        // The transcripts of both runs, as --trace writes them, are the same.
        func transcripts(_ folder: String) throws -> [String] {
            let url = dir.appendingPathComponent(folder)
            return try FileManager.default.contentsOfDirectory(atPath: url.path).sorted().map {
                try String(contentsOf: url.appendingPathComponent($0), encoding: .utf8)
            }
        }
        let (a, b) = (try transcripts("first"), try transcripts("second"))
        #expect(a.count == 1 && a == b)
        #expect(a.first?.contains("/ctlua/state/file-cache/") == true, "\(a)")

        // The report's pages are the same but for the wall times (`35 ms`); `ctlua render` draws
        // the same screen twice.
        func pages(_ report: String) throws -> [String: String] {
            let folder = dir.appendingPathComponent(report)
            var pages: [String: String] = [:]
            for page in try FileManager.default.subpathsOfDirectory(atPath: folder.path) where page.hasSuffix(".html") {
                let html = try String(contentsOf: folder.appendingPathComponent(page), encoding: .utf8)
                #expect(!html.contains("ctlua-engine-"), "\(report)/\(page) names the temporary state folder")
                pages[page] = html.replacingOccurrences(of: #"\d+(\.\d+)? (ms|s)\b"#, with: "TIME", options: .regularExpression)
            }
            return pages
        }
        let (firstPages, secondPages) = (try pages("first-report"), try pages("second-report"))
        #expect(!firstPages.isEmpty && firstPages == secondPages)
        #expect(firstPages.values.contains { $0.contains("/ctlua/state/file-cache/") })
        let renders = try (0..<2).map { _ in try CLI.run(["render", "hero.json", "--text"], directory: dir) }
        #expect(renders[0].status == 0, "\(renders[0].stderr)")
        #expect(renders[0].stdout == renders[1].stdout)
        #expect(!renders[0].stdout.contains("ctlua-engine-"), "\(renders[0].stdout)")
        let svg = try (0..<2).map { _ in try CLI.run(["render", "hero.json"], directory: dir).stdout }
        #expect(svg[0] == svg[1] && svg[0].contains("<svg"))
    }
}
