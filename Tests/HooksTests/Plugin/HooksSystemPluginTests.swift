import Engine
import Foundation
import JSON
import Scenarios
import SystemKit
import Systems
import TestSupport
import Testing
@testable import Hooks

/// The plug-in: scenario steps, setup members (inline and from files), the `navigation`
/// expectation key, `:navigation`, the event types and the catalog.
@Suite struct HooksSystemPluginTests {
    static var registry: StepRegistry { StepRegistry(catalog: .standard) }

    private func run(_ files: [String: String]) throws -> [String: ScenarioResult] {
        let root = try TemporaryFolder.make(files: files).path
        defer { try? FileManager.default.removeItem(atPath: root) }
        // The project is the run's folder (its scenarios name `../gate.lua` and `../fixtures/`, which
        // a scenario may read only inside the run's folders); the fixtures, arrays without `steps`,
        // are not taken for scenarios.
        let scenarios = try Runner.load(paths: [root], registry: Self.registry).get()
        let results = Runner.execute(scenarios, options: RunnerOptions(jobs: 1, progress: false), registry: Self.registry)
        return Dictionary(uniqueKeysWithValues: results.map { ($0.name, $0) })
    }

    let fixtures: [String: String] = [
        "fixtures/plugins.json": #"[{"plugin": {"identifier": "gate", "screen": true, "preload": true, "general": {"fields": [{"key": "is_flow_blocker", "initial_value": true}]}}}]"#,
        "fixtures/river.json": #"[{"id": "home"}, {"id": "gate-screen"}, {"id": "settings", "hooks": {"preload_plugins": [{"identifier": "gate", "type": "general", "screen_id": "gate-screen"}]}}]"#,
        "gate.lua": """
            hooks.plugin{identifier = "gate", execute = function(self, data, done)
              ui.show{id = "yes", onTap = function() ui.hide("yes") done(true, nil, {ok = true}) end}
            end}
            """,
    ]

    @Test func stepsSetupFromFilesAndTheNavigationKey() throws {
        var files = fixtures
        files["scenarios/gate.json"] = """
            {"name": "gate", "scripts": ["../gate.lua"],
             "setup": {"plugins": "../fixtures/plugins.json", "screens": "../fixtures/river.json", "hookTimeout": 3},
             "steps": [
               {"navigate": "home", "from": "menu"},
               {"navigate": "settings", "dataSource": {"id": 1}},
               {"expect": {"navigation": {"stack": ["home", "gate-screen"], "running": true, "presented": null}}},
               {"tap": "yes"},
               {"expect": {"navigation": {"stack": ["home", "settings"], "screen": "settings", "data": {"ok": true}}}},
               {"navigate": "settings"},
               {"closeHookScreen": true},
               {"expect": {"navigation": {"blockedBy": "gate", "presented": false}}},
               {"navigate": "settings"},
               {"advance": 3},
               {"expect": {"events": [{"type": "error", "message": "hook 'gate' timed out after 3s"}], "navigation": {"blockedBy": "gate"}}}
             ]}
            """
        files["scenarios/wrong.json"] = """
            {"name": "wrong", "scripts": ["../gate.lua"], "setup": {"screens": "../fixtures/river.json"},
             "steps": [{"navigate": "home"}, {"expect": {"navigation": {"stack": ["elsewhere"], "presented": true}}},
                       {"closeHookScreen": true}]}
            """
        files["scenarios/nowhere.json"] = #"{"name": "nowhere", "steps": [{"navigate": "nowhere"}]}"#
        let results = try run(files)
        #expect(results["gate"]?.passed == true, "\(results["gate"]!.failures.map(\.summary))")
        let wrong = try #require(results["wrong"])
        #expect(wrong.failures.map(\.summary) == ["steps[1].expect.navigation.stack: navigation.stack differs"])
        #expect(wrong.failures.first?.expected == .json(["elsewhere"]))
        #expect(wrong.failures.first?.actual == .json(["home"]))
        #expect(results["nowhere"]?.failures.first?.summary.contains("no screen 'nowhere' in the loaded river") == true)
    }

