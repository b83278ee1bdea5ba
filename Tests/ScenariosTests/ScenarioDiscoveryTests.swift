import Foundation
import Scenarios
import Testing

/// Folder searches skip other repositories: an app with ctlua as a git submodule at `./ctlua` (whose
/// `.git` is a file) or a pinned clone (a `.git` folder) ran ctlua's own examples and fuzz corpus as
/// the app's (issue #38: `ctlua check .` failed the generated workflow with 8 problems in them).
struct ScenarioDiscoveryTests {
    static let scenario = #"{"name": "mine", "steps": []}"#

    @Test(arguments: [".git/HEAD", ".git"])
    func aFolderWithItsOwnGitIsNotSearched(marker: String) throws {
        let root = try Fixture.folder([
            "scenarios/mine.json": Self.scenario,
            "ctlua/examples/theirs.json": #"{"name": "theirs", "steps": []}"#,
            "ctlua/" + marker: "gitdir: ../.git/modules/ctlua\n",
            "vendor/lib/deep/other.json": #"{"name": "deep", "steps": []}"#,
            "vendor/lib/.git": "gitdir: x\n",
        ])
        defer { Fixture.remove(root) }
        let everyFile = ScenarioDiscovery.find([root], everyFile: true)
        #expect(everyFile.files.map(\.relativePath) == [root + "/scenarios/mine.json"])
        #expect(ScenarioDiscovery.find([root]).files.map(\.relativePath) == [root + "/scenarios/mine.json"])
        // Named, the repository is searched (the folder itself, or a folder inside it).
        #expect(ScenarioDiscovery.find([root + "/ctlua"]).files.map(\.relativePath) == [root + "/ctlua/examples/theirs.json"])
        #expect(ScenarioDiscovery.find([root + "/ctlua/examples"]).files.count == 1)
        // A file whose name starts like the repository's is not inside it.
        try Self.scenario.write(toFile: root + "/ctlua-notes.json", atomically: true, encoding: .utf8)
        #expect(ScenarioDiscovery.find([root]).files.map(\.relativePath) == [root + "/ctlua-notes.json", root + "/scenarios/mine.json"])
    }
}
