import ArgumentParser
import Foundation
import SystemKit

/// `ctlua init [DIR]`: a starting point for a team: a presenter, two scenarios that pass, editor and
/// lint settings that know ctlua's globals, and a CI workflow.
struct InitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init", abstract: "Scaffold a presenter, two scenarios, LuaLS and luacheck settings and a CI workflow.",
        discussion: "Existing files are never overwritten: the command lists them and exits 2 (use --force to replace them).")

    @Argument(help: "The folder to scaffold (created when missing).") var directory: String = "."
    @Flag(help: "Replace files that exist.") var force = false

    func run() throws {
        let root = URL(fileURLWithPath: directory, isDirectory: true).standardizedFileURL
        guard let types = Scaffold.typesFolder() else {
            FileHandle.standardError.write(Data("ctlua: init: cannot find ctlua's types/ folder (run ctlua built in its repository)\n".utf8))
            throw ExitCode(2)
        }
        let files = try Scaffold.files(modules: HostOptions.catalog.modules.map(\.name)) + Scaffold.typeFiles(from: types)
        let fm = FileManager.default
        let existing = files.map(\.path).filter { fm.fileExists(atPath: root.appendingPathComponent($0).path) }
        if !existing.isEmpty && !force {
            let list = existing.map { "  " + $0 }.joined(separator: "\n")
            FileHandle.standardError.write(Data("ctlua: init: these files exist in \(root.path) (--force replaces them):\n\(list)\n".utf8))
            throw ExitCode(2)
        }
        for file in files {
            let url = root.appendingPathComponent(file.path)
            do {
                try fm.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(file.contents.utf8).write(to: url, options: .atomic)
            } catch {
                FileHandle.standardError.write(Data("ctlua: \(url.path): cannot write (\(error.localizedDescription))\n".utf8))
                throw ExitCode(2)
            }
            print("created \(file.path)")
        }
        print("\n" + Scaffold.nextSteps(directory: directory))
    }
}

/// The files `ctlua init` writes.
enum Scaffold {
    struct File {
        var path: String
        var contents: String
    }

    /// What to run next, as printed: each command runs as written from the folder `init` ran in
    /// (a test runs them).
    static func nextSteps(directory: String) -> String {
        let prefix = directory == "." ? "" : (directory.hasSuffix("/") ? directory : directory + "/")
        let quoted = { (path: String) in Self.shellQuoted(path) }
        return """
            Next:
              ctlua check \(quoted(prefix.isEmpty ? "." : prefix))     # validates the presenter and the scenarios
              ctlua test \(quoted(prefix + "scenarios"))     # both scenarios pass
              luacheck --config \(quoted(prefix + ".luacheckrc")) \(quoted(prefix + "presenters"))     # ctlua's globals are declared
            Editor: .luarc.json points LuaLS at .ctlua/types (ctlua's annotations, copied: commit them).
            CI: .github/workflows/scenarios.yml expects ctlua at ./ctlua (git submodule add URL ctlua);
            it builds ctlua once per revision (cached) and annotates the pull request with failures;
            change CTLUA in it when ctlua lives elsewhere (examples/ci in ctlua: GitLab, a pinned clone).
            """
    }

