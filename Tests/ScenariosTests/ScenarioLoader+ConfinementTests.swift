import Foundation
import JSON
import Testing
@testable import Scenarios

/// The files a scenario names stay inside its folder, the run's folders and the working folder
/// (symbolic links resolved): one outside is a load error that quotes nothing of it and reads the
/// same whether or not it exists. Before, `include`, `scripts` and `setup.files` read any path.
struct ScenarioLoaderConfinementTests {
    /// A run folder `run/` with the scenario, and a sibling `elsewhere/` it must not reach.
    static func layout() throws -> String {
        let folder = try Fixture.folder([
            "run/ok.lua": "",
            "run/shared/ok.json": #"{"setup": {"fakeBuild": {"debug": true}}}"#,
            "run/fixtures/ok.png": "PNG",
            "elsewhere/secret.json": "TOPSECRET not json",
            "elsewhere/secret.lua": "-- TOPSECRET",
        ])
        try FileManager.default.createSymbolicLink(atPath: folder + "/run/link.json", withDestinationPath: folder + "/elsewhere/secret.json")
        try FileManager.default.createSymbolicLink(atPath: folder + "/run/out", withDestinationPath: folder + "/elsewhere")
        return folder
    }

    static func problems(_ folder: String, _ scenario: String) -> String {
        let file = folder + "/run/s.json"
        _ = FileManager.default.createFile(atPath: file, contents: Data(scenario.utf8))
        let loader = ScenarioLoader(registry: Fixture.registry, runPaths: [folder + "/run"])
        switch loader.loadAll(ScenarioDiscovery.Found(relativePath: "s.json", file: file)) {
        case .success: return "loaded"
        case .failure(let errors): return errors.description
        }
    }

    @Test(arguments: [
        // (what the scenario names, where it is named)
        (#"{"include": ["../elsewhere/secret.json"], "steps": []}"#, "include[0]"),
        (#"{"include": ["../elsewhere/missing.json"], "steps": []}"#, "include[0]"),
        (#"{"include": ["link.json"], "steps": []}"#, "include[0]"),
        (#"{"include": ["out/secret.json"], "steps": []}"#, "include[0]"),
        (#"{"include": ["out/missing.json"], "steps": []}"#, "include[0]"),
        (#"{"include": ["shared/../../elsewhere/secret.json"], "steps": []}"#, "include[0]"),
        (#"{"include": ["/etc/hostname"], "steps": []}"#, "include[0]"),
        (#"{"scripts": ["../elsewhere/secret.lua"], "steps": []}"#, "scripts[0]"),
        (#"{"scripts": ["/etc/hostname"], "steps": []}"#, "scripts[0]"),
        (#"{"setup": {"files": {"https://cdn.example/x.png": "../elsewhere/secret.json"}}, "steps": []}"#, #"setup.files["https://cdn.example/x.png"]"#),
        (#"{"setup": {"files": {"https://cdn.example/x.png": "/etc/hostname"}}, "steps": []}"#, #"setup.files["https://cdn.example/x.png"]"#),
    ])
    func aFileOutsideIsALoadErrorThatQuotesNothing(scenario: String, path: String) throws {
        let folder = try Self.layout()
        defer { Fixture.remove(folder) }
        let problems = Self.problems(folder, scenario)
        #expect(problems.contains("\(path): "), "\(problems)")
        #expect(problems.contains("is outside the scenario's folder, the run's folders and the working folder"), "\(problems)")
        #expect(!problems.contains("TOPSECRET") && !problems.contains("not found") && !problems.contains("not a JSON object"), "\(problems)")
    }

    @Test func filesInsideStillLoad() throws {
        let folder = try Self.layout()
        defer { Fixture.remove(folder) }
        #expect(Self.problems(folder, #"""
            {"include": ["shared/ok.json"], "scripts": ["ok.lua"], "setup": {"files": {"https://cdn.example/x.png": "fixtures/ok.png"}}, "steps": []}
            """#) == "loaded")
        // A missing file inside is still reported as missing.
        #expect(Self.problems(folder, #"{"include": ["shared/nope.json"], "steps": []}"#).contains("included file not found"))
    }
}
