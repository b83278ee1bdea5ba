import Foundation
import TestSupport
import Testing

/// `ctlua init` scaffolds a project whose scenarios pass at once and whose lint settings know
/// ctlua's globals; it never overwrites a file unless told to.
struct InitCommandTests {
    @Test func theScaffoldsScenariosPassAndItsFilesAreComplete() throws {
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let project = dir.appendingPathComponent("app")
        let created = try CLI.run(["init", project.path])
        #expect(created.status == 0, "\(created.stderr)")
        for file in ["presenters/banner.lua", "scenarios/banner_shows_its_title.json", "scenarios/banner_closes_from_its_button.json",
                     ".luarc.json", ".luacheckrc", ".github/workflows/scenarios.yml"] {
            #expect(created.stdout.contains("created \(file)"))
            #expect(FileManager.default.fileExists(atPath: project.appendingPathComponent(file).path), "\(file)")
        }
        let run = try CLI.run(["test", "scenarios"], directory: project)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.hasSuffix("2 passed, 0 failed\n"), "\(run.stdout)")

        // The LuaLS settings point at ctlua's own annotation files.
        let luarc = try JSONSerialization.jsonObject(with: Data(contentsOf: project.appendingPathComponent(".luarc.json"))) as? [String: Any]
        let library = try #require(luarc?["workspace.library"] as? [String])
        #expect(library.count == 1 && FileManager.default.fileExists(atPath: library[0] + "/templates.lua"), "\(library)")

        // luacheck (Debian's lua-check, installed by scripts/bootstrap) accepts the presenter with
        // the scaffold's settings, and flags an undeclared global with them.
        let lint = try CLI.shell("command -v luacheck >/dev/null || exit 77; luacheck --no-color .", directory: project)
        if lint.status != 77 {
            #expect(lint.status == 0, "\(lint.stdout)")
            try "templates.define{name = 'X', onPresent = function(ctx) undeclared(ctx) end}\n"
                .write(to: project.appendingPathComponent("presenters/bad.lua"), atomically: true, encoding: .utf8)
            let bad = try CLI.shell("luacheck --no-color .", directory: project)
            #expect(bad.status != 0 && bad.stdout.contains("undeclared"), "\(bad.stdout)")
        }
    }

    @Test func existingFilesAreKeptUnlessForced() throws {
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let presenter = dir.appendingPathComponent("presenters/banner.lua")
        try FileManager.default.createDirectory(at: presenter.deletingLastPathComponent(), withIntermediateDirectories: true)
        try "-- mine\n".write(to: presenter, atomically: true, encoding: .utf8)
        let refused = try CLI.run(["init", dir.path])
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("presenters/banner.lua"), "\(refused.stderr)")
        #expect(try String(contentsOf: presenter, encoding: .utf8) == "-- mine\n")
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent(".luacheckrc").path))  // nothing written
        let forced = try CLI.run(["init", "--force", dir.path])
        #expect(forced.status == 0, "\(forced.stderr)")
        #expect(try String(contentsOf: presenter, encoding: .utf8).contains("templates.define"))
    }

    /// The repository lints its examples with exactly what `ctlua init` gives users.
    @Test func theRepositorysLuacheckSettingsAreTheScaffolds() throws {
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        #expect(try CLI.run(["init", dir.path]).status == 0)
        let scaffold = try String(contentsOf: dir.appendingPathComponent(".luacheckrc"), encoding: .utf8)
        let repository = try String(contentsOf: CLI.packageRoot.appendingPathComponent(".luacheckrc"), encoding: .utf8)
        #expect(repository == scaffold, "copy what `ctlua init` writes to .luacheckrc:\n\(scaffold)")
        for module in ["json", "app", "ui", "templates"] { #expect(scaffold.contains("\"\(module)\"")) }
    }

    @Test func versionNamesTheLibraries() throws {
        let version = try CLI.run(["--version"])
        #expect(version.status == 0)
        #expect(version.stdout.range(of: #"^ctlua \d+\.\d+\.\d+ \(Lua 5\.4\.\d+, jansson \d+\.\d+(\.\d+)?\)\n$"#, options: .regularExpression) != nil,
                "\(version.stdout)")
    }
}