    /// `path` as one shell word that POSIX `sh` and bash read back as is: left bare when made of
    /// characters no shell treats specially, else in single quotes (a `'` inside as `'\''`); a
    /// path starting with `-` gets `./` so that it is not read as an option.
    static func shellQuoted(_ path: String) -> String {
        let path = path.hasPrefix("-") ? "./" + path : path
        let plain = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_./,:@%+=-")
        if !path.isEmpty, path.allSatisfy(plain.contains) { return path }
        return "'" + path.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// ctlua's annotation files, copied into the project's `.ctlua/types/` (hidden: `ctlua check` and
    /// `test` skip it), so `.luarc.json` names a folder that survives a clone.
    static func typeFiles(from folder: String) throws -> [File] {
        let names = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".lua") }.sorted()
        return try names.map { name in
            File(path: ".ctlua/types/" + name, contents: try String(contentsOfFile: folder + "/" + name, encoding: .utf8))
        }
    }

    /// ctlua's `types/` folder: `PREFIX/share/ctlua/types` beside
    /// `PREFIX/bin/ctlua` (an installed binary), beside the repository the binary was built in (`.build/<config>/ctlua`),
    /// else the one of the sources it was compiled from.
    static func typesFolder() -> String? {
        var candidates: [URL] = []
        if let executable = Bundle.main.executableURL?.resolvingSymlinksInPath() {
            var url = executable.deletingLastPathComponent()
            candidates.append(url.deletingLastPathComponent().appendingPathComponent("share/ctlua/types"))
            while url.pathComponents.count > 1 {
                candidates.append(url.appendingPathComponent("types"))
                url.deleteLastPathComponent()
            }
        }
        candidates.append(URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("types"))
        return candidates.first { FileManager.default.fileExists(atPath: $0.appendingPathComponent("app.lua").path) }?.path
    }

    /// The luacheck configuration for scripts run by ctlua: Lua 5.4 and ctlua's modules as globals.
    /// The repository's own `.luacheckrc` is this text (a test keeps them equal).
    static func luacheckrc(modules: [String]) -> String {
        """
        -- luacheck settings for scripts that ctlua runs (written by `ctlua init`).
        std = "lua54"
        -- ctlua's modules: globals in every script (and `require`-able).
        read_globals = {\(modules.map { "\"\($0)\"" }.joined(separator: ", "))}
        -- Presenters and traits often ignore arguments they are given.
        unused_args = false
        max_line_length = false
        -- Lua scenarios also have the assertion helpers and their steps.
        files["**/*_test.lua"] = {read_globals = {"expect", "step"}}

        """
    }

    /// The GitHub Actions workflow: ctlua checked out at `./ctlua` (a git submodule) is built once
    /// per revision (release, as `scripts/install` builds it) and cached; the build step skips when
    /// the binary is there (restored from the cache), which is also how the tests run its steps
    /// with the binary under test. Every `run:` is one line or a `|` block, free of `${{ }}`, so
    /// the steps run as written in bash (the tests do).
    static let workflow = """
        # Checks and runs the scenarios on every push and pull request. Failures show on the pull
        # request's files (GitHub annotations: GITHUB_ACTIONS=true turns them on in `check` and
        # `test`); the JUnit report, the transcripts of failed scenarios and the HTML report
        # (report/index.html) are kept as the `scenarios` artifact, pass or fail.
        #
        # ctlua is expected at ./ctlua, a git submodule (`git submodule add URL ctlua`, pinned to a
        # tag: `git -C ctlua checkout X.Y.Z`); change CTLUA when it lives elsewhere. It is built
        # once per ctlua revision (release, the Swift runtime linked in, as its scripts/install
        # builds) and cached on that revision: a push that does not move the submodule reuses it.
        # `ctlua check .` does not enter ./ctlua (a folder with its own .git is another repository)
        # and loads the scripts as `ctlua test` does (policy strict: no io, os.execute or os.exit;
        # 60 s, 64 MiB and 50 million instructions per script), so a pull request's scripts cannot
        # reach the runner. Exit status 1 on a problem or a failed scenario, 2 on a usage error.
        name: scenarios
        on: [push, pull_request]
        env:
          CTLUA: ctlua
        jobs:
          scenarios:
            runs-on: ubuntu-latest
            container: swift:6.0-bookworm
            steps:
              - uses: actions/checkout@v4
                with: {submodules: true}
              - name: ctlua's revision (the cache key)
                id: ctlua
                run: echo "revision=$(git -c safe.directory='*' -C "$CTLUA" rev-parse HEAD)" >> "$GITHUB_OUTPUT"
              # Restored here, saved right after the build: a run whose scenarios fail keeps the build too.
              - uses: actions/cache/restore@v4
                id: cache
                with:
                  path: ${{ env.CTLUA }}/.build-release/release/ctlua
                  key: ctlua-release-${{ steps.ctlua.outputs.revision }}
              - name: The libraries ctlua needs (Lua 5.4, jansson, readline; not its test tools)
                run: $CTLUA/scripts/bootstrap --build-only
              - name: Build ctlua (release), unless the cache restored it
                run: |
                  if [ -x "$CTLUA/.build-release/release/ctlua" ]; then
                    echo "ctlua from the cache: $("$CTLUA/.build-release/release/ctlua" --version)"
                  else
                    cd "$CTLUA"
                    swift build -c release --static-swift-stdlib --product ctlua --scratch-path .build-release \\
                      -Xswiftc -Xfrontend -Xswiftc -disable-concrete-type-metadata-mangled-name-accessors
                  fi
              - uses: actions/cache/save@v4
                if: steps.cache.outputs.cache-hit != 'true'
                with:
                  path: ${{ env.CTLUA }}/.build-release/release/ctlua
                  key: ctlua-release-${{ steps.ctlua.outputs.revision }}
              - name: Check the scripts, scenarios and system files
                run: $CTLUA/.build-release/release/ctlua check .
              - name: Run the scenarios
                run: $CTLUA/.build-release/release/ctlua test scenarios --junit reports/scenarios.xml --trace traces --report report
              - uses: actions/upload-artifact@v4
                if: always()
                with:
                  name: scenarios
                  path: |
                    reports/
                    traces/
                    report/

        """

    static func files(modules: [String]) -> [File] {
        [
            File(path: "presenters/banner.lua", contents: """
                -- A CleverTap custom code template: a title and a button that closes it.
                templates.define{
                  name = "Banner",
                  arguments = {{"title", "Hello"}, {"ok", templates.action}},
                  onPresent = function(ctx)
                    ui.show{id = "title", text = ctx:string("title")}
                    ui.show{id = "ok", text = "OK", onTap = function() ctx:triggerAction("ok") end}
                    ctx:presented()
                  end,
                  onClose = function(ctx)
                    ui.hide("title")
                    ui.hide("ok")
                    ctx:dismissed()
                  end,
                }

                """),
            File(path: "scenarios/banner_shows_its_title.json", contents: """
                {
                  "name": "banner shows its title",
                  "scripts": ["../presenters/banner.lua"],
                  "steps": [
                    {"deliver": {"type": "custom-code", "templateName": "Banner", "wzrk_id": "c1", "vars": {"title": "Sale"}}},
                    {"expect": {"displayed": "c1", "ui": {"title": {"text": "Sale"}},
                                "events": [{"type": "template.presented", "id": "c1"}]}}
                  ]
                }

                """),
            File(path: "scenarios/banner_closes_from_its_button.json", contents: """
                {
                  "name": "banner closes from its button",
                  "scripts": ["../presenters/banner.lua"],
                  "steps": [
                    {"deliver": {"type": "custom-code", "templateName": "Banner", "wzrk_id": "c1",
                                 "vars": {"ok": {"actions": {"type": "close"}}}}},
                    {"tap": "ok"},
                    {"expect": {"displayed": null, "ui": {"title": null},
                                "newEvents": [{"type": "template.closed", "id": "c1"}, {"type": "template.dismissed", "id": "c1"}]}}
                  ]
                }

                """),
            File(path: ".luarc.json", contents: """
                {
                  "$schema": "https://raw.githubusercontent.com/LuaLS/vscode-lua/master/setting/schema.json",
                  "runtime.version": "Lua 5.4",
                  "workspace.library": [".ctlua/types"],
                  "workspace.checkThirdParty": false
                }

                """),
            File(path: ".luacheckrc", contents: luacheckrc(modules: modules)),
            File(path: ".github/workflows/scenarios.yml", contents: workflow),
        ]
    }
}
