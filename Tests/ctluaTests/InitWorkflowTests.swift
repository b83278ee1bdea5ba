import Foundation
import TestSupport
import Testing
@testable import ctlua

/// The GitHub Actions workflow `ctlua init` writes is green on its first push: its `run:` steps run
/// as written, in order, in bash (`set -e`, as GitHub runs them) with `GITHUB_ACTIONS=true`, in a
/// fresh `init` project with a clone of this repository at `./ctlua`, where the submodule would be.
///
/// The release build is not run here (it takes minutes): the test puts the binary under test where
/// the cache restores ctlua (`ctlua/.build-release/release/ctlua`), and the workflow's build step
/// skips when the binary is there, as on a cache hit. A `swift` stand-in first on PATH fails and
/// logs, so a build that ran anyway is seen. The clone is of this repository's HEAD (its committed
/// files: what a submodule holds).
struct InitWorkflowTests {
    /// A fresh `init` project with ctlua cloned at `./ctlua`, the binary under test in the build's
    /// place and the `swift` stand-in in `stub-bin/` (logging to `swift.log`).
    struct Project {
        var root: URL
        var app: URL
        var steps: [String]
        var environment: [String: String]

        /// `workflow`: the CI file whose steps to read (in the app folder, or a path in this
        /// repository); `clone`: ctlua cloned and its binary in place (false: the steps clone it).
        init(workflow: String = ".github/workflows/scenarios.yml", job: String = "scenarios", jobIndent: Int = 2,
             clone: Bool = true) throws {
            root = try TemporaryFolder.make()
            app = root.appendingPathComponent("app")
            let created = try CLI.run(["init", "app"], directory: root)
            #expect(created.status == 0, "\(created.stderr)")
            if clone {
                let repository = CLI.packageRoot.path
                let clone = try CLI.shell("git clone --quiet \"$REPO\" app/ctlua", environment: ["REPO": repository], directory: root)
                try #require(clone.status == 0, "cannot clone \(repository): \(clone.stderr)")
                try Self.placeBinary(in: app)
            }

            let stubs = root.appendingPathComponent("stub-bin")
            try FileManager.default.createDirectory(at: stubs, withIntermediateDirectories: true)
            let swift = stubs.appendingPathComponent("swift")
            try "#!/bin/sh\necho \"swift $*\" >> '\(root.path)/swift.log'\nexit 1\n".write(to: swift, atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: swift.path)

            let file = workflow.hasPrefix("/") ? URL(fileURLWithPath: workflow) : app.appendingPathComponent(workflow)
            let text = try String(contentsOf: file, encoding: .utf8)
            steps = try #require(CIFile.commands(text, jobIndent: jobIndent)[job])
            // The workflow's `env:` (GitHub sets it in every step) or the job's `variables:` (GitLab).
            let header = jobIndent == 0 ? "  variables:" : "env:", inner = header.prefix { $0 == " " } + "  "
            let variables = text.split(separator: "\n").drop { $0 != header }.dropFirst().prefix { $0.hasPrefix(inner) }
            environment = [
                "GITHUB_ACTIONS": "true", "GITHUB_OUTPUT": root.appendingPathComponent("github-output").path,
                "PATH": stubs.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"),
            ]
            for line in variables {
                let parts = line.trimmingCharacters(in: .whitespaces).split(separator: ":", maxSplits: 1)
                let value = parts.count == 2 ? parts[1].trimmingCharacters(in: .whitespaces) : ""
                if parts.count == 2 { environment[String(parts[0])] = value == "\"\"" ? "" : value }
            }
        }

        /// The binary under test where the build step leaves ctlua and the cache restores it.
        static func placeBinary(in app: URL) throws {
            let release = app.appendingPathComponent("ctlua/.build-release/release")
            try FileManager.default.createDirectory(at: release, withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(at: release.appendingPathComponent("ctlua"), withDestinationURL: CLI.executable)
        }

        /// Runs one step as GitHub does (`bash -e`), in the app's folder.
        func run(_ step: String) throws -> CLI.Result {
            try CLI.shell("set -e\n" + step, environment: environment, directory: app)
        }

        func read(_ path: String) -> String? { try? String(contentsOf: root.appendingPathComponent(path), encoding: .utf8) }
    }

