import Engine
import JSON
import Testing
@testable import FlowX

/// Issue 22, item 7: the session → theme → start order, the theme's fallback file, and the
/// refresh on foreground (flowx-ai/flowx-docs 4.7.x/sdks/ios-renderer.mdx, "Theming").
@Suite struct ProcessRendererThemeTests {
    static let definition = #"{"name": "p", "screens": [{"id": "a", "title": "A"}]}"#

    // "Make sure the FXSessionConfig configure method was called with a valid session before setting
    // up the theme." / "The start or continue process APIs should be called only after the theme
    // setup was completed."
    @Test func sessionThenThemeThenStart() throws {
        let (engine, system) = try makeEngine(configured: false)
        let renderer = system.renderer!
        renderer.configure(try Configuration(json: sampleConfig))
        renderer.add(try ProcessDefinition(json: try json(Self.definition)))
        #expect(throws: RendererError.noSessionForTheme) { try renderer.setupTheme(uuid: "t1") }
        #expect(throws: RendererError.themeNotSetUp) { try renderer.start("p") }
        #expect(renderer.startProcess("p") == "")
        #expect(engine.transcript.events.last?["reason"]?.stringValue?.hasPrefix("flowx: the theme is not set up") == true)
        renderer.sessionToken = "jwt"
        renderer.themes = ["t1": ["tokens": [:]]]
        try renderer.setupTheme(uuid: "t1")
        #expect(engine.transcript.events.last?.type == "flowx.theme" && engine.transcript.events.last?["source"] == "server")
        #expect(renderer.startProcess("p") == "00000000-0000-4000-8000-000000000001")
    }

    // "localFileUrl - optional parameter for providing a fallback theme file, in case the fetch theme
    // request fails." / "completion - a completion closure called when the theme setup finishes."
    @Test func theFallbackFileIsUsedWhenTheFetchFails() throws {
        let (engine, system) = try makeEngine(configured: false)
        let folder = examplesFlowX.path
        engine.lua.scriptRoots.append(folder)
        try engine.run("""
            flowx.configure{baseURL = "https://api.example", enginePath = "engine", imageBaseURL = "https://cdn.example", organizationId = "o"}
            local ok, err = pcall(flowx.setupTheme, "t")
            assert(not ok and err:find("setupTheme needs a valid session first", 1, true), err)
            flowx.session("jwt")
            local finished = 0
            flowx.setupTheme("unknown-theme", "theme.json", function() finished = finished + 1 end)
            assert(finished == 1)
            flowx.setupTheme("other", "../theme.json", function() finished = finished + 1 end)
            assert(finished == 2, "the setup finishes even without a theme")
            """)
        let themes = engine.transcript.events.filter { $0.type == "flowx.theme" }
        #expect(themes.map { $0["source"] } == ["fallback", "none"])
        #expect(themes.first?["file"] == "theme.json")
        #expect(system.renderer.theme?.uuid == "other")
    }

    // Issue 22: "updateStateEnabled refreshing state on foreground".
    @Test func updateStateEnabledRefreshesTheScreenOnForeground() throws {
        let (engine, system) = try makeEngine()
        system.renderer.add(try ProcessDefinition(json: try json(Self.definition)))
        try system.renderer.start("p")
        engine.enterForeground()
        #expect(engine.transcript.events.contains { $0.type == "flowx.process.updated" && $0["process"] == "p" })
        var off = sampleConfig.objectValue!
        off["updateStateEnabled"] = false
        system.renderer.configure(try Configuration(json: .object(off)))
        let before = engine.transcript.events.count
        engine.enterForeground()
        #expect(!engine.transcript.events[before...].contains { $0.type == "flowx.process.updated" })
    }
}
