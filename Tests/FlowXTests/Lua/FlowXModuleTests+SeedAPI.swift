import Engine
import JSON
import LuaRuntime
import Testing
@testable import FlowX

/// Issue 37, item 5: the seed's API shapes (the FlowX iOS SDK guide: "Theme setup",
/// "How to start a process", "How to resume an existing process", "Enumerations", "Update the
/// authorization token"), each a test named after its statement.
@Suite struct FlowXSeedAPITests {
    /// A configured engine with a session and the process `p` (one screen, a custom component).
    func engine(instructions: Int? = 1_000_000) throws -> (Engine, FlowXSystem) {
        let (engine, system) = try makeEngine(configured: false, instructions: instructions)
        system.renderer.configure(try Configuration(json: sampleConfig))
        system.renderer.sessionToken = "jwt"
        system.renderer.add(try ProcessDefinition(json: try json("""
            {"name": "p", "screens": [{"id": "a", "components": [{"id": "calc", "identifier": "Calc"}]}]}
            """)))
        return (engine, system)
    }

    func events(_ engine: Engine, _ type: String) -> [TranscriptEvent] { engine.transcript.events.filter { $0.type == type } }

    // `setupTheme(withUuid:workspaceId:localFileUrl:appearance:completion:)`: the seed's order,
    // positionally and with the labels as a table; "completion - a completion closure called when
    // the theme setup finishes"; the appearance (`.light`, the default, or `.dark`) reaches the
    // custom components.
    @Test func setupThemeWithUuidWorkspaceIdLocalFileUrlAppearanceCompletion() throws {
        let (engine, system) = try engine()
        engine.lua.scriptRoots.append(examplesFlowX.path)
        let values = try engine.run("""
            local finished = {}
            flowx.setThemes{["t-1"] = {tokens = {}}}
            flowx.setupTheme("t-1", "ws-1", "theme.json", "dark", function() finished[#finished + 1] = "positional" end)
            local seen
            flowx.component("Calc", {populateUI = function(self) seen = self.appearance return {} end})
            flowx.startProcess("p")
            flowx.setupTheme{withUuid = "t-2", workspaceId = "ws-2", localFileUrl = "theme.json",
                             completion = function() finished[#finished + 1] = "table" end}
            return table.concat(finished, ","), seen
            """)
        #expect(values.map(\.description) == ["positional,table", "dark"])
        let themes = events(engine, "flowx.theme")
        #expect(themes.map(\.fields) == [
            ["uuid": "t-1", "source": "server", "workspaceId": "ws-1", "appearance": "dark"],
            ["uuid": "t-2", "source": "fallback", "workspaceId": "ws-2", "appearance": "light", "file": "theme.json"],
        ])
        #expect(system.renderer.appearance == .light && events(engine, "warning").isEmpty)
    }

    // The 4.x order `setupTheme(withUuid:localFileUrl:completion:)` still works; a fallback that
    // is no file (a workspace id in the 4.x place, say) is a warning, not a silent fallback.
    @Test func theFourXOrderStillWorksAndAFallbackThatIsNoFileWarns() throws {
        let (engine, _) = try engine()
        let values = try engine.run("""
            local n = 0
            flowx.setupTheme("t", nil, function() n = n + 1 end)
            flowx.setupTheme("t", "ws-1", function() n = n + 1 end)
            return n
            """)
        #expect(values.first?.description == "2")
        let warning = try #require(events(engine, "warning").first?["message"]?.stringValue)
        #expect(warning.contains("setupTheme: the fallback file 'ws-1' is not a JSON file in the script folders")
                && warning.contains("setupTheme(uuid, workspaceId, localFileUrl, appearance, completion)"))
    }

    @Test(arguments: [
        ("flowx.setupTheme('t', 'ws', nil, 'sepia')", #"appearance must be "light" or "dark" (the SDK's .light, .dark), got 'sepia'"#),
        ("flowx.setupTheme{withUuid = 't', apperance = 'dark'}", "unknown key 'apperance' (did you mean 'appearance'?"),
        ("flowx.setupTheme{workspaceId = 'w'}", "'withUuid' must be a string, got nil"),
        ("flowx.setupTheme('t', 'ws', 'f', 'dark', 5)", "completion must be a function, got number"),
        ("flowx.continueLatestProcess(5)", "table expected, got number"),
        ("flowx.updateAuthorization({})", "string expected"),
        ("flowx.getEnumeration('e', nil, 'nope')", "function expected"),
        ("flowx.themeFetched(nil)", "function expected"),
    ])
    func wrongArgumentsAreLuaErrors(code: String, message: String) throws {
        let (engine, _) = try engine()
        let error = #expect(throws: LuaError.self) { try engine.run(code) }
        #expect(error?.message.contains(message) == true, "\(error?.message ?? "")")
    }

    // "FXTheme's shared instance also provides a Combine publisher named `themeFetched` which sends
    // `true` if the theme setup was finished."
    @Test func themeFetchedSendsTrueWhenTheThemeSetupFinished() throws {
        let (engine, _) = try engine()
        let values = try engine.run("""
            local got = {}
            flowx.themeFetched(function(ok) got[#got + 1] = tostring(ok) end)
            flowx.themeFetched(function() error("subscriber fails") end)
            flowx.setupTheme("t")
            flowx.setupTheme{withUuid = "u"}
            return table.concat(got, ",")
            """)
        #expect(values.first?.description == "true,true")
        #expect(events(engine, "error").count == 2)
    }

    // Hostile: a completion (or subscriber) that re-enters `setupTheme` for ever ends at the
    // nesting bound with one error, the theme set up and the engine usable.
    @Test func aCompletionThatReentersSetupThemeIsContained() throws {
        let (engine, system) = try engine()
        let values = try engine.run("""
            local depth = 0
            local function again() depth = depth + 1 flowx.setupTheme("t" .. depth, nil, again) end
            flowx.setupTheme("t0", nil, again)
            return depth
            """)
        #expect(values.first?.description == "\(ProcessRenderer.maxThemeNesting)")
        #expect(events(engine, "error").count == 1)
        #expect(events(engine, "error").first?["message"]?.stringValue?.contains("more than 8 times deep") == true)
        #expect(system.renderer.theme?.uuid == "t8" && system.renderer.themeNesting == 0)
        #expect(try engine.run("return flowx.startProcess('p')").first?.description == "00000000-0000-4000-8000-000000000001")
    }

    // `continueLatestProcess`: the renderer tracks the latest process started and continues it
    // as `continueExistingProcess` does; with none, "" and `flowx.process.failed` (hostile: no
    // process, an ended one).
    @Test func continueLatestProcessContinuesTheTrackedLatestInstance() throws {
        let (engine, system) = try engine()
        try system.renderer.setupTheme(uuid: "t")
        let values = try engine.run("""
            local none = flowx.continueLatestProcess()
            local given
            local a = flowx.startProcess("p")
            flowx.stopProcess("p")
            local stopped = flowx.continueLatestProcess{completion = function(uuid) given = uuid end}
            local b = flowx.startProcess("p")
            local latest = flowx.continueLatestProcess{showLoader = true, completion = function(uuid) given = uuid end}
            return none, stopped, latest == b, given == b
            """)
        #expect(values.map(\.description) == ["", "", "true", "true"])
        let failed = events(engine, "flowx.process.failed").compactMap { $0["reason"]?.stringValue }
        #expect(failed.first == "flowx: continueLatestProcess: no process was started")
        #expect(failed.count == 2)
        #expect(events(engine, "flowx.loader").last?["loader"] == "reloadProcess")
        #expect(events(engine, "flowx.process.resumed").count == 1)
    }

    // "How to resume an existing process": `showLoader: Bool = false`: no `reloadProcess`
    // loader unless asked.
    @Test func continueExistingProcessShowsNoLoaderUnlessAsked() throws {
        let (engine, system) = try engine()
        try system.renderer.setupTheme(uuid: "t")
        try engine.run("""
            local uuid = flowx.startProcess("p")
            flowx.continueExistingProcess(uuid)
            flowx.continueExistingProcess(uuid, nil, {showLoader = true})
            """)
        #expect(events(engine, "flowx.loader").map { $0["loader"] } == ["reloadProcess"])
        #expect(events(engine, "flowx.process.resumed").count == 2)
    }

    // "When the access token of the auth session changes, you can update it in the renderer
    // using the `func updateAuthorization(token: String)` method." Hostile: a 1 MB token.
    @Test func updateAuthorizationReplacesTheSessionToken() throws {
        let (engine, system) = try engine()
        try engine.run("flowx.updateAuthorization('fresh')")
        #expect(system.renderer.sessionToken == "fresh")
        #expect(events(engine, "flowx.session").last?["token"] == "fresh")
        try engine.run("flowx.updateAuthorization(string.rep('x', 1024 * 1024))")
        #expect(system.renderer.sessionToken?.utf8.count == 1024 * 1024)
        try engine.run("flowx.setupTheme('t')")
        #expect(system.renderer.theme?.uuid == "t")
    }

    // `onProcessStarted(uuid)`: called with the new instance's uuid once it started, before the
    // `completion`; a failing one is contained.
    @Test func onProcessStartedGetsTheUuidBeforeTheCompletion() throws {
        let (engine, system) = try engine()
        try system.renderer.setupTheme(uuid: "t")
        let values = try engine.run("""
            local order = {}
            local uuid = flowx.startProcess("p", {}, {onProcessStarted = function(u) order[#order + 1] = "started:" .. u end,
                                                      completion = function(u) order[#order + 1] = "completion" end})
            flowx.startProcess("p", {}, {onProcessStarted = function() error("app bug") end})
            return table.concat(order, ","), uuid
            """)
        #expect(values.first?.description == "started:00000000-0000-4000-8000-000000000001,completion")
        #expect(events(engine, "error").first?["message"]?.stringValue?.hasPrefix("flowx: onProcessStarted: ") == true)
        #expect(system.renderer.instances.count == 2)
    }

    // `getEnumeration(name:parentName:completion:)`: the items given to the completion (nil
    // when unknown); a failing completion is contained.
    @Test func getEnumerationGivesTheItemsToItsCompletion() throws {
        let (engine, _) = try engine()
        let values = try engine.run("""
            flowx.setEnumerations{countries = {{code = "RO", content = "Romania", order = 1,
                                                childContentDescription = {name = "counties"}}},
                                  counties = {{code = "CJ", content = "Cluj", order = 1}}}
            local got, unknown = nil, "unset"
            flowx.getEnumeration("counties", "countries", function(items) got = items[1].code end)
            flowx.getEnumeration("nothing", nil, function(items) unknown = items end)
            flowx.getEnumeration("counties", nil, function() error("completion fails") end)
            return got, unknown
            """)
        #expect(values.map(\.description) == ["CJ", "nil"])
        #expect(events(engine, "error").count == 1)
    }
}