    @Test func malformedFixtureFilesNameTheFileAndJSONPath() throws {
        var files = fixtures
        files["fixtures/bad-river.json"] = #"[{"id": "a"}, {"id": "b", "hooks": {"preload_plugins": 3}}]"#
        files["fixtures/broken.json"] = #"[{"plugin": "#
        files["scenarios/a.json"] = #"{"name": "a", "setup": {"screens": "../fixtures/bad-river.json"}, "steps": []}"#
        files["scenarios/b.json"] = #"{"name": "b", "setup": {"plugins": "../fixtures/broken.json"}, "steps": []}"#
        files["scenarios/c.json"] = #"{"name": "c", "setup": {"plugins": "../fixtures/absent.json"}, "steps": []}"#
        files["scenarios/d.json"] = #"{"name": "d", "setup": {"plugins": [{"plugin": {"identifier": 4}}]}, "steps": []}"#
        let results = try run(files)
        func message(_ name: String) -> String { results[name]?.failures.map(\.summary).joined(separator: "; ") ?? "" }
        #expect(message("a").contains("setup.screens: ../fixtures/bad-river.json:1:56: [1].hooks.preload_plugins: expected an array, got number"), "\(message("a"))")
        #expect(message("b").contains("setup.plugins: ../fixtures/broken.json:1:12: invalid JSON: "), "\(message("b"))")
        #expect(message("c").contains("setup.plugins: ../fixtures/absent.json: $: cannot read the file"), "\(message("c"))")
        #expect(message("d").contains("setup.plugins: [0].plugin.identifier: expected a string, got number"), "\(message("d"))")
    }

