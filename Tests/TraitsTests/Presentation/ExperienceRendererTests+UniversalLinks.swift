import JSON
import LuaRuntime
import Testing
@testable import Traits

/// Universal links as the SDK's `AppcuesLinkAction.execute` opens them (`Config.enableUniversalLinks`,
/// the `AppcuesUniversalLinkHostAllowList` Info.plist key, the app delegate's answer to
/// `application(_:continue:restorationHandler:)`): the SDK's `AppcuesLinkActionTests` by name.
@Suite struct UniversalLinkTests {
    typealias F = ExperienceFixture

    /// Shows the tour with `setup` run first, opens `url` through `@appcues/link`; returns the harness.
    func open(_ url: String, externally: Bool = true, setup: String) throws -> TraitsHarness {
        let h = try TraitsHarness.showing(F.tour, setup: setup)
        let config = #"{"url": "\#(url)", "openExternally": \#(externally)}"#
        let actions = h.system.renderer.actionRegistry.makeInstances(
            [Experience.Action(trigger: "tap", type: "@appcues/link", config: try JSONValue.decode(config))], level: "step")
        try #require(actions.count == 1)
        h.system.renderer.actionRegistry.enqueue(actions)
        h.engine.settle()
        return h
    }

    /// The app answers every universal link, recording what it got.
    static let handles = "traits.delegate{continueUserActivity = function(a) print('opened ' .. a.webpageURL .. ' ' .. a.activityType .. ' ' .. a.userInfo.referrer) return true end}"

    /// The links the app was offered (`print('opened ...')`).
    func offered(_ h: TraitsHarness) throws -> [String] {
        h.engine.transcript.events.filter { $0.type == "log" }.compactMap { $0["message"]?.stringValue }
            .filter { $0.hasPrefix("opened ") }.map { String($0.dropFirst(7)) }
    }

    @Test func testExecuteUniversalLink() throws {
        let h = try open("https://appcues.com", setup: Self.handles)
        #expect(try offered(h) == ["https://appcues.com NSUserActivityTypeBrowsingWeb Appcues"])
        #expect(h.events("link.opened", ["url", "via"]) == [#"link.opened url="https://appcues.com" via="universal""#])
    }

    @Test func testExecuteUniversalLinkDisabled() throws {
        let h = try open("https://appcues.com", setup: Self.handles + "\ntraits.config{enableUniversalLinks = false}")
        #expect(try offered(h).isEmpty, "not offered: universal link handling is disabled")
        #expect(h.events("link.opened", ["via", "universalLink"]) == [#"link.opened via="external" universalLink=nil"#])
    }

    @Test func testExecuteUniversalLinkAllowList() throws {
        let h = try open("https://appcues.com", setup: Self.handles + "\ntraits.config{universalLinkHostAllowList = {'appcues.com'}}")
        #expect(try offered(h).count == 1)
        #expect(h.events("link.opened", ["via"]) == [#"link.opened via="universal""#])
    }

    @Test func testExecuteUniversalLinkNotOnAllowList() throws {
        let h = try open("https://appcues.com", setup: Self.handles + "\ntraits.config{universalLinkHostAllowList = {'myapp.com'}}")
        #expect(try offered(h).isEmpty, "not on the allow-list: opened in the browser")
        #expect(h.events("link.opened", ["via"]) == [#"link.opened via="external""#])
    }

    /// The app's answer: a link it does not handle falls back to the browser (in-app without `openExternally`).
    @Test func aLinkTheAppDeclinesOpensInTheBrowser() throws {
        let h = try open("https://appcues.com/x", externally: false,
                         setup: "traits.delegate{continueUserActivity = function(a) print('opened ' .. a.webpageURL) return false end}")
        #expect(try offered(h) == ["https://appcues.com/x"])
        #expect(h.events("link.opened", ["via", "universalLink"]) == [#"link.opened via="in-app" universalLink="declined""#])
    }

    /// Scheme links are never offered as universal links; the navigation delegate takes precedence over both.
    @Test func schemeLinksAndTheNavigationDelegateAreNotOffered() throws {
        let h = try open("deeplink://test", setup: Self.handles)
        #expect(try offered(h).isEmpty)
        #expect(h.events("link.opened", ["via"]) == [#"link.opened via="scheme""#])
        let d = try open("https://appcues.com", setup: Self.handles + "\ntraits.delegate{navigate = function() end, continueUserActivity = function() error('asked') end}")
        #expect(d.events("link.opened", ["via"]) == [#"link.opened via="delegate""#])
        #expect(d.events("error").isEmpty)
    }

    /// `traits.config` reads back what is set, refuses unknown keys and wrong types.
    @Test func configReadsBackAndRefusesWrongInput() throws {
        let h = try TraitsHarness()
        let current = try h.lua("local c = traits.config() return c.enableUniversalLinks, c.universalLinkHostAllowList")
        #expect(current.first?.boolValue == true && current.last?.isNil == true)
        #expect(try h.lua("return traits.config{universalLinkHostAllowList = {'a.com'}}.universalLinkHostAllowList[1]").first?.stringValue == "a.com")
        #expect(try h.lua("return traits.config{universalLinkHostAllowList = false}.universalLinkHostAllowList").first?.isNil == true)
        for bad in ["{enableUniversalLink = false}", "{enableUniversalLinks = 'no'}", "{universalLinkHostAllowList = {1}}", "{universalLinkHostAllowList = 'a.com'}"] {
            #expect(throws: LuaError.self, "\(bad)") { try h.lua("traits.config\(bad)") }
        }
    }

    /// Hostile: the app's answer errors, loops (the instruction limit) or dismisses the experience
    /// whose link it opens; each is contained and the link falls back or completes.
    @Test func aHostileAppAnswerIsContained() throws {
        let e = try open("https://appcues.com", setup: "traits.delegate{continueUserActivity = function() error('boom') end}")
        #expect(e.events("error", ["source"]) == [#"error source="continueUserActivity""#])
        #expect(e.events("link.opened", ["via", "universalLink"]) == [#"link.opened via="external" universalLink="declined""#])

        let r = try open("https://appcues.com", setup: "traits.delegate{continueUserActivity = function() traits.dismiss() traits.reset() return true end}")
        #expect(r.events("link.opened", ["via"]) == [#"link.opened via="universal""#])
        #expect(r.system.renderer.current == nil)

        var limits = LuaLimits.standard
        limits.instructions = 2_000_000
        let h = try TraitsHarness(limits: limits)
        try h.lua(presentLua + "\ntraits.delegate{continueUserActivity = function() while true do end end}\ntraits.show([==[\(F.experience([F.buttonStep(1, [F.action("tap", "@appcues/link", #"{"url": "https://a.com"}"#)])]))]==])")
        _ = try? h.tap(1021)   // the limit holds for the whole entry: the tapping chunk may stop too
        #expect(h.events("error", ["source"]).contains(#"error source="continueUserActivity""#))
        #expect(h.events("link.opened", ["via"]) == [#"link.opened via="in-app""#])
        try h.lua("assert(traits.current() ~= nil)")   // the engine stays usable
    }
}
