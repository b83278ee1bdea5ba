import Engine
import JSON
@testable import Templates
import TestSupport
import Testing

/// Native in-apps through the queue (`CTInAppDisplayManager` with a native view controller),
/// end to end in an engine: headless views, buttons and their actions, the close button,
/// caps, pending, Notification Viewed/Clicked, the app delegate, HTML and the push primer.
@Suite struct InAppControllerNativeTests {
    static let banner = """
        templates.define{ name = "Banner", arguments = { {"title", ""} },
          onPresent = function(ctx) ctx:presented() end, onClose = function(ctx) ctx:dismissed() end }
        templates.define{ name = "Survey", type = "function", visual = true, arguments = { {"q", ""} },
          onPresent = function(ctx) ctx:presented() end, onClose = function(ctx) ctx:dismissed() end }
        """
    static let interstitial = """
        { type = "interstitial", ti = 101, wzrk_id = "n1", bg = "#000000",
          title = { text = "Sale", color = "#fff" }, message = { text = "50% off", color = "#eee" }, close = true,
          media = { url = "file:///dev/null", content_type = "image/png" },
          buttons = {
            { text = "Shop", actions = { type = "url", ios = "app://shop" } },
            { text = "Later", actions = { type = "close" } },
            { text = "Ask", actions = { type = "custom-code", templateName = "Survey", vars = { q = "Why?" } } },
            { text = "Keys", actions = { type = "kv", kv = { coupon = "X1" } } },
          } }
        """

    static func engine() throws -> (Engine, TemplatesSystem) {
        // The media URLs name `file:///dev/null`: under strict a local file is fetched only inside
        // the script roots (as `app.load` reads), so `/dev` is one here.
        try makeEngine(with: TemplatesSystem(), setup: banner + "\ntemplates.deliver{ imc = 10, imp = 10, inapp_delivery_mode = 'CS' }") {
            $0.scriptRoots = ["/dev"]
        }
    }

    func types(_ engine: Engine, _ prefix: String) -> [String] { engine.transcript.events(prefix: prefix).map(\.type) }

    @Test func aNativeInAppBlocksTheQueueUntilItsButtonIsTapped() throws {
        let (engine, system) = try Self.engine()
        try engine.run("templates.deliver{ \(Self.interstitial), { type = 'custom-code', templateName = 'Banner', ti = 102, wzrk_id = 'c2' } }")
        #expect(system.controller.displayed?.id == "n1")
        #expect(system.controller.waitingIds == ["c2"], "the template waits for the native in-app")
        let tree = engine.ui.tree
        #expect(tree["inapp"]?["inAppType"] == "interstitial" && tree["inapp.title"]?["text"] == "Sale" && tree["inapp.message"]?["text"] == "50% off")
        #expect(tree["inapp.media"]?["kind"] == "image" && tree["inapp.button.1"]?["url"] == "app://shop" && tree["inapp.close"] != nil)
        #expect(system.campaigns.state["counts"]?["101"]?["lifetime"] == 1, "impression counted when shown")
        #expect(engine.transcript.events(prefix: "notification.viewed").count == 1)
        try engine.run("app.tap('inapp.button.2')")
        let clicked = try #require(engine.transcript.events(prefix: "notification.clicked").last)
        #expect(clicked["wzrk_c2a"] == "Later")
        #expect(engine.ui.find("inapp") == nil, "views hidden")
        #expect(system.controller.displayed?.id == "c2", "the template shows once the native one is dismissed")
    }

    @Test func aURLButtonRecordsClickedWithTheDeepLinkAndOpensIt() throws {
        let (engine, _) = try Self.engine()
        try engine.run("templates.deliver(\(Self.interstitial)); app.tap('inapp.button.1')")
        let clicked = try #require(engine.transcript.events(prefix: "notification.clicked").last)
        #expect(clicked["props"]?["wzrk_dl"] == "app://shop" && clicked["props"]?["wzrk_id"] == "n1")
        #expect(engine.transcript.events(prefix: "action.url").last?["url"] == "app://shop")
    }

    @Test func aKVButtonCallsButtonTappedAndDismissedGetsTheActionExtras() throws {
        let (engine, _) = try Self.engine()
        try engine.run("""
            local seen = {}
            app.delegate{ buttonTapped = function(kv) seen.kv = kv.coupon end,
                          didShow = function(inapp) seen.shown = inapp.wzrk_id end,
                          dismissed = function(inapp, extras, actionExtras) seen.c2a = actionExtras.wzrk_c2a end }
            templates.deliver(\(Self.interstitial))
            app.tap('inapp.button.4')
            assert(seen.kv == 'X1' and seen.shown == 'n1' and seen.c2a == 'Keys', tostring(seen.kv) .. tostring(seen.shown) .. tostring(seen.c2a))
            """)
        #expect(engine.transcript.events(prefix: "delegate.tapped").count == 1)
    }

    @Test func aURLDelegateVetoKeepsTheURLClosed() throws {
        let (engine, _) = try Self.engine()
        try engine.run("app.delegate{ shouldHandleURL = function(url) return false end }; templates.deliver(\(Self.interstitial)); app.tap('inapp.button.1')")
        #expect(engine.transcript.events(prefix: "action.url").last?["opened"] == false)
    }

    @Test func aCustomCodeButtonSpawnsItsTemplateAfterTheDismissal() throws {
        let (engine, system) = try Self.engine()
        try engine.run("templates.deliver(\(Self.interstitial)); app.tap('inapp.button.3')")
        #expect(system.controller.displayed?.templateName == "Survey")
        #expect(system.controller.displayedContext?.string("q") == "Why?")
    }

