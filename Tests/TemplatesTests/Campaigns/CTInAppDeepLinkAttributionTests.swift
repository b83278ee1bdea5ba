import Engine
import JSON
@testable import Templates
import Testing

// Ported from the CleverTap iOS SDK 7.7.0 unit tests `CleverTapSDKTests/InApps/CTInAppDeepLinkAttributionTests.m`
// (9 cases, same names and outcomes) for custom-code in-apps. The event builder cases check the
// Notification Clicked properties (`buildInAppNotificationStateEvent:`: every `wzrk_*` key of the
// in-app, then the click's extras, which win). A custom-code in-app's extras are only `wzrk_id`
// and `wzrk_c2a` (`CTTemplateContext triggerActionNamed:`): a `wzrk_dl` reaches its Clicked event
// only from the in-app's own JSON, never from a URL action. The button cases read the action
// JSON of an action argument (`NotificationAction`, as `CTNotificationButton` reads `actions`).
//
// `CTInAppDisplayViewControllerTests.m` (URL parameters and `wzrk_c2a`/`__dl__` parsing in
// `triggerInAppAction:callToAction:buttonId:`) is ported in `CTInAppDisplayViewControllerTests.swift`
// on the HTML in-app that view controller serves; `customCodeURLActionsAddNoURLParameters` below
// checks that a custom-code in-app's URL action does not add them.
@Suite struct CTInAppDeepLinkAttributionTests {
    /// Presents a custom-code in-app with an action argument `ok` whose action is `action`, triggers
    /// it and returns the Clicked properties.
    static func click(_ inApp: JSONObject, _ action: JSONObject) throws -> JSONObject? {
        let f = try CampaignsFixture { p in [try makeTemplate("Banner", presenter: p) { b in try b.addActionArgument("ok") }] }
        f.campaigns.handleResponse(["imc": 10, "imp": 10])
        var json = inApp
        json["type"] = "custom-code"
        json["templateName"] = "Banner"
        json["vars"] = ["ok": ["actions": .object(action)]]
        f.harness.controller.addToQueue([.object(json)])
        f.harness.clock.drain()
        f.harness.presenter.contexts.first?.triggerAction("ok")
        f.harness.clock.drain()
        return f.harness.events("notification.clicked").first?["props"]?.objectValue
    }

    // MARK: - Event Builder Tests

    @Test func testEventBuilderIncludesWzrkDLWhenPresentInParams() throws {
        let deepLink = "https://example.com/promo"
        let props = try Self.click(["ti": "test_campaign_123", "wzrk_id": "test_campaign_123", "wzrk_dl": .string(deepLink)],
                                   ["type": "url", "ios": "https://example.com/other"])
        #expect(props?["wzrk_dl"] == .string(deepLink), "wzrk_dl should match the deep link")
        #expect(props?["wzrk_c2a"] == "ok", "wzrk_c2a should still be present")
    }

    @Test func testEventBuilderExcludesWzrkDLWhenNotPresent() throws {
        let props = try Self.click(["ti": "test_campaign_456", "wzrk_id": "test_campaign_456"], ["type": "close"])
        #expect(props != nil)
        #expect(props?["wzrk_dl"] == nil, "wzrk_dl should not be present")
        #expect(props?["wzrk_c2a"] == "ok", "wzrk_c2a should be present")
    }

    @Test func testEventBuilderWithEmptyDeepLinkString() throws {
        let props = try Self.click(["ti": "test_campaign_789", "wzrk_id": "test_campaign_789", "wzrk_dl": ""], ["type": "close"])
        #expect(props?["wzrk_dl"] == "", "the builder does not filter empty strings")
    }

    // MARK: - Button Action Tests

    @Test func testNotificationButtonWithDeepLink() {
        let action = NotificationAction(json: ["ios": "myapp://product/123", "type": "url"])
        #expect(action.type == .url)
        #expect(action.actionURL == "myapp://product/123")
    }

    @Test func testNotificationButtonWithHTTPDeepLink() throws {
        let url = "https://shop.example.com/sale?utm_source=inapp&user_id=12345"
        let action = NotificationAction(json: ["ios": .string(url), "type": "url"])
        #expect(action.actionURL?.contains("utm_source=inapp") == true)
        #expect(action.actionURL?.contains("user_id=12345") == true)
        // A custom-code in-app opens it as is.
        let f = try CampaignsFixture { p in [try makeTemplate("Banner", presenter: p) { b in try b.addActionArgument("ok") }] }
        f.campaigns.handleResponse(["imc": 10, "imp": 10])
        f.harness.controller.addToQueue([inapp("a", "Banner", vars: ["ok": ["actions": ["type": "url", "ios": .string(url)]]])])
        f.harness.clock.drain()
        f.harness.presenter.contexts.first?.triggerAction("ok")
        #expect(f.harness.events("action.url").map { $0["url"] } == [.string(url)])
    }

    @Test func testNotificationButtonWithoutDeepLink() {
        let action = NotificationAction(json: ["ios": "", "type": "close", "close": 1])
        #expect(action.actionURL == nil, "Action URL should be nil for close actions")
    }

    // MARK: - Multi-CTA Tests

    @Test func testMultipleCTAButtonsWithDifferentDeepLinks() {
        let button1 = NotificationAction(json: ["ios": "https://example.com/page1", "type": "url"])
        let button2 = NotificationAction(json: ["ios": "https://example.com/page2", "type": "url"])
        #expect(button1.actionURL == "https://example.com/page1")
        #expect(button2.actionURL == "https://example.com/page2")
        #expect(button1.actionURL != button2.actionURL)
    }

    // MARK: - Personalized Deep Link Tests

    @Test func testPersonalizedDeepLinkPreserved() {
        let action = NotificationAction(openURL: "https://app.example.com/offer?user_id=abc123&name=John&promo=SPRING2026")
        let absoluteURL = action.actionURL ?? ""
        #expect(absoluteURL.contains("user_id=abc123"))
        #expect(absoluteURL.contains("name=John"))
        #expect(absoluteURL.contains("promo=SPRING2026"))
    }

    // MARK: - Backward Compatibility Tests

    @Test func testBackwardCompatibilityWithExistingWzrkC2a() throws {
        // Both keys are present; the click's wzrk_c2a wins over one in the in-app's JSON.
        let props = try Self.click(
            ["ti": "test_backward_compat", "wzrk_id": "test_backward_compat", "wzrk_c2a": "Learn More",
             "wzrk_dl": "https://learn.example.com"],
            ["type": "url", "ios": "https://learn.example.com"])
        #expect(props?["wzrk_c2a"] == "ok")
        #expect(props?["wzrk_dl"] == "https://learn.example.com")
        #expect(props?["wzrk_id"] == "test_backward_compat")
    }

    // Not an SDK case: the custom-code side of `CTInAppDisplayViewControllerTests testAddURLParamsOnly`.
    @Test func customCodeURLActionsAddNoURLParameters() throws {
        let props = try Self.click(["ti": 1, "wzrk_id": "1_1"],
                                   ["type": "url", "ios": "https://clevertap.com?param1=value1&wzrk_c2a=c2a__dl__https%3A%2F%2Fd.example"])
        #expect(props == ["wzrk_id": "1_1", "wzrk_c2a": "ok"])
    }
}
