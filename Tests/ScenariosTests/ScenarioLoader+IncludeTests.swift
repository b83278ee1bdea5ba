import Foundation
import JSON
import Testing
@testable import Scenarios

/// Shared setup: `include` files whose scripts run first and whose setup the scenario overrides.
struct ScenarioLoaderIncludeTests {
    @Test func includedScriptsComeFirstAndSetupMerges() throws {
        let folder = try Fixture.folder([
            "shared/common.json": #"{"scripts": ["common.lua"], "setup": {"fakeBuild": {"debug": true, "testUser": true}}}"#,
            "shared/common.lua": "",
            "own.lua": "",
            "s.json": #"{"include": ["shared/common.json"], "scripts": ["own.lua"], "setup": {"fakeBuild": {"testUser": false}}, "steps": []}"#,
        ])
        defer { Fixture.remove(folder) }
        let loader = ScenarioLoader(registry: Fixture.registry)
        let (files, _) = ScenarioDiscovery.find([folder])
        #expect(files.map(\.relativePath) == ["\(folder)/s.json"])   // an included file is not a scenario
        let scenario = try loader.loadAll(files[0]).get()[0]
        guard case .steps(let scripts, let setup, _) = scenario.body else { Issue.record("no steps"); return }
        #expect(scripts.map { ($0 as NSString).lastPathComponent } == ["common.lua", "own.lua"])
        #expect(setup == .object(["fakeBuild": .object(["debug": .bool(true), "testUser": .bool(false)])]))
    }

    @Test func aMissingOrBrokenIncludeIsALoadError() throws {
        let folder = try Fixture.folder([
            "bad.json": #"{"steps": [1]}"#,
            "a.json": #"{"include": ["nope.json", "bad.json"], "steps": []}"#,
        ])
        defer { Fixture.remove(folder) }
        let found = ScenarioDiscovery.Found(relativePath: "a.json", file: folder + "/a.json")
        guard case .failure(let errors) = ScenarioLoader(registry: Fixture.registry).loadAll(found) else { Issue.record("loaded"); return }
        #expect(errors.description.contains("include[0]: included file not found"), "\(errors)")
        #expect(errors.description.contains(#"unknown key "steps" in an included file"#), "\(errors)")
    }
}
