import Foundation
import TestSupport
import Testing
@testable import ctlua

/// `ctlua init` scaffolds a project whose scenarios pass at once and whose lint settings know
/// ctlua's globals; it never overwrites a file unless told to.
struct InitCommandTests {
    @Test func theScaffoldsScenariosPassAndItsFilesAreComplete() throws {
        let dir = try TemporaryFolder.make()
        defer { try? FileManager.default.removeItem(at: dir) }
        let project = dir.appendingPathComponent("app")
        let created = try CLI.run(["init", "app"], directory: dir)
        #expect(created.status == 0, "\(created.stderr)")
        for file in ["presenters/banner.lua", "scenarios/banner_shows_its_title.json", "scenarios/banner_closes_from_its_button.json",
                     ".luarc.json", ".luacheckrc", ".github/workflows/scenarios.yml", ".ctlua/types/templates.lua"] {
            #expect(created.stdout.contains("created \(file)"))
            #expect(FileManager.default.fileExists(atPath: project.appendingPathComponent(file).path), "\(file)")
        }
        let run = try CLI.run(["test", "scenarios"], directory: project)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.hasSuffix("2 passed, 0 failed\n"), "\(run.stdout)")

        // The LuaLS settings point at the copy of ctlua's annotation files in the project, by a
        // relative path: it survives a clone (moving the folder here stands for one).
        let luarc = try JSONSerialization.jsonObject(with: Data(contentsOf: project.appendingPathComponent(".luarc.json"))) as? [String: Any]
        #expect(luarc?["workspace.library"] as? [String] == [".ctlua/types"])
        let moved = dir.appendingPathComponent("clone")
        try FileManager.default.moveItem(at: project, to: moved)
        for module in ["app", "ui", "json", "templates", "traits", "hooks", "flowx"] {
            #expect(FileManager.default.fileExists(atPath: moved.appendingPathComponent(".ctlua/types/\(module).lua").path), "\(module)")
        }
        try FileManager.default.moveItem(at: moved, to: project)

        // The printed next steps run as written from the folder init ran in (luacheck: Debian's
        // lua-check, installed by scripts/bootstrap), with ctlua on PATH as the README installs it.
        let commands = created.stdout.components(separatedBy: "Next:\n").last?.split(separator: "\n")
            .prefix { $0.hasPrefix("  ") }.map { String($0.split(separator: "#")[0]).trimmingCharacters(in: .whitespaces) } ?? []
        #expect(commands.count == 3, "\(created.stdout)")
        let path = ["PATH": CLI.executable.deletingLastPathComponent().path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "")]
        let hasLuacheck = try CLI.shell("command -v luacheck", directory: dir).status == 0
        for command in commands where hasLuacheck || !command.hasPrefix("luacheck") {
            let r = try CLI.shell(command, environment: path, directory: dir)
            #expect(r.status == 0, "\(command): \(r.stdout)\(r.stderr)")
        }
        if hasLuacheck {
            // The printed luacheck flags an undeclared global with the scaffold's settings.
            try "templates.define{name = 'X', onPresent = function(ctx) undeclared(ctx) end}\n"
                .write(to: project.appendingPathComponent("presenters/bad.lua"), atomically: true, encoding: .utf8)
            let bad = try CLI.shell(commands[2], directory: dir)
            #expect(bad.status != 0 && bad.stdout.contains("undeclared"), "\(bad.stdout)")
        }
    }

    /// The printed next steps quote the folder for the shell: `a&b` ran `b/scenarios` as a
    /// second command (and `ctlua test a` in the background); `$(...)` and backquotes ran code.
    @Test(arguments: ["a&b", "x y", "it's", "$(touch pwned)", "semi;colon|pipe", "back`touch pwned`", "~tilde", "-dash", "back\\slash"])
    func theNextStepsRunForAnyFolderName(name: String) throws {
        let dir = try TemporaryFolder.make()
        defer { try? FileManager.default.removeItem(at: dir) }
        let created = try CLI.run(["init", "--", name], directory: dir, timeout: 60)
        #expect(created.status == 0, "\(created.stderr)")
        #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent(name).appendingPathComponent("presenters/banner.lua").path))
        let next = created.stdout.components(separatedBy: "Next:\n").last ?? ""
        let commands = next.split(separator: "\n").filter { $0.hasPrefix("  ctlua ") }
            .map { String($0.dropFirst(2)).components(separatedBy: "     # ")[0] }
        #expect(commands.count == 2, "\(created.stdout)")
        let path = ["PATH": CLI.executable.deletingLastPathComponent().path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "")]
        for command in commands {
            let r = try CLI.shell(command, environment: path, directory: dir)
            #expect(r.status == 0, "\(command): \(r.stdout)\(r.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("pwned").path), "a command ran code from the name")
        #expect(Scaffold.shellQuoted("plain/path_1.x") == "plain/path_1.x")
    }

    @Test func existingFilesAreKeptUnlessForced() throws {
        let dir = try TemporaryFolder.make()
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
        let dir = try TemporaryFolder.make()
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
