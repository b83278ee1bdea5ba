import Foundation
import TestSupport
import Testing

/// The CI examples in `examples/ci/` run as written: the commands of their jobs are taken from the
/// files (GitHub `run:` steps, GitLab `script:` items, `|` blocks included) and run in a copy of the
/// examples: the build job once, then the shard job shard by shard. The shards' JUnit reports together
/// hold every scenario exactly once. Only `swift` is a stand-in (a release build takes minutes and
/// `swift test` holds the build folder): `swift package resolve` writes a Package.resolved and the
/// release build puts the built binary where the real one would be, so the shards run the binary
/// the build job left, as on CI.
struct CIExampleTests {
    static let root = CLI.packageRoot
    /// The release build the build jobs run: the one `scripts/install` runs.
    static let releaseBuild = "swift build -c release --static-swift-stdlib --product ctlua --scratch-path .build-release"

    /// A folder with `examples/`, `Package.swift` and `Sources/` copied, `scripts/bootstrap` at hand,
    /// and a `swift` stand-in first on PATH that logs its calls to `swift.log`.
    private func workspace() throws -> URL {
        let dir = try TemporaryFolder.make()
        let fm = FileManager.default
        for item in ["examples", "Sources", "Package.swift"] {
            try fm.copyItem(at: Self.root.appendingPathComponent(item), to: dir.appendingPathComponent(item))
        }
        let scripts = dir.appendingPathComponent("scripts")
        try fm.createDirectory(at: scripts, withIntermediateDirectories: true)
        try fm.createSymbolicLink(at: scripts.appendingPathComponent("bootstrap"),
                                  withDestinationURL: Self.root.appendingPathComponent("scripts/bootstrap"))
        let stubs = dir.appendingPathComponent("stub-bin")
        try fm.createDirectory(at: stubs, withIntermediateDirectories: true)
        let swift = stubs.appendingPathComponent("swift")
        try """
            #!/bin/sh
            echo "swift $*" >> '\(dir.path)/swift.log'
            case "swift $*" in
              "swift package resolve --scratch-path .build-release") [ -f Package.resolved ] || echo '{"pins": []}' > Package.resolved ;;
              "\(Self.releaseBuild)") mkdir -p .build-release/release && cp '\(CLI.executable.path)' .build-release/release/ctlua ;;
              *) echo "CIExampleTests: unexpected swift $*" >&2; exit 1 ;;
            esac

            """.write(to: swift, atomically: true, encoding: .utf8)
        try fm.setAttributes([.posixPermissions: 0o755], ofItemAtPath: swift.path)
        return dir
    }

    /// Runs commands in `dir` with the `swift` stand-in first on PATH.
    private func run(_ command: String, in dir: URL, environment: [String: String] = [:]) throws -> CLI.Result {
        let path = dir.appendingPathComponent("stub-bin").path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        return try CLI.shell("set -eo pipefail\n" + command, environment: environment.merging(["PATH": path]) { $1 }, directory: dir)
    }

    /// How many times the stand-in built ctlua.
    private func builds(in dir: URL) -> Int {
        let log = (try? String(contentsOf: dir.appendingPathComponent("swift.log"), encoding: .utf8)) ?? ""
        return log.split(separator: "\n").filter { $0 == Self.releaseBuild }.count
    }