    @Test func theGeneratedWorkflowsStepsPassOnAFreshProject() throws {
        let project = try Project()
        defer { try? FileManager.default.removeItem(at: project.root) }
        #expect(project.environment["CTLUA"] == "ctlua")
        #expect(project.steps.count == 5, "\(project.steps)")
        #expect(!project.steps.contains { $0.contains("${{") }, "a step bash cannot run as written")
        #expect(project.steps.contains("$CTLUA/scripts/bootstrap --build-only"), "\(project.steps)")

        var outputs: [String] = []
        for step in project.steps {
            let result = try project.run(step)
            #expect(result.status == 0, "\(step)\n\(result.stdout)\(result.stderr)")
            outputs.append(result.stdout + result.stderr)
        }
        #expect(project.read("swift.log") == nil, "ctlua was built although the binary was there: \(project.read("swift.log") ?? "")")
        #expect(outputs[2].contains("ctlua from the cache: ctlua "), "\(outputs[2])")

        // The cache key: ctlua's revision, as the first step wrote it for `steps.ctlua.outputs`.
        let head = try CLI.shell("git -C ctlua rev-parse HEAD", directory: project.app).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(head.count == 40)
        #expect(project.read("github-output") == "revision=\(head)\n")

        // `check .` read the app's files and none of ctlua's (its examples, its fuzz corpus).
        #expect(outputs[3].hasPrefix("ok: "), "\(outputs[3])")
        #expect(!outputs[3].contains("ctlua/"), "\(outputs[3])")
        #expect(!outputs[3].contains("::"), "annotations with nothing wrong: \(outputs[3])")

        // The app's two scenarios ran, and their reports are where the artifact step takes them.
        #expect(outputs[4].contains("2 passed, 0 failed"), "\(outputs[4])")
        let junit = project.read("app/reports/scenarios.xml") ?? ""
        #expect(junit.components(separatedBy: "<testcase ").count - 1 == 2, "\(junit)")
        #expect(project.read("app/report/index.html") != nil, "no HTML report")
    }

    /// A failed scenario fails the step and is annotated on its file; a check problem too; the
    /// transcript of the failure is kept for the artifact.
    @Test func aFailureFailsTheStepWithAnAnnotationOnItsFile() throws {
        let project = try Project()
        defer { try? FileManager.default.removeItem(at: project.root) }
        let scenario = project.app.appendingPathComponent("scenarios/banner_shows_its_title.json")
        let text = try String(contentsOf: scenario, encoding: .utf8)
        try text.replacingOccurrences(of: #"{"text": "Sale"}"#, with: #"{"text": "Soon"}"#).write(to: scenario, atomically: true, encoding: .utf8)
        let test = project.steps[project.steps.count - 1], check = project.steps[project.steps.count - 2]
        #expect(check.contains(" check ") && test.contains(" test "), "\(project.steps)")

        let failed = try project.run(test)
        #expect(failed.status == 1, "\(failed.stdout)\(failed.stderr)")
        #expect(failed.stdout.contains("::error file=scenarios/banner_shows_its_title.json,line="), "\(failed.stdout)")
        #expect(failed.stdout.contains("1 passed, 1 failed"), "\(failed.stdout)")
        let traces = (try? FileManager.default.contentsOfDirectory(atPath: project.app.appendingPathComponent("traces").path)) ?? []
        #expect(!traces.isEmpty, "no transcript of the failure")

        try "this is not Lua\n"
            .write(to: project.app.appendingPathComponent("presenters/broken.lua"), atomically: true, encoding: .utf8)
        let problem = try project.run(check)
        #expect(problem.status == 1, "\(problem.stdout)\(problem.stderr)")
        #expect(problem.stdout.contains("::error file=presenters/broken.lua,line=1"), "\(problem.stdout)")
    }

    /// What the workflow asks of GitHub, which the steps above cannot run: the cache holds the
    /// binary the build step makes, keyed on ctlua's revision, restored before the build and saved
    /// right after it (not at the job's end, which a failed scenario skips); the artifact is kept
    /// pass or fail.
    @Test func theCacheAndTheArtifactAreWhereTheStepsPutThem() throws {
        let text = Scaffold.workflow
        let cache = "  path: ${{ env.CTLUA }}/.build-release/release/ctlua\n"
            + "          key: ctlua-release-${{ steps.ctlua.outputs.revision }}\n"
        #expect(text.components(separatedBy: cache).count == 3, "restore and save, with the same path and key")
        #expect(text.contains("id: ctlua\n"))
        let order = ["actions/cache/restore@v4", "--build-only", "swift build", "actions/cache/save@v4", "release/ctlua check .", "release/ctlua test scenarios"]
        let offsets = try order.map { try #require(text.range(of: $0)?.lowerBound, "\($0)") }
        #expect(offsets == offsets.sorted(), "steps out of order: \(order)")
        #expect(text.contains("if: steps.cache.outputs.cache-hit != 'true'"))
        #expect(text.contains("--scratch-path .build-release"))
        #expect(text.contains("swift build -c release --static-swift-stdlib --product ctlua"))
        let artifact = text.components(separatedBy: "actions/upload-artifact@v4\n").last ?? ""
        #expect(artifact.contains("if: always()"))
        for folder in ["reports/", "traces/", "report/"] { #expect(artifact.contains(folder), "\(folder)") }
        #expect(text.contains("--junit reports/scenarios.xml --trace traces --report report"))
    }
}
