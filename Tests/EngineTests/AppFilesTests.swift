import Engine
import Foundation
import JSON
import LuaRuntime
import TestSupport
import Testing

/// `app.files`: a Lua scenario's `setup.files` (URL fixtures), under hostile input.
@Suite struct AppFilesTests {
    /// An engine whose base directory and load root is a fresh folder holding `a.png`.
    func engine() throws -> (Engine, URL) {
        let dir = try TemporaryFolder.make()
        try "A".write(to: dir.appendingPathComponent("a.png"), atomically: true, encoding: .utf8)
        var configuration = Engine.Configuration()
        configuration.baseDirectory = dir
        configuration.loadRoots = [dir.path]
        configuration.limits.memory = 32 << 20
        return (try Engine(configuration: configuration), dir)
    }

    func content(_ result: FileFetchResult) -> String? {
        result.path.flatMap { FileManager.default.contents(atPath: $0) }.map { String(decoding: $0, as: UTF8.self) }
    }

    @Test func fixturesServeAFileOrAFailureAndReplaceEachOther() throws {
        let (engine, _) = try engine()
        try engine.run("app.files{ ['https://cdn.example/a.png'] = 'a.png', ['https://cdn.example/b.png'] = {error = 'HTTP 404'} }")
        #expect(content(engine.files.target.fetch("https://cdn.example/a.png")) == "A")
        #expect(engine.files.target.fetch("https://cdn.example/b.png") == .failed(reason: "HTTP 404"))
        // A second call replaces the table: b is served now.
        try engine.run("app.files{ ['https://cdn.example/b.png'] = 'a.png' }")
        #expect(content(engine.files.target.fetch("https://cdn.example/b.png")) == "A")
        try engine.run("app.files{}")
        if case .fetched = engine.files.target.fetch("https://cdn.example/c.png") {
            Issue.record("no fixture, no network: an unknown host does not serve a file")
        }
    }

    @Test(arguments: [
        "app.files()",
        "app.files('a.png')",
        "app.files{ ['https://x/a'] = 3 }",
        "app.files{ ['https://x/a'] = {error = 3} }",
        "app.files{ ['https://x/a'] = {error = 'x', extra = 1} }",
        "app.files{ ['https://x/a'] = {} }",
        "app.files{ 'a.png' }",
        "app.files{ ['https://x/a'] = '/etc/passwd' }",
        "app.files{ ['https://x/a'] = '../../../../../../etc/passwd' }",
        "local t = {}; t.t = t; app.files{ ['https://x/a'] = t }",
    ])
    func aWrongTableIsALuaErrorAndChangesNothing(_ call: String) throws {
        let (engine, _) = try engine()
        try engine.run("app.files{ ['https://cdn.example/a.png'] = 'a.png' }")
        let error = #expect(throws: LuaError.self) { try engine.run(call) }
        #expect(error?.message.contains("files") == true, "\(call): \(String(describing: error))")
        #expect(content(engine.files.target.fetch("https://cdn.example/a.png")) == "A", "the earlier fixtures stay")
    }

    @Test func hugeTablesAndLoopsStayUnderTheLimits() throws {
        let (engine, _) = try engine()
        // 10,000 fixtures at once are fine.
        try engine.run("local t = {}; for i = 1, 10000 do t['https://x/' .. i] = 'a.png' end; app.files(t)")
        #expect(content(engine.files.target.fetch("https://x/9999")) == "A")
        // Large tables in a loop are charged to the memory cap: they end with not enough memory.
        let error = #expect(throws: LuaError.self) {
            try engine.run("local big = ('x'):rep(1 << 20); for i = 1, 100 do app.files{ [big .. i] = {error = big} } end")
        }
        #expect(error?.message.contains("not enough memory") == true, "\(String(describing: error))")
    }
}