    @Test func theCloseButtonAndCloseDismissWithoutAClick() throws {
        let (engine, system) = try Self.engine()
        try engine.run("templates.deliver(\(Self.interstitial)); app.tap('inapp.close')")
        #expect(system.controller.displayed == nil)
        try engine.run("templates.deliver{ \(Self.interstitial) }; templates.close()")
        #expect(system.controller.displayed == nil && engine.transcript.events(prefix: "notification.clicked").isEmpty)
        #expect(types(engine, "native.dismissed").count == 2)
    }

    @Test func anImageOnlyInAppsMediaTapRunsTheFirstButton() throws {
        let (engine, _) = try Self.engine()
        try engine.run("""
            templates.deliver{ type = 'cover-image', ti = 5, wzrk_id = 'img', media = { url = 'file:///dev/null', content_type = 'image/jpeg' },
              buttons = { { text = 'x', actions = { type = 'url', ios = 'app://deal' } } } }
            app.tap('inapp.media')
            """)
        let clicked = try #require(engine.transcript.events(prefix: "notification.clicked").last)
        #expect(clicked["wzrk_c2a"] == "" && clicked["props"]?["wzrk_dl"] == "app://deal")
    }

    @Test func anImageThatCannotLoadDropsTheInApp() throws {
        let (engine, system) = try Self.engine()
        try engine.run("templates.deliver{ type = 'cover', ti = 6, wzrk_id = 'i', media = { url = 'file:///nonexistent/x.png', content_type = 'image/png' } }")
        #expect(system.controller.displayed == nil)
        #expect(engine.transcript.events(prefix: "inapp.skipped").last?["message"] == "unable to load image from URL: file:///nonexistent/x.png")
    }

    @Test func orientationCheck() throws {
        let (engine, system) = try Self.engine()
        try engine.run("app.configure{ landscape = true }; templates.deliver{ type = 'interstitial', ti = 7, wzrk_id = 'p' }")
        #expect(system.controller.displayed == nil)
        #expect(engine.transcript.events(prefix: "inapp.skipped").last?["message"]
                == "The InApp Notification supports portrait only, the app orientation is landscape dismissing the in-app.")
        try engine.run("templates.deliver{ type = 'interstitial', ti = 8, wzrk_id = 'pl', hasLandscape = true, mediaLandscape = { url = 'file:///dev/null', content_type = 'image/png' } }")
        #expect(system.controller.displayed?.id == "pl" && engine.ui.find("inapp.media.landscape") != nil)
    }

    @Test func anHTMLInAppNeedsAConnectionAndTheJSBridgeActs() throws {
        let (engine, system) = try Self.engine()
        let html = "{ ti = 9, wzrk_id = 'h', w = { xp = 90, yp = 50, dk = true, sc = true, pos = 'c' }, d = { html = '<p>Hi</p>' } }"
        try engine.run("app.configure{ online = false }; templates.deliver(\(html))")
        #expect(system.controller.displayed == nil && engine.transcript.events(prefix: "inapp.skipped").last?["reason"] == "offline")
        try engine.run("app.configure{ online = true }; templates.deliver(\(html))")
        #expect(engine.ui.find("inapp.html")?.properties["html"] == "<p>Hi</p>")
        try engine.run("""
            templates.jsBridge{ action = 'recordEventWithProps', event = 'Bridge', properties = { a = 1 } }
            templates.jsBridge{ action = 'triggerInAppAction', actionJson = { type = 'url', ios = 'https://x.io/p?wzrk_c2a=Buy__dl__app%3A%2F%2Fbuy&k=v' }, buttonId = 'b1' }
            """)
        #expect(system.campaigns.state["events"]?["bridge"] == 1)
        let clicked = try #require(engine.transcript.events(prefix: "notification.clicked").last)
        #expect(clicked["props"]?["wzrk_c2a"] == "Buy" && clicked["props"]?["wzrk_dl"] == "app://buy" && clicked["props"]?["k"] == "v"
                && clicked["props"]?["wzrk_element_id"] == "b1" && clicked["props"]?["button_id"] == nil)
        #expect(system.controller.displayed == nil, "triggerInAppAction hides the in-app")
    }

    @Test func anRFPInAppIsNotShownOnceTheUserAllowedPush() throws {
        let (engine, system) = try Self.engine()
        try engine.run("""
            templates.suspend()
            templates.deliver{ type = 'alert-template', ti = 10, wzrk_id = 'r', rfp = true, buttons = { { text = 'Allow', actions = { type = 'rfp', fbSettings = true } } } }
            app.configure{ pushStatus = 'authorized' }
            templates.resume()
            """)
        #expect(system.controller.displayed == nil)
        #expect(engine.transcript.events(prefix: "inapp.skipped").last?["reason"] == "push-enabled")
    }

    @Test func anRFPButtonAsksTheOSWithoutAClick() throws {
        let (engine, system) = try Self.engine()
        try engine.run("templates.deliver{ type = 'alert-template', ti = 11, wzrk_id = 'r', buttons = { { text = 'Allow', actions = { type = 'rfp', fbSettings = true } } } }")
        try engine.run("app.tap('inapp.button.1')")
        #expect(engine.transcript.events(prefix: "push.prompt").last?["presented"] == true)
        #expect(system.campaigns.pushStatus == .authorized && engine.transcript.events(prefix: "notification.clicked").isEmpty)
    }
}
