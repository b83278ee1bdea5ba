import JSON
@testable import Templates
import Testing

// Ported from the CleverTap iOS SDK 7.7.0 unit tests `CleverTapSDKTests/CTInAppUtilsTest.m`: all 17
// of its cases, same names and outcomes. The in-app type names are `InAppNotification.typeNames`
// (a `type` outside them is the SDK's parse error, a known one other than `custom-code` is presented
// as a native in-app, headless views); the action types are `NotificationAction.ActionType`;
// `getParametersFromURL:` is `InAppController.parameters(fromURL:)`, used by HTML in-apps'
// `triggerInAppAction` (a custom-code in-app's actions never parse the URL: see
// `CTInAppDeepLinkAttributionTests`).
@Suite struct CTInAppUtilsTest {
    /// What the display does with an in-app of `type`: the skip reason, or `native` when it is
    /// presented as a native in-app.
    static func dropReason(_ type: JSONValue?, _ extra: JSONObject = [:]) throws -> JSONValue? {
        let f = try CampaignsFixture()
        var json: JSONObject = ["wzrk_id": "x"]
        json["type"] = type
        for (k, v) in extra { json[k] = v }
        f.harness.controller.addToQueue([.object(json)])
        f.harness.clock.drain()
        if let reason = f.harness.events("inapp.skipped").first?["reason"] { return reason }
        return f.harness.events("native.presented").isEmpty ? nil : "native"
    }

    /// The smallest legacy (HTML) in-app `validateLegacyJSON:` accepts.
    static let legacyHTML: JSONObject = ["w": ["xdp": 300, "ydp": 200, "dk": true, "sc": false, "pos": "c"], "d": ["html": "<p>Hi</p>"]]

    // MARK: - inAppTypeString:

    @Test func test_inAppTypeString_interstitialType() throws {
        #expect(InAppNotification.typeNames.contains("interstitial"))
        #expect(try Self.dropReason("interstitial") == "native")
    }

    @Test func test_inAppTypeString_htmlType() throws {
        #expect(InAppNotification.typeNames.contains("html"))
        #expect(try Self.dropReason("html", Self.legacyHTML) == "native")
        #expect(try Self.dropReason("html") == "parse", "no w/d: Invalid JSON")
    }

    @Test func test_inAppTypeString_customType() throws {
        #expect(InAppNotification.typeNames.contains("custom-code"))
        let f = try CampaignsFixture { p in [try makeTemplate("Banner", presenter: p)] }
        f.harness.controller.addToQueue([inapp("a", "Banner")])
        f.harness.clock.drain()
        #expect(f.harness.presenter.calls == ["present:Banner:a"], "the type ctlua presents")
    }

    // MARK: - inAppActionTypeFromString:

    @Test func test_inAppActionTypeFromString_nilInput() {
        #expect(NotificationAction(json: [:]).type == .unknown)
    }

    @Test func test_inAppActionTypeFromString_unknownString() {
        #expect(NotificationAction(json: ["type": "not-a-valid-type"]).type == .unknown)
    }

    // MARK: - inAppTypeFromString:

    @Test func test_inAppTypeFromString_knownTypes_roundTrip() throws {
        let typeStrings = ["interstitial", "cover", "header-template", "footer-template", "half-interstitial",
                           "alert-template", "interstitial-image", "half-interstitial-image", "cover-image", "custom-code"]
        for typeStr in typeStrings {
            #expect(InAppNotification(json: ["type": .string(typeStr)]).hasKnownType, "Expected known type for '\(typeStr)'")
            #expect(InAppNotification(json: ["type": .string(typeStr)]).type == typeStr)
        }
        #expect(try Self.dropReason("cover-image") == "native")
    }

    @Test func test_inAppTypeFromString_unknownString_returnsUnknown() throws {
        #expect(!InAppNotification(json: ["type": "not-a-type"]).hasKnownType)
        #expect(try Self.dropReason("not-a-type") == "parse")
    }

    @Test func test_inAppTypeFromString_nilInput_returnsUnknown() throws {
        // No type is not a type name; the SDK reads such an in-app in its legacy HTML form.
        #expect(!InAppNotification.typeNames.contains(""))
        #expect(InAppNotification(json: [:]).type == nil)
        #expect(try Self.dropReason(nil) == "parse", "not a valid legacy in-app: Invalid JSON")
        #expect(try Self.dropReason(nil, Self.legacyHTML) == "native")
    }

    // MARK: - inAppActionTypeString: / inAppActionTypeFromString: round-trips

    @Test func test_inAppActionTypeFromString_close_returnsClose() {
        #expect(NotificationAction(json: ["type": "close"]).type == .close)
    }

    @Test func test_inAppActionTypeFromString_url_returnsOpenURL() {
        #expect(NotificationAction(json: ["type": "url"]).type == .url)
    }

    @Test func test_inAppActionTypeFromString_kv_returnsKeyValues() {
        #expect(NotificationAction(json: ["type": "kv"]).type == .kv)
    }

    @Test func test_inAppActionTypeFromString_rfp_returnsRequestForPermission() {
        #expect(NotificationAction(json: ["type": "rfp"]).type == .rfp)
    }

    @Test func test_inAppActionTypeString_roundTrip() {
        for typeStr in ["close", "url", "kv", "custom-code", "rfp"] {
            #expect(NotificationAction(json: ["type": .string(typeStr)]).type.rawValue == typeStr, "Round-trip failed for action type '\(typeStr)'")
        }
    }

    // MARK: - getParametersFromURL:

    @Test func test_getParametersFromURL_withDeepLink() {
        let result = InAppController.parameters(fromURL: "https://example.com/page?wzrk_c2a=btn__dl__https%3A%2F%2Fexample.com%2Fdeep")
        #expect(result.deeplink == "https://example.com/deep")
        #expect(result.params?["wzrk_c2a"] == "btn")
    }

    @Test func test_getParametersFromURL_noQueryString() {
        let result = InAppController.parameters(fromURL: "https://example.com/page")
        #expect(result.params == nil && result.deeplink == nil)
    }

    @Test func test_getParametersFromURL_multipleParams_parsesAll() {
        let result = InAppController.parameters(fromURL: "https://example.com/page?key1=val1&key2=val2")
        #expect(result.params?["key1"] == "val1" && result.params?["key2"] == "val2")
        #expect(result.deeplink == nil)
    }

    @Test func test_getParametersFromURL_c2aWithoutDeepLink_noDeeplink() {
        let result = InAppController.parameters(fromURL: "https://example.com/page?wzrk_c2a=btnLabel")
        #expect(result.deeplink == nil)
        #expect(result.params?["wzrk_c2a"] == "btnLabel")
    }
}
