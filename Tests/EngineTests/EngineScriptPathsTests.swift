import Engine
import Foundation
import LuaRuntime
import Testing
import TestSupport

/// Scripts see the engine's state directory (a temporary folder with a random name unless one is
/// given) as `/ctlua/state`: a downloaded file's path is the same in every run and still opens.
@Suite struct EngineScriptPathsTests {
    /// An engine whose files come from a fixture for `url` (as a scenario's `setup.files` does).
    func engine(policy: SandboxPolicy, url: String, fixture: URL) throws -> Engine {
        var configuration = Engine.Configuration()
        configuration.policy = policy
        let engine = try Engine(configuration: configuration)
        engine.files.target = CachingFileFetcher.standard(storage: engine.storage, clock: engine.clock,
                                                         fixtures: [url: .file(fixture.path)])
        return engine
    }

    @Test func aCachedFileHasTheSamePathInEveryEngineAndMapsBackToItsBytes() throws {
        let folder = try TemporaryFolder.make(files: ["hero.png": "not really a png"])
        let fixture = folder.appendingPathComponent("hero.png")
        let url = "https://cdn.example/hero.png"
        let first = try engine(policy: .strict, url: url, fixture: fixture)
        let second = try engine(policy: .strict, url: url, fixture: fixture)
        #expect(first.storage.directory != second.storage.directory, "two temporary state folders")
        let a = try #require(first.files.fetch(url).path), b = try #require(second.files.fetch(url).path)
        #expect(a == b)
        #expect(a.hasPrefix(Engine.scriptStateDirectory + "/file-cache/") && a.hasSuffix(".png"), "\(a)")
        #expect(!a.contains(first.storage.directory.path))
        let local = first.localPath(a)
        #expect(local.hasPrefix(first.storage.directory.path + "/"))
        #expect(try String(contentsOfFile: local, encoding: .utf8) == "not really a png")
        #expect(first.scriptPath(local) == a)
        // A second fetch is served from the cache, under the same path.
        #expect(first.files.fetch(url) == .fetched(path: a, cached: true))
    }

    @Test func underFullTheScriptOpensTheFileByThatPath() throws {
        let folder = try TemporaryFolder.make(files: ["hero.png": "bytes of the hero"])
        let url = "https://cdn.example/hero.png"
        let engine = try engine(policy: .full, url: url, fixture: folder.appendingPathComponent("hero.png"))
        let path = try #require(engine.files.fetch(url).path)
        engine.lua.globals["path"] = .string(LuaString(path))
        #expect(try engine.run("local f = assert(io.open(path, 'rb')) local s = f:read('a') f:close() return s").first?.stringValue
                == "bytes of the hero")
        #expect(try engine.run("local t = {} for l in io.lines(path) do t[#t + 1] = l end return t[1]").first?.stringValue
                == "bytes of the hero")
        // Other paths are untouched; a name that only starts like the folder is not it.
        #expect(try engine.run("return io.open('/ctlua/stateX/a') == nil and io.open(path .. '.missing') == nil").first?.boolValue == true)
        // After a relaunch (a new Lua state) too.
        try engine.relaunch()
        engine.lua.globals["path"] = .string(LuaString(path))
        #expect(try engine.run("return (assert(io.open(path)):read('a'))").first?.stringValue == "bytes of the hero")
    }

    @Test func pathsOutsideTheStateFolderAndLookalikesAreUnchanged() throws {
        let engine = try Engine()
        let state = engine.storage.directory.path
        #expect(engine.scriptPath("/etc/hosts") == "/etc/hosts")
        #expect(engine.scriptPath(state + "x/file") == state + "x/file")
        #expect(engine.scriptPath(state) == Engine.scriptStateDirectory)
        #expect(engine.scriptPath(state + "/a/b.png") == "/ctlua/state/a/b.png")
        #expect(engine.localPath("/ctlua/stateful") == "/ctlua/stateful")
        #expect(engine.localPath("relative/ctlua/state/x") == "relative/ctlua/state/x")
    }
}
