import Engine
import JSON
@testable import Templates
import Testing

// Ported from the CleverTap iOS SDK unit tests `CleverTapSDKTests/InApps/CTInAppDisplayViewControllerTests.m`
// (4 cases, same names and outcomes): `triggerInAppAction:callToAction:buttonId:` of the view
// controller that shows an HTML in-app `{"ti": 1}` (no `wzrk_id`, so `wzrk_id` is ""). The SDK's
// mock delegate checks the action's URL and the extras handed to `handleNotificationAction:`;
// here the extras are the Notification Clicked properties (the in-app has no `wzrk_*` key of its
// own, so they are exactly the extras) and the URL is the one the `url` action opens.
@Suite struct CTInAppDisplayViewControllerTests {
    /// Shows the HTML in-app `{ti = 1}`, triggers `url` with `callToAction`/`buttonId`, returns the
    /// Clicked properties and the URL opened.
    static func trigger(_ url: String, callToAction: String?, buttonId: String?) throws -> (extras: JSONObject?, opened: JSONValue?) {
        let (engine, system) = try InAppControllerNativeTests.engine()
        try engine.run("templates.deliver{ ti = 1, w = { xp = 90, yp = 50, dk = false, sc = false, pos = 'c' }, d = { html = '<p>Hi</p>' } }")
        #expect(system.controller.displayedNative?.type == "html")
        system.controller.triggerHTMLAction(["type": "url", "ios": .string(url)], callToAction: callToAction, buttonId: buttonId)
        #expect(system.controller.displayedNative == nil, "the in-app is hidden after the action")
        return (engine.transcript.events(prefix: "notification.clicked").last?["props"]?.objectValue,
                engine.transcript.events(prefix: "action.url").last?["url"])
    }

    /// The extras as the SDK compares them (an unordered dictionary).
    static func same(_ extras: JSONObject?, _ expected: JSONObject) -> Bool {
        extras.map { canonical(.object($0)) } == canonical(.object(expected))
    }

    static let plain = "https://clevertap.com?param1=value1&param2=value2"
    static let c2aURL = "https://clevertap.com?wzrk_c2a=c2aParam__dl__https%3A%2F%2Fdeeplink.com%3Fparam1%3Dasd%26param2%3Dvalue2&asd=value"
    static let deeplink = "https://deeplink.com?param1=asd&param2=value2"

    // MARK: triggerInAppAction Tests

    @Test func testAddURLParamsOnly() throws {
        // Without callToAction and buttonId the extras are the URL's parameters only (and the ids).
        let (extras, opened) = try Self.trigger(Self.plain, callToAction: nil, buttonId: nil)
        #expect(opened == .string(Self.plain))
        #expect(Self.same(extras, ["wzrk_id": "", "param1": "value1", "param2": "value2", "wzrk_action": "url",
                           "wzrk_data": .string(Self.plain), "wzrk_dl": .string(Self.plain)]))
    }

    @Test func testAddURLParamsAndC2A() throws {
        let (extras, opened) = try Self.trigger(Self.plain, callToAction: "Test CTA", buttonId: "button1")
        #expect(opened == .string(Self.plain))
        #expect(Self.same(extras, ["wzrk_id": "", "wzrk_c2a": "Test CTA", "wzrk_element_id": "button1", "param1": "value1",
                           "param2": "value2", "wzrk_action": "url", "wzrk_data": .string(Self.plain),
                           "wzrk_dl": .string(Self.plain)]))
    }

    @Test func testC2AParamsParseFromDL() throws {
        // Without callToAction the `wzrk_c2a` parameter's `__dl__` part becomes the URL opened.
        let (extras, opened) = try Self.trigger(Self.c2aURL, callToAction: nil, buttonId: "button1")
        #expect(opened == .string(Self.deeplink))
        #expect(Self.same(extras, ["wzrk_id": "", "wzrk_c2a": "c2aParam", "wzrk_element_id": "button1", "asd": "value",
                           "wzrk_action": "url", "wzrk_data": .string(Self.deeplink), "wzrk_dl": .string(Self.deeplink)]))
    }

    @Test func testC2AParamsDoesNotParseFromDL() throws {
        // A given callToAction wins over the parameter; the deep link still replaces the URL.
        let (extras, opened) = try Self.trigger(Self.c2aURL, callToAction: "Test CTA", buttonId: "button1")
        #expect(opened == .string(Self.deeplink))
        #expect(Self.same(extras, ["wzrk_id": "", "wzrk_c2a": "Test CTA", "wzrk_element_id": "button1", "asd": "value",
                           "wzrk_action": "url", "wzrk_data": .string(Self.deeplink), "wzrk_dl": .string(Self.deeplink)]))
    }
}
