import Engine
import JSON
@testable import Templates
import Testing

// Ported from the CleverTap iOS SDK unit tests `CleverTapSDKTests/CleverTapJSInterfaceTest.m`
// (10 cases, same names and outcomes) onto `JSInterface` and the headless web view of an HTML
// in-app. The SDK's interface there is the app's own (`initWithConfig:`: `wv_init`, no controller);
// the version script cases also check the script as the HTML in-app's web view is configured
// with it, and the guard cases send the message through the bridge both with no HTML in-app (the
// SDK's nil controller) and, for the null fields, with one displayed (null reads as absent).
@Suite struct CleverTapJSInterfaceTest {
    static let html = "templates.deliver{ ti = 1, wzrk_id = 'h', w = { xp = 90, yp = 50, dk = false, sc = false, pos = 'c' }, d = { html = '<p>Hi</p>' } }"
    static let urlAction: JSONValue = ["type": "url", "ios": "https://example.com"]

    /// An engine with the HTML in-app `h` displayed when `displayed` is set.
    static func engine(displayed: Bool) throws -> (Engine, TemplatesSystem) {
        let (engine, system) = try InAppControllerNativeTests.engine()
        if displayed { try engine.run(html) }
        #expect((system.controller.htmlInterface != nil) == displayed)
        return (engine, system)
    }

    static func logs(_ engine: Engine) -> [String] {
        engine.transcript.events(prefix: "log").compactMap { $0["message"]?.stringValue }
    }

    /// The user scripts the displayed HTML in-app's web view recorded.
    static func webViewScripts(_ engine: Engine) -> [JSONValue] { engine.ui.find("inapp.html")?.properties["userScripts"]?.arrayValue ?? [] }

    // MARK: - init

    @Test func test_initWithConfig_returnsNonNil() throws {
        let (_, system) = try Self.engine(displayed: false)
        #expect(system.jsInterface === system.appJSInterface, "with no HTML in-app, the app's web view interface answers")
        #expect(system.appJSInterface.controller == nil)
    }

    @Test func test_initWithConfig_setsWvInitTrue() throws {
        #expect(JSInterface().wvInit)
        let (_, system) = try Self.engine(displayed: true)
        let inApp = try #require(system.controller.htmlInterface)
        #expect(!inApp.wvInit, "an in-app's interface (initWithConfigForInApps:) does not set wv_init")
        #expect(inApp.controller === system.controller && system.jsInterface === inApp)
    }

    // MARK: - versionScript

    @Test func test_versionScript_returnsNonNil() throws {
        #expect(JSInterface().versionScript.source == "window.cleverTapIOSSDKVersion = 70700;")
        let (engine, system) = try Self.engine(displayed: true)
        let version = try #require(system.controller.htmlInterface?.versionScript)
        #expect(Self.webViewScripts(engine) == [JSInterface.viewportScript.json, version.json],
                "the web view has the viewport script, then the version script")
        #expect(engine.ui.find("inapp.html")?.properties["messageHandler"] == "clevertap")
    }

    @Test func test_versionScript_sourceContainsSDKVersionKey() throws {
        #expect(JSInterface().versionScript.source.contains("cleverTapIOSSDKVersion"))
        let (engine, _) = try Self.engine(displayed: true)
        #expect(Self.webViewScripts(engine).last?["source"]?.stringValue?.contains("cleverTapIOSSDKVersion") == true)
    }

    @Test func test_versionScript_injectionTimeIsAtDocumentStart() throws {
        #expect(JSInterface().versionScript.injectionTime == .atDocumentStart)
        let (engine, _) = try Self.engine(displayed: true)
        #expect(Self.webViewScripts(engine).map { $0["injectionTime"] } == ["atDocumentEnd", "atDocumentStart"])
    }

    @Test func test_versionScript_isForMainFrameOnly() throws {
        #expect(JSInterface().versionScript.forMainFrameOnly)
        let (engine, _) = try Self.engine(displayed: true)
        #expect(Self.webViewScripts(engine).last?["forMainFrameOnly"] == true)
    }

    // MARK: - triggerInAppAction: — nil / guard cases

    @Test func test_triggerInAppAction_nilActionJson_doesNotCrash() throws {
        #expect(JSInterface().triggerInAppAction(nil, callToAction: "btn", buttonId: "0") == .noActionJSON)
        // Through the bridge, with an HTML in-app displayed: nothing happens but the log.
        let (engine, system) = try Self.engine(displayed: true)
        system.jsBridge(["action": "triggerInAppAction", "callToAction": "btn", "buttonId": "0"])
        system.jsBridge(["action": "triggerInAppAction", "actionJson": .null, "callToAction": "btn", "buttonId": "0"])
        #expect(engine.transcript.events(prefix: "notification.clicked").isEmpty)
        #expect(system.controller.displayed?.id == "h", "the in-app stays")
        #expect(Self.logs(engine).filter { $0 == "templates: action JSON is nil." }.count == 2)
        #expect(engine.transcript.events(prefix: "html.bridge").count == 2, "each message is recorded")
    }

    @Test func test_triggerInAppAction_nilController_doesNotCrash() throws {
        #expect(JSInterface().triggerInAppAction(Self.urlAction, callToAction: "btn", buttonId: "0") == .noController)
        let (engine, system) = try Self.engine(displayed: false)
        system.jsBridge(["action": "triggerInAppAction", "actionJson": Self.urlAction, "callToAction": "btn", "buttonId": "0"])
        #expect(engine.transcript.events(prefix: "notification.clicked").isEmpty && engine.transcript.events(prefix: "action.url").isEmpty)
        #expect(Self.logs(engine).contains("templates: display view controller is nil."))
        // After the in-app is gone, its interface is no longer reached either.
        try engine.run(Self.html)
        system.jsBridge(["action": "dismissInAppNotification"])
        #expect(system.controller.displayed == nil && system.controller.htmlInterface == nil)
        system.jsBridge(["action": "triggerInAppAction", "actionJson": Self.urlAction])
        #expect(engine.transcript.events(prefix: "notification.clicked").isEmpty)
    }

    @Test func test_triggerInAppAction_NSNullCallToAction_doesNotCrash() throws {
        #expect(JSInterface().triggerInAppAction(Self.urlAction, callToAction: .null, buttonId: "0") == .noController)
        let (engine, system) = try Self.engine(displayed: true)
        system.jsBridge(["action": "triggerInAppAction", "actionJson": Self.urlAction, "callToAction": .null, "buttonId": "0"])
        let props = try #require(engine.transcript.events(prefix: "notification.clicked").last?["props"])
        #expect(props["wzrk_c2a"] == nil, "a null callToAction is absent")
        #expect(props["wzrk_element_id"] == "0" && props["wzrk_dl"] == "https://example.com")
        #expect(engine.transcript.events(prefix: "action.url").last?["url"] == "https://example.com")
        #expect(system.controller.displayed == nil)
    }

    @Test func test_triggerInAppAction_NSNullButtonId_doesNotCrash() throws {
        #expect(JSInterface().triggerInAppAction(Self.urlAction, callToAction: "btn", buttonId: .null) == .noController)
        let (engine, system) = try Self.engine(displayed: true)
        system.jsBridge(["action": "triggerInAppAction", "actionJson": Self.urlAction, "callToAction": "btn", "buttonId": .null])
        let props = try #require(engine.transcript.events(prefix: "notification.clicked").last?["props"])
        #expect(props["wzrk_element_id"] == nil, "a null buttonId is absent")
        #expect(props["wzrk_c2a"] == "btn" && props["wzrk_id"] == "h")
        #expect(system.controller.displayed == nil)
    }
}