    @Test func stepShapesAreCheckedWhenTheFileLoads() throws {
        let root = try TemporaryFolder.make().path
        defer { try? FileManager.default.removeItem(atPath: root) }
        try Data(#"{"setup": {"hookTimeout": -1, "screens": 3}, "steps": [{"navigate": 3}, {"navigate": "a", "from": "side"}, {"expect": {"navigation": 1}}]}"#.utf8)
            .write(to: URL(fileURLWithPath: root + "/bad.json"))
        let text = try #require(Runner.load(paths: [root], registry: Self.registry).failure, "loaded").description
        for message in [
            "setup.hookTimeout: expected a non-negative number",
            "setup.screens: expected a string or an array",
            "steps[0].navigate: expected a string, got number",
            "steps[1].from: expected one of cell, navbar, menu, picker, got \"side\"",
            "steps[2].expect.navigation: expected an object, got number",
        ] {
            #expect(text.contains(message), "\(text)")
        }
    }

    @Test func theREPLCommandSummarisesTheNavigation() throws {
        let engine = try SystemCatalog.standard.makeEngine()
        let command = try #require(SystemCatalog.standard.replCommand(named: "navigation"))
        #expect(try command.run(engine, "") == "stack: empty\nlast: none\n")
        try engine.run("""
            hooks.loadScreens{{id = "home"}, {id = "gated", hooks = {preload_plugins = {{identifier = "g", type = "general"}}}}}
            hooks.plugin{identifier = "g", isFlowBlocker = true, execute = function(self, d, done) done(false) end}
            hooks.navigate("home", {from = "menu", dataSource = {}})
            hooks.navigate("gated")
            """)
        #expect(try command.run(engine, "") == "stack: home\nlast: gated from cell: blocked by g\ndata: none\n")
        #expect(SystemCatalog.standard.replCommand(named: "nav")?.name == "navigation")
    }

    /// What the SDK skips without a word is a `warning` (issue 35 item 3): a hook entry whose
    /// identifier or type is not a string, and a hook in no plugin list (with the closest known name).
    @Test func skippedHooksWarn() throws {
        let engine = try SystemCatalog.standard.makeEngine()
        try engine.run("""
            hooks.loadPlugins{{plugin = {identifier = "analytics", preload = true}}}
            hooks.plugin{identifier = "analytics", execute = function(self, d, done) done(true) end}
            hooks.loadScreens{{id = "a", hooks = {preload_plugins = {{identifier = 7, type = "g"}, {identifier = "analytic", type = "g"}}}}}
            hooks.navigate("a")
            """)
        let warnings = engine.transcript.events.filter { $0.type == "warning" }
        #expect(warnings.map { $0["path"] } == ["[0].hooks.preload_plugins[0]", nil])
        #expect(warnings.map { $0["system"] } == ["hooks", "hooks"])
        #expect(warnings.last?["ignored"] == "analytic" && warnings.last?["didYouMean"] == "analytics")
        #expect(engine.transcript.events.contains { $0.type == "hook.skipped" && $0["identifier"] == "analytic" })
    }

    @Test func everyRecordedEventTypeIsListed() throws {
        let engine = try SystemCatalog.standard.makeEngine()
        try engine.run("""
            hooks.configure{timeout = 1}
            hooks.loadPlugins{{plugin = {identifier = "known"}},
                              {plugin = {identifier = "ok", type = "general", api = {require_startup_execution = true}}},
                              {plugin = {identifier = "other", type = "login", api = {require_startup_execution = true}}}}
            hooks.loadScreens{
              {id = "a", hooks = {preload_plugins = {{identifier = "missing", type = "g"}, {identifier = "s", type = "g"}},
                                  postload_plugins = {{identifier = "twice", type = "g"}}}},
              {id = "b", hooks = {preload_plugins = {{identifier = "block", type = "g"}}}},
            }
            hooks.plugin{identifier = "s", screen = true, execute = function() end}
            hooks.plugin{identifier = "twice", execute = function(self, d, done) done(true) done(true) end}
            hooks.plugin{identifier = "block", isFlowBlocker = true, execute = function(self, d, done) done(false) end}
            hooks.navigate("a") hooks.navigate("b") hooks.closeHookScreen() hooks.navigate("b")
            hooks.loadScreens{{id = "r", hooks = {postload_plugins = {{identifier = "rec", type = "g"}}}}, {id = "leaf"}}
            hooks.plugin{identifier = "rec", recurring = true, execute = function(self, d, done) done(true) end}
            hooks.navigate("r", {from = "menu"}) hooks.navigate("leaf") hooks.back()
            hooks.appLoadingPlugin{identifier = "ok", executeOnLaunch = function(self, done) done() done() end,
                                   executeOnContinuingUserActivity = function(self, a, done) done() end,
                                   executeOnFailedLoading = function(self, done) done() end}
            hooks.appLoadingPlugin{identifier = "other", type = "login", executeOnLaunch = function(self, done) done() end}
            hooks.continueUserActivity{activityType = "early"}
            hooks.openURL("app://early")
            hooks.launch()
            hooks.continueUserActivity{activityType = "late"}
            app.advance(1)
            """)
        try engine.relaunch()
        try engine.run("""
            hooks.appLoadingPlugin{identifier = "ok", executeOnFailedLoading = function(self, done) done() end}
            hooks.launch{loadingFails = true}
            """)
        let listed = Set(HooksSystem.eventTypes.map(\.name))
        let recorded = Set(engine.transcript.events.map(\.type).filter { ["hook.", "navigation.", "screen.", "apphook.", "launch.", "activity.", "url."].contains(where: $0.hasPrefix) })
        #expect(recorded.isSubset(of: listed), "\(recorded.subtracting(listed))")
        #expect(recorded == listed, "not exercised: \(listed.subtracting(recorded))")
        #expect(SystemCatalog.standard.validate(coreSteps: CoreSteps.steps.map(\.name), coreSetup: CoreSteps.setupMembers.map(\.name),
                                                coreExpectations: CoreSteps.expectationKeys.map(\.name)).isEmpty)
    }
}
