import Foundation
import TestSupport
import Testing

/// The CI examples in `examples/ci/` run as written: their commands are taken from the files,
/// run shard by shard in a copy of the examples, and the shards' JUnit reports together hold
/// every scenario exactly once. (`scripts/ctlua` is replaced by the built binary: it would build
/// ctlua while `swift test` holds the build folder.)
struct CIExampleTests {
    static let root = CLI.packageRoot

    /// A folder with `examples/` copied and `scripts/bootstrap` and `scripts/ctlua` at hand.
    private func workspace() throws -> URL {
        let dir = try TemporaryFolder.make()
        let fm = FileManager.default
        try fm.copyItem(at: Self.root.appendingPathComponent("examples"), to: dir.appendingPathComponent("examples"))
        let scripts = dir.appendingPathComponent("scripts")
        try fm.createDirectory(at: scripts, withIntermediateDirectories: true)
        try fm.createSymbolicLink(at: scripts.appendingPathComponent("bootstrap"),
                                  withDestinationURL: Self.root.appendingPathComponent("scripts/bootstrap"))
        let wrapper = scripts.appendingPathComponent("ctlua")
        try "#!/bin/sh\nexec '\(CLI.executable.path)' \"$@\"\n".write(to: wrapper, atomically: true, encoding: .utf8)
        try fm.setAttributes([.posixPermissions: 0o755], ofItemAtPath: wrapper.path)
        return dir
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
        let all = try CLI.shell("scripts/ctlua test examples/scenarios --junit all.xml", directory: dir)
        #expect(all.status == 0, "\(all.stdout)\(all.stderr)")
        let cases = try testcases(dir.appendingPathComponent("all.xml"))
        #expect(cases.count >= 20)
        return cases.sorted()
    }

    @Test func theGitHubActionsMatrixRunsEveryScenarioOnce() throws {
        let text = try String(contentsOf: Self.root.appendingPathComponent("examples/ci/github-actions.yml"), encoding: .utf8)
        let lines = text.split(separator: "\n").map(String.init)
        let commands = lines.compactMap { line -> String? in
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard trimmed.hasPrefix("run: scripts/") else { return nil }
            return String(trimmed.dropFirst("run: ".count))
        }
        #expect(commands.first == "scripts/bootstrap")
        #expect(commands.contains { $0.hasPrefix("scripts/ctlua test") })
        let matrix = try #require(lines.first { $0.contains("shard: [") })
        let shards = matrix[matrix.index(after: matrix.firstIndex(of: "[")!)..<matrix.firstIndex(of: "]")!]
            .split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(shards == ["1", "2", "3", "4"])

        let dir = try workspace()
        defer { try? FileManager.default.removeItem(at: dir) }
        var seen: [String] = []
        for shard in shards {
            for command in commands {
                let line = command.replacingOccurrences(of: "${{ matrix.shard }}", with: shard)
                let result = try CLI.shell(line, directory: dir)
                #expect(result.status == 0, "\(line)\n\(result.stdout)\(result.stderr)")
            }
            seen += try testcases(dir.appendingPathComponent("reports/scenarios-\(shard).xml"))
            let lcov = try String(contentsOf: dir.appendingPathComponent("coverage/scenarios-\(shard).info"), encoding: .utf8)
            #expect(lcov.contains("SF:examples/templates/") && lcov.contains("end_of_record"), "shard \(shard): \(lcov.prefix(300))")
            #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("report/\(shard)/index.html").path), "shard \(shard): no HTML report")
        }
        #expect(seen.sorted() == (try allScenarios(in: dir)))
    }

    @Test func theGitLabParallelJobsRunEveryScenarioOnce() throws {
        let text = try String(contentsOf: Self.root.appendingPathComponent("examples/ci/gitlab-ci.yml"), encoding: .utf8)
        let lines = text.split(separator: "\n").map(String.init)
        let commands = lines.compactMap { line -> String? in
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard trimmed.hasPrefix("- scripts/") else { return nil }
            return String(trimmed.dropFirst(2))
        }
        #expect(commands.first == "scripts/bootstrap")
        #expect(commands.contains { $0.contains("--shard auto") })
        let parallel = try #require(lines.first { $0.trimmingCharacters(in: .whitespaces).hasPrefix("parallel:") })
        let total = try #require(Int(parallel.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)))
        #expect(total == 4)

        let dir = try workspace()
        defer { try? FileManager.default.removeItem(at: dir) }
        var seen: [String] = []
        for node in 1...total {
            let environment = ["CI_NODE_INDEX": "\(node)", "CI_NODE_TOTAL": "\(total)", "CI": "true"]
            for command in commands {
                let result = try CLI.shell(command, environment: environment, directory: dir)
                #expect(result.status == 0, "\(command)\n\(result.stdout)\(result.stderr)")
            }
            seen += try testcases(dir.appendingPathComponent("reports/scenarios-\(node).xml"))
            let lcov = try String(contentsOf: dir.appendingPathComponent("coverage/scenarios-\(node).info"), encoding: .utf8)
            #expect(lcov.contains("SF:examples/") && lcov.contains("end_of_record"), "job \(node): \(lcov.prefix(300))")
            #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("report/\(node)/index.html").path), "job \(node): no HTML report")
        }
        #expect(seen.sorted() == (try allScenarios(in: dir)))
    }
}
