import Foundation
import TestSupport
import Testing
@testable import ctlua

/// `examples/ci/app/`: an app's CI with ctlua beside it at `./ctlua` (a submodule, or a clone pinned
/// to a tag or revision), for GitHub Actions and GitLab CI, run as written in a fresh `init`
/// project (``InitWorkflowTests/Project``): the release build is replaced by the binary under test
/// where the cache restores it, and a `swift` stand-in that fails shows any build that runs.
struct CIAppExampleTests {
    static let folder = CLI.packageRoot.appendingPathComponent("examples/ci/app")
    static var head: String {
        get throws {
            try CLI.shell("git rev-parse HEAD", directory: CLI.packageRoot).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        }
    }

    /// The submodule workflow is the one `ctlua init` writes.
    @Test func theGitHubSubmoduleExampleIsWhatInitWrites() throws {
        let example = try String(contentsOf: Self.folder.appendingPathComponent("github-submodule.yml"), encoding: .utf8)
        #expect(example == Scaffold.workflow, "copy what `ctlua init` writes to examples/ci/app/github-submodule.yml")
    }

    /// The pinned clone: the first step fetches ctlua at CTLUA_REF (here this repository's HEAD,
    /// from its folder); the cache restores the binary after it, before the build step.
    @Test func theGitHubPinnedCloneExampleRunsAsWritten() throws {
        var project = try InitWorkflowTests.Project(workflow: Self.folder.appendingPathComponent("github-pinned.yml").path, clone: false)
        defer { try? FileManager.default.removeItem(at: project.root) }
        let head = try Self.head
        project.environment["CTLUA_URL"] = CLI.packageRoot.path
        project.environment["CTLUA_REF"] = head
        #expect(project.steps.count == 6, "\(project.steps)")
        var outputs: [String] = []
        for (index, step) in project.steps.enumerated() {
            if index == 2 { try InitWorkflowTests.Project.placeBinary(in: project.app) }
            let result = try project.run(step)
            #expect(result.status == 0, "\(step)\n\(result.stdout)\(result.stderr)")
            outputs.append(result.stdout + result.stderr)
        }
        #expect(project.read("github-output") == "revision=\(head)\n")
        #expect(project.read("swift.log") == nil)
        #expect(outputs[3].contains("ctlua from the cache"), "\(outputs[3])")
        #expect(outputs[4].hasPrefix("ok: ") && !outputs[4].contains("ctlua/"), "\(outputs[4])")
        #expect(outputs[5].contains("2 passed, 0 failed"), "\(outputs[5])")
    }

    /// GitLab runs a job's script items in one shell. With ctlua as a submodule and the cache
    /// holding the binary of its revision, nothing is built; a cache of another revision builds.
    @Test func theGitLabExampleReusesItsCacheUntilCtluaMoves() throws {
        let project = try InitWorkflowTests.Project(workflow: Self.folder.appendingPathComponent("gitlab-ci.yml").path, jobIndent: 0)
        defer { try? FileManager.default.removeItem(at: project.root) }
        #expect(project.environment["CTLUA"] == "ctlua" && project.environment["CTLUA_REF"] == "")
        let script = project.steps.joined(separator: "\n")
        let revision = project.app.appendingPathComponent("ctlua/.build-release/revision")
        try (try Self.head + "\n").write(to: revision, atomically: true, encoding: .utf8)
        let cached = try project.run(script)
        #expect(cached.status == 0, "\(cached.stdout)\(cached.stderr)")
        #expect(cached.stdout.contains("ctlua from the cache") && cached.stdout.contains("2 passed, 0 failed"), "\(cached.stdout)")
        #expect(project.read("swift.log") == nil)
        #expect(project.read("app/reports/scenarios.xml")?.contains("<testcase ") == true)
        #expect(project.read("app/report/index.html") != nil)

        try "0000000\n".write(to: revision, atomically: true, encoding: .utf8)
        let moved = try project.run(script)
        #expect(moved.status != 0)
        #expect(project.read("swift.log")?.hasPrefix("swift build -c release --static-swift-stdlib --product ctlua") == true, "no build")
    }

    /// With CTLUA_REF set, the job fetches ctlua at that revision into ./ctlua, where the cache
    /// already put the binary (GitLab restores the cache before the script).
    @Test func theGitLabExampleFetchesAPinnedRevision() throws {
        var project = try InitWorkflowTests.Project(workflow: Self.folder.appendingPathComponent("gitlab-ci.yml").path, jobIndent: 0,
                                                    clone: false)
        defer { try? FileManager.default.removeItem(at: project.root) }
        let head = try Self.head
        project.environment["CTLUA_URL"] = CLI.packageRoot.path
        project.environment["CTLUA_REF"] = head
        try InitWorkflowTests.Project.placeBinary(in: project.app)
        try (head + "\n").write(to: project.app.appendingPathComponent("ctlua/.build-release/revision"), atomically: true, encoding: .utf8)
        let result = try project.run(project.steps.joined(separator: "\n"))
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("ctlua from the cache") && result.stdout.contains("2 passed, 0 failed"), "\(result.stdout)")
        #expect(project.read("swift.log") == nil)
        let fetched = try CLI.shell("git -C ctlua rev-parse HEAD", directory: project.app).stdout
        #expect(fetched == head + "\n")
    }
}
