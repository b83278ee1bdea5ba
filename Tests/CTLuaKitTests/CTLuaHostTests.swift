import CTLuaKit
import Foundation
import Testing
import TestSupport

/// The library's stable entry points (docs/embedding.md), as an embedder calls them.
@Suite struct CTLuaHostTests {
    @Test func versionIsTheChangelogsNewestReleaseAndWhatTheCommandPrints() throws {
        let changelog = try String(contentsOf: CLI.packageRoot.appendingPathComponent("CHANGELOG.md"), encoding: .utf8)
        // The first `## x.y.z` heading (not `## Unreleased`) is the newest release.
        let release = changelog.split(separator: "\n").first { $0.hasPrefix("## ") && $0.dropFirst(3).first?.isNumber == true }
        let heading = try #require(release).dropFirst(3).split(separator: " ").first.map(String.init)
        #expect(heading == CTLuaHost.version)
        let printed = try CLI.run(["--version"])
        #expect(printed.stdout.hasPrefix("ctlua \(CTLuaHost.version) (Lua 5.4"), "\(printed.stdout)")
    }

    @Test func engineRunsLuaFromTheFolderAndATapFromSwiftReachesTheHandler() throws {
        let folder = try TemporaryFolder.make(files: ["show.lua": #"ui.show{id = "a-1.b", text = "Hi", onTap = function() app.log("tapped") end}"#])
        let host = CTLuaHost()
        let engine = try host.makeEngine(folder: folder.path)
        try engine.load(path: folder.appendingPathComponent("show.lua").path)
        try engine.ui.tap(id: "a-1.b")
        #expect(engine.transcript.events.contains { $0.type == "log" && $0["message"]?.stringValue == "tapped" })
        #expect(host.screenText(of: engine).contains("#a-1.b"))
        // The strict sandbox, as in a scenario: no `io`, no `os.execute`.
        #expect(try engine.run("return io == nil and (os == nil or os.execute == nil)").first?.boolValue == true)
    }

    @Test func aChosenSetOfSystemsHasOnlyTheirModules() throws {
        let engine = try CTLuaHost(systems: SystemCatalog([])).makeEngine(folder: FileManager.default.currentDirectoryPath)
        #expect(try engine.run("return templates == nil and traits == nil and json ~= nil").first?.boolValue == true)
        let standard = try CTLuaHost().makeEngine(folder: FileManager.default.currentDirectoryPath)
        #expect(try standard.run("return templates ~= nil and traits ~= nil and hooks ~= nil and flowx ~= nil").first?.boolValue == true)
    }

    @Test func scenarioTextRunsAndItsFailureAndLoadErrorsAreReported() throws {
        let folder = try TemporaryFolder.make(files: ["v.lua": #"flowx.validator("even", function(v) return math.type(v) == "integer" and v % 2 == 0 end)"#])
        let host = CTLuaHost()
        let passing = try host.scenarios(json: #"{"scripts": ["v.lua"], "steps": [{"validate": "even", "value": 4, "expect": true}]}"#,
                                         folder: folder.path)
        let result = host.run(passing[0])
        #expect(result.passed, "\(result.failures)")
        #expect(result.transcript.contains { $0.type == "validation" })
        #expect(!result.steps.isEmpty, "the step screens are recorded")
        let failing = try host.scenarios(json: #"{"scripts": ["v.lua"], "steps": [{"validate": "even", "value": 3, "expect": true}]}"#,
                                         folder: folder.path)
        #expect(!host.run(failing[0]).passed)
        #expect(throws: ScenarioLoadErrors.self) {
            try host.scenarios(json: "{\"steps\": [\n {\"nosuchstep\": 1}]}", folder: folder.path, name: "bad.json")
        }
        do { _ = try host.scenarios(json: "{\"steps\": [\n {\"nosuchstep\": 1}]}", folder: folder.path, name: "bad.json") } catch {
            #expect(error.errors.first?.description.hasPrefix("bad.json:2:") == true, "\(error)")
        }
    }

    /// As an attacker through the library: Lua values kept after their engine is gone (its state
    /// closed) read as nil and fail to call, instead of touching freed memory; a scenario name
    /// cannot place its file outside its folder.
    @Test func valuesThatOutliveTheirEngineAreInertAndNamesStayInTheFolder() throws {
        let host = CTLuaHost()
        var engine: Engine? = try host.makeEngine(folder: FileManager.default.currentDirectoryPath)
        let values = try #require(engine).run("return {x = 1}, function() return 2 end, 'text'")
        let (table, function) = (try #require(values[0].tableValue), try #require(values[1].functionValue))
        #expect(table["x"].integerValue == 1)
        engine = nil
        #expect(table["x"].isNil)
        table["y"] = .integer(3)   // ignored, not a write into a closed state
        #expect(table["y"].isNil)
        #expect(throws: LuaError.self) { try function.call() }
        #expect(values[2].stringValue == "text", "a string is a Swift value")

        let folder = try TemporaryFolder.make()
        #expect(throws: ScenarioLoadErrors.self) {
            try host.scenarios(json: #"{"steps": [{"advance": 1}]}"#, folder: folder.path, name: "../outside.json")
        }
    }

    /// As an attacker through the library: a script that loops forever or allocates without end
    /// ends with the host's limits (in this process, no worker to kill); nothing escapes to Swift but
    /// a failure.
    @Test func hostileScriptsEndWithTheHostsLimits() throws {
        let folder = try TemporaryFolder.make(files: [
            "loop.lua": "while true do end",
            "grow.lua": "local t = {} for i = 1, math.maxinteger do t[i] = string.rep('x', 1000) .. i end",
        ])
        let host = CTLuaHost(limits: ScenarioLimits(maxMemory: 8 << 20, maxInstructions: 1_000_000))
        for script in ["loop.lua", "grow.lua"] {
            let scenario = try host.scenarios(json: #"{"scripts": ["\#(script)"], "steps": [{"advance": 1}]}"#, folder: folder.path)[0]
            let outcome = withDeadline(30) { host.run(scenario) }
            let result = try #require(try outcome?.get(), "\(script) did not end")
            #expect(!result.passed, "\(script)")
            #expect(result.failures.first?.message.contains(script == "loop.lua" ? "instruction" : "memory") == true, "\(result.failures)")
        }
    }
}
