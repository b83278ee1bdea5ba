import Foundation
import Testing
@testable import Scenarios

/// Golden transcripts as Jest keeps them: written when missing (locally), compared afterwards,
/// a difference shown as a diff, `--update-snapshots` accepting it, a missing one failing in CI.
struct SnapshotTests {
    private func scenario(title: String) -> String {
        Fixture.steps(
            #"{"fake": "emit {\"type\": \"log\", \"message\": \"start\"}"}"#,
            #"{"fake": "show title {\"text\": \"\#(title)\"}"}"#,
            #"{"expect": {"snapshot": "shown"}}"#)
    }

    private func run(_ root: String, _ mode: SnapshotMode) throws -> ScenarioResult {
        let scenarios = try Runner.load(paths: [root], registry: Fixture.registry).get()
        var executor = ScenarioExecutor(registry: Fixture.registry)
        executor.snapshots = mode
        return executor.run(try #require(scenarios.first))
    }

    @Test func writeThenPassThenChangeThenFailWithADiffThenUpdate() throws {
        let root = try Fixture.folder(["flow.json": scenario(title: "Sale")])
        defer { Fixture.remove(root) }
        let file = root + "/__snapshots__/flow.snap.json"

        // Missing locally: written, and the scenario passes.
        #expect(try run(root, SnapshotMode()).failures == [])
        let written = try String(contentsOfFile: file, encoding: .utf8)
        #expect(written == """
            {
              "shown": [
                {"t":0.0,"type":"log","message":"start"},
                {"t":0.0,"type":"ui.show","id":"title","text":"Sale"}
              ]
            }

            """, "\(written)")
        // Same transcript: passes, file untouched.
        #expect(try run(root, SnapshotMode(ci: true)).failures == [])
        #expect(try String(contentsOfFile: file, encoding: .utf8) == written)

        // The presenter changes: a failure with a diff, the file untouched.
        try scenario(title: "Soon").write(toFile: root + "/flow.json", atomically: true, encoding: .utf8)
        let changed = try run(root, SnapshotMode())
        let failure = try #require(changed.failures.first)
        #expect(failure.expectation == "snapshot")
        #expect(failure.message.hasPrefix(#"transcript differs from snapshot "shown""#))
        let diff = failure.actual?.text ?? ""
        #expect(diff.contains(#"- {"t":0.0,"type":"ui.show","id":"title","text":"Sale"}"#), "\(diff)")
        #expect(diff.contains(#"+ {"t":0.0,"type":"ui.show","id":"title","text":"Soon"}"#), "\(diff)")
        #expect(diff.contains(#"  {"t":0.0,"type":"log","message":"start"}"#), "\(diff)")
        #expect(try String(contentsOfFile: file, encoding: .utf8) == written)

        // --update-snapshots accepts the new transcript.
        #expect(try run(root, SnapshotMode(update: true)).failures == [])
        #expect(try String(contentsOfFile: file, encoding: .utf8).contains(#""text":"Soon""#))
        #expect(try run(root, SnapshotMode(ci: true)).failures == [])
    }

    @Test func aMissingSnapshotFailsInCI() throws {
        let root = try Fixture.folder(["flow.json": scenario(title: "Sale")])
        defer { Fixture.remove(root) }
        let result = try run(root, SnapshotMode(ci: true))
        #expect(result.failures.map(\.expectation) == ["snapshot"])
        #expect(result.failures.first?.message.contains("missing in CI") == true)
        #expect(!FileManager.default.fileExists(atPath: root + "/__snapshots__/flow.snap.json"))
    }

    @Test func aBrokenSnapshotFileIsAFailureNotACrash() throws {
        let root = try Fixture.folder(["flow.json": scenario(title: "Sale"), "__snapshots__/flow.snap.json": "{"])
        defer { Fixture.remove(root) }
        let result = try run(root, SnapshotMode())
        #expect(result.failures.first?.message.hasPrefix("snapshot file is not valid JSON") == true, "\(result.failures)")
    }

    @Test func ciComesFromTheEnvironment() {
        #expect(SnapshotMode.fromEnvironment(update: false, ["CI": "true"]).ci)
        #expect(!SnapshotMode.fromEnvironment(update: false, ["CI": "false"]).ci)
        #expect(!SnapshotMode.fromEnvironment(update: false, [:]).ci)
        #expect(SnapshotMode.fromEnvironment(update: true, [:]).update)
    }

    @Test func theDiffKeepsContextAndElidesTheRest() {
        let expected = (1...10).map { "e\($0)" }
        var actual = expected
        actual[7] = "changed"
        let diff = SnapshotStore.diff(expected, actual)
        #expect(diff.contains("  ...") && diff.contains("- e8") && diff.contains("+ changed") && diff.contains("  e6"))
        #expect(!diff.contains("  e2"))
    }

    /// A link committed where the snapshot goes (or as its `__snapshots__` folder) is not written
    /// through: the scenario fails saying so, and the file it points to is unchanged.
    @Test(arguments: [false, true])
    func aSymbolicLinkIsNotWrittenThrough(folderLink: Bool) throws {
        let root = try Fixture.folder(["flow.json": scenario(title: "Sale")])
        let outside = try Fixture.folder(["victim.snap.json": "{}", "flow.snap.json": "{}"])
        defer { Fixture.remove(root); Fixture.remove(outside) }
        if folderLink {
            try FileManager.default.createSymbolicLink(atPath: root + "/__snapshots__", withDestinationPath: outside)
        } else {
            try FileManager.default.createDirectory(atPath: root + "/__snapshots__", withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(atPath: root + "/__snapshots__/flow.snap.json", withDestinationPath: outside + "/victim.snap.json")
        }
        let failure = try #require(try run(root, SnapshotMode(update: true)).failures.first)
        #expect(failure.message.contains("is a symbolic link: not written through"), "\(failure.message)")
        #expect(try String(contentsOfFile: outside + "/victim.snap.json", encoding: .utf8) == "{}")
        #expect(try String(contentsOfFile: outside + "/flow.snap.json", encoding: .utf8) == "{}")
    }
}
