import Engine
import Foundation
import JSON
import Templates
import Testing
import TestSupport

@Suite struct InAppControllerFilesTests {
    static func templates(_ p: RecordingPresenter) throws -> [CustomTemplate] {
        p.presentAction = { c in c.presented() }
        return [try makeTemplate("Banner", presenter: p) { b in
            try b.addFileArgument("image")
            try b.addFileArgument("map.file")
        }]
    }

    func fileContent(_ path: String?) -> String? {
        path.flatMap { FileManager.default.contents(atPath: $0) }.map { String(decoding: $0, as: UTF8.self) }
    }

    /// Dismisses the displayed in-app and runs the loop.
    func dismiss(_ h: Harness) {
        h.presenter.contexts.last?.dismissed()
        h.clock.drain()
    }

    @Test func fixturesLocalPathsCacheAndFailure() throws {
        let dir = try TemporaryFolder.make()
        try "PNG".write(to: dir.appendingPathComponent("x.png"), atomically: true, encoding: .utf8)
        try "LOCAL".write(to: dir.appendingPathComponent("local.txt"), atomically: true, encoding: .utf8)
        let h = try Harness(templates: Self.templates) { storage, clock in
            let table = try! FixtureFileFetcher.fixtures(from: [
                "https://cdn.example/x.png": "x.png", "https://cdn.example/broken.png": ["error": "HTTP 404"],
            ])
            return CachingFileFetcher.standard(storage: storage, clock: clock, fixtures: table, baseDirectory: dir)
        }
        try h.deliver(inapp("c1", "Banner", vars: [
            "image": "https://cdn.example/x.png", "map.file": .string("file://" + dir.appendingPathComponent("local.txt").path),
        ]))
        let c1 = try #require(h.presenter.contexts.first)
        #expect(fileContent(c1.file("image")) == "PNG")
        #expect(fileContent(c1.file("map.file")) == "LOCAL")
        #expect(c1.dictionary("map")?["file"]?.stringValue == c1.file("map.file"))
        dismiss(h)
        try h.deliver([
            inapp("c2", "Banner", ti: 1, vars: ["image": "https://cdn.example/x.png"]),
            inapp("c3", "Banner", ti: 2, vars: ["image": "https://cdn.example/x.png", "map.file": "https://cdn.example/broken.png"]),
            inapp("c4", "Banner", ti: 3, vars: ["image": .string(dir.appendingPathComponent("x.png").path)]),
        ])
        dismiss(h)
        #expect(h.events("file.fetched").map { $0["cached"] } == [false, false, true, true])
        #expect(h.events("file.failed").map(\.fields) == [["url": "https://cdn.example/broken.png", "reason": "HTTP 404"]])
        #expect(h.events("inapp.skipped").map(\.fields) == [
            ["id": "c3", "template": "Banner", "ti": 2, "reason": "file", "message": "Failed to download custom template files."],
        ])
        #expect(h.controller.displayed == nil && h.controller.queue.map(\.id) == ["c4"],
                "as in the SDK, a drop after preparation does not trigger another attempt: c4 waits")
        h.controller.requestShowAttempt()
        h.clock.drain()
        #expect(h.controller.displayed?.id == "c4", "the next show attempt takes it")
        #expect(h.presenter.calls == ["present:Banner:c1", "present:Banner:c2", "present:Banner:c4"])
    }

    @Test func httpDownloadCachedThenExpiredAfterFourteenDays() throws {
        let server = try TinyHTTPServer(routes: ["/x.png": (200, "REMOTE")])
        defer { server.stop() }
        let h = try Harness(templates: Self.templates) { storage, clock in
            CachingFileFetcher.standard(storage: storage, clock: clock)
        }
        let url = server.url("/x.png")
        try h.deliver(inapp("c1", "Banner", vars: ["image": .string(url)]))
        #expect(fileContent(h.presenter.contexts.last?.file("image")) == "REMOTE")
        #expect(server.hitCount("/x.png") == 1)
        dismiss(h)

        try h.deliver(inapp("c2", "Banner", vars: ["image": .string(url)]))
        #expect(server.hitCount("/x.png") == 1, "served from the cache")
        #expect(fileContent(h.presenter.contexts.last?.file("image")) == "REMOTE")
        dismiss(h)

        // The cache index survives a relaunch.
        let reloaded = CachingFileFetcher(upstream: LocalFileFetcher(), storage: h.storage, clock: h.clock)
        #expect(reloaded.fetch(url).path != nil && reloaded.entries[url] != nil)

        h.clock.advance(by: 14 * 24 * 3600 - 1)
        try h.deliver(inapp("c3", "Banner", vars: ["image": .string(url)]))
        dismiss(h)
        #expect(server.hitCount("/x.png") == 1, "still fresh one second before 14 days")
        h.clock.advance(by: 1)
        try h.deliver(inapp("c4", "Banner", vars: ["image": .string(url)]))
        #expect(server.hitCount("/x.png") == 2, "expired after 14 virtual days")
        #expect(h.events("file.fetched").map { $0["cached"] } == [false, true, true, false])

        dismiss(h)
        try h.deliver(inapp("c5", "Banner", vars: ["image": .string(server.url("/missing.png"))]))
        #expect(h.events("file.failed").last?["reason"] == "HTTP 404")
        #expect(h.events("inapp.skipped").last?["reason"] == "file")
        #expect(h.events("inapp.skipped").last?["message"] == "Failed to download custom template files.")
    }

    @Test(arguments: [JSONValue.array([]), ["u": 3], ["u": ["error": 1]], ["u": ["error": "x", "more": 1]]])
    func badFixtureTables(json: JSONValue) {
        #expect(throws: FixtureError.self) { try FixtureFileFetcher.fixtures(from: json) }
    }

    @Test func corruptCacheIndexIsMovedAsideAndReported() throws {
        let storage = try Storage(directory: TemporaryFolder.make())
        try storage.writeAtomically(CachingFileFetcher.indexName, Array("{oops".utf8))
        var reported: [String] = []
        let cache = CachingFileFetcher(upstream: LocalFileFetcher(), storage: storage, clock: VirtualClock()) {
            reported.append($0)
        }
        #expect(cache.entries.isEmpty)
        #expect(reported.count == 1 && reported[0].contains("file-cache.json.corrupt-1"))
        #expect(try storage.read(CachingFileFetcher.indexName + ".corrupt-1") == Array("{oops".utf8))
    }
}