    /// The `testcase` elements of a JUnit file, as `classname/name`.
    private func testcases(_ url: URL) throws -> [String] {
        let xml = try String(contentsOf: url, encoding: .utf8)
        let pattern = try NSRegularExpression(pattern: #"<testcase name="([^"]*)" classname="([^"]*)""#)
        return pattern.matches(in: xml, range: NSRange(xml.startIndex..., in: xml)).map {
            String(xml[Range($0.range(at: 2), in: xml)!]) + "/" + String(xml[Range($0.range(at: 1), in: xml)!])
        }
    }

    /// Every scenario of `examples/scenarios`, from one unsharded run.
    private func allScenarios(in dir: URL) throws -> [String] {
        let all = try CLI.run(["test", "examples/scenarios", "--junit", "all.xml"], directory: dir)
        #expect(all.status == 0, "\(all.stdout)\(all.stderr)")
        let cases = try testcases(dir.appendingPathComponent("all.xml"))
        #expect(cases.count >= 20)
        return cases.sorted()
    }

    @Test func theGitHubActionsBuildOnceAndTheMatrixRunsEveryScenarioOnce() throws {
        let text = try String(contentsOf: Self.root.appendingPathComponent("examples/ci/github-actions.yml"), encoding: .utf8)
        let jobs = CIFile.commands(text, jobIndent: 2)
        let build = try #require(jobs["build"]), shard = try #require(jobs["scenarios"])
        #expect(build.first == "scripts/bootstrap" && build.contains(Self.releaseBuild), "\(build)")
        #expect(shard.first == "scripts/bootstrap", "\(shard)")
        #expect(!shard.contains { $0.contains("swift ") || $0.contains("scripts/ctlua") }, "a shard compiles: \(shard)")
        #expect(text.contains("hashFiles('Package.resolved', 'Package.swift', 'Sources/**')"))
        let lines = text.split(separator: "\n").map(String.init)
        let matrix = try #require(lines.first { $0.contains("shard: [") })
        let shards = matrix[matrix.index(after: matrix.firstIndex(of: "[")!)..<matrix.firstIndex(of: "]")!]
            .split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(shards == ["1", "2", "3", "4"])

        let dir = try workspace()
        defer { try? FileManager.default.removeItem(at: dir) }
        for command in build {
            let result = try run(command, in: dir)
            #expect(result.status == 0, "\(command)\n\(result.stdout)\(result.stderr)")
        }
        #expect(builds(in: dir) == 1)
        var seen: [String] = []
        for number in shards {
            for command in shard {
                let line = command.replacingOccurrences(of: "${{ matrix.shard }}", with: number)
                let result = try run(line, in: dir)
                #expect(result.status == 0, "\(line)\n\(result.stdout)\(result.stderr)")
            }
            seen += try testcases(dir.appendingPathComponent("reports/scenarios-\(number).xml"))
            #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("report/\(number)/index.html").path), "shard \(number): no HTML report")
            let lcov = try String(contentsOf: dir.appendingPathComponent("coverage/scenarios-\(number).info"), encoding: .utf8)
            #expect(lcov.contains("SF:examples/templates/") && lcov.contains("end_of_record"), "shard \(number): \(lcov.prefix(300))")
        }
        #expect(builds(in: dir) == 1, "the shards built ctlua again")
        #expect(seen.sorted() == (try allScenarios(in: dir)))
    }

    @Test func theGitLabBuildIsCachedAndTheParallelJobsRunEveryScenarioOnce() throws {
        let text = try String(contentsOf: Self.root.appendingPathComponent("examples/ci/gitlab-ci.yml"), encoding: .utf8)
        let jobs = CIFile.commands(text, jobIndent: 0)
        let build = try #require(jobs["build"]), shard = try #require(jobs["scenarios"])
        #expect(build.first == "scripts/bootstrap" && build.contains { $0.contains(Self.releaseBuild) }, "\(build)")
        #expect(shard.first == "scripts/bootstrap" && shard.contains { $0.contains("--shard auto") }, "\(shard)")
        #expect(!shard.contains { $0.contains("swift ") || $0.contains("scripts/ctlua") }, "a shard compiles: \(shard)")
        let lines = text.split(separator: "\n").map(String.init)
        let parallel = try #require(lines.first { $0.trimmingCharacters(in: .whitespaces).hasPrefix("parallel:") })
        let total = try #require(Int(parallel.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)))
        #expect(total == 4)

        let dir = try workspace()
        defer { try? FileManager.default.removeItem(at: dir) }
        // A GitLab job's script items run in one shell, in order.
        let buildScript = build.joined(separator: "\n")
        let first = try run(buildScript, in: dir)
        #expect(first.status == 0, "\(first.stdout)\(first.stderr)")
        #expect(builds(in: dir) == 1)
        // The cache (the binary and its key) kept: nothing changed, no build; a source changed, a build.
        _ = try run(buildScript, in: dir)
        #expect(builds(in: dir) == 1, "rebuilt with nothing changed")
        try "// changed\n".write(to: dir.appendingPathComponent("Sources/ctlua/Changed.swift"), atomically: true, encoding: .utf8)
        _ = try run(buildScript, in: dir)
        #expect(builds(in: dir) == 2, "not rebuilt after a source changed")

        var seen: [String] = []
        for node in 1...total {
            let environment = ["CI_NODE_INDEX": "\(node)", "CI_NODE_TOTAL": "\(total)", "CI": "true"]
            let result = try run(shard.joined(separator: "\n"), in: dir, environment: environment)
            #expect(result.status == 0, "\(shard)\n\(result.stdout)\(result.stderr)")
            seen += try testcases(dir.appendingPathComponent("reports/scenarios-\(node).xml"))
            #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("report/\(node)/index.html").path), "job \(node): no HTML report")
            let lcov = try String(contentsOf: dir.appendingPathComponent("coverage/scenarios-\(node).info"), encoding: .utf8)
            #expect(lcov.contains("SF:examples/") && lcov.contains("end_of_record"), "job \(node): \(lcov.prefix(300))")
        }
        #expect(builds(in: dir) == 2, "the parallel jobs built ctlua")
        #expect(seen.sorted() == (try allScenarios(in: dir)))
    }

    @Test func theInstallScriptBuildsAsTheCIExamplesDo() throws {
        let install = try String(contentsOf: Self.root.appendingPathComponent("scripts/install"), encoding: .utf8)
        #expect(install.contains("swift build -c release --static-swift-stdlib --product ctlua --scratch-path \"$scratch\""))
        #expect(install.contains("scratch=\"$root/.build-release\""))
    }

    @Test func commandsAreReadWithTheirBlocks() {
        let yaml = """
            jobs:
              a:
                steps:
                  - run: one
                  - name: two
                    run: |
                      if true; then
                        echo two
                      fi
              b:
                steps:
                  - run: three
            """
        #expect(CIFile.commands(yaml, jobIndent: 2) == ["a": ["one", "if true; then\n  echo two\nfi"], "b": ["three"]])
        let gitlab = """
            build:
              script:
                - one
                # a comment
                - |
                  two
                  three
              artifacts:
                paths: [x]
            """
        #expect(CIFile.commands(gitlab, jobIndent: 0) == ["build": ["one", "two\nthree"]])
    }
}

/// Reads the commands of a CI file's jobs without a YAML library: GitHub `run:` values and GitLab
/// `script:` items, literal blocks (`|`) as one command.
enum CIFile {
    static func commands(_ text: String, jobIndent: Int) -> [String: [String]] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let indent = { (line: String) in line.prefix { $0 == " " }.count }
        var jobs: [String: [String]] = [:]
        var job: String?
        var scriptIndent: Int?
        var i = 0
        while i < lines.count {
            let line = lines[i], trimmed = line.trimmingCharacters(in: .whitespaces), level = indent(line)
            i += 1
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            if level == jobIndent, trimmed.hasSuffix(":"), !trimmed.hasPrefix("-") {
                job = String(trimmed.dropLast())
                scriptIndent = nil
                continue
            }
            if let limit = scriptIndent, level <= limit, !(level == limit && trimmed.hasPrefix("- ")) { scriptIndent = nil }
            if trimmed == "script:" { scriptIndent = level; continue }
            var value: String?
            for prefix in ["run: ", "- run: "] where trimmed.hasPrefix(prefix) { value = String(trimmed.dropFirst(prefix.count)) }
            if value == nil, let limit = scriptIndent, level >= limit, trimmed.hasPrefix("- ") { value = String(trimmed.dropFirst(2)) }
            guard let job, var command = value else { continue }
            if command == "|" {
                var block: [String] = []
                while i < lines.count, lines[i].trimmingCharacters(in: .whitespaces).isEmpty || indent(lines[i]) > level {
                    block.append(lines[i])
                    i += 1
                }
                while block.last?.trimmingCharacters(in: .whitespaces).isEmpty == true { block.removeLast() }
                let margin = block.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }.map(indent).min() ?? 0
                command = block.map { String($0.dropFirst(min(margin, indent($0)))) }.joined(separator: "\n")
            }
            jobs[job, default: []].append(command)
        }
        return jobs
    }
}
