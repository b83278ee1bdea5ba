import JSON
@testable import Templates
import Testing

// Ported from the CleverTap iOS SDK 7.7.0 unit tests `CleverTapSDKTests/CTInAppUtilsTest.m`: 13 of
// its 17 cases, same names and outcomes. The in-app type names are `InAppNotification.typeNames`
// (a `type` outside them is the SDK's parse error, a known one other than `custom-code` is dropped
// as `native`); the action types are `NotificationAction.ActionType`. Not ported: the four
// `test_getParametersFromURL_*` cases. `getParametersFromURL:` serves the native and HTML in-app
// view controllers (`triggerInAppAction:callToAction:buttonId:`); a custom-code in-app's actions go
// through `CTTemplateContext triggerActionNamed:`, which passes only `wzrk_id` and `wzrk_c2a` and never
// parses the URL (see `CTInAppDeepLinkAttributionTests`).
@Suite struct CTInAppUtilsTest {
    static func dropReason(_ type: JSONValue?) throws -> JSONValue? {
        let f = try CampaignsFixture()
        var json: JSONObject = ["wzrk_id": "x"]
        json["type"] = type
        f.harness.controller.addToQueue([.object(json)])
        f.harness.clock.drain()
        return f.harness.events("inapp.skipped").first?["reason"]
    }

    // MARK: - inAppTypeString:

    @Test func test_inAppTypeString_interstitialType() throws {
        #expect(InAppNotification.typeNames.contains("interstitial"))
        #expect(try Self.dropReason("interstitial") == "native")
    }

    @Test func test_inAppTypeString_htmlType() throws {
        #expect(InAppNotification.typeNames.contains("html"))
        #expect(try Self.dropReason("html") == "native")
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
        // No type is not a type name; the SDK reads such an in-app in its legacy HTML form, which
        // ctlua does not render either.
        #expect(!InAppNotification.typeNames.contains(""))
        #expect(InAppNotification(json: [:]).type == nil)
        #expect(try Self.dropReason(nil) == "native")
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
}
