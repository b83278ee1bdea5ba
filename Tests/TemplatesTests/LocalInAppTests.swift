import JSON
@testable import Templates
import Testing

// Ported from the CleverTap iOS SDK 7.7.0 unit tests `CleverTapSDKTests/CTLocalInAppTest.m`: all 19
// cases, one row each (same name, same outcome), on `LocalInApp` (`CTLocalInApp`).
@Suite struct CTLocalInAppTest {
    static func alert(follow: Bool) -> LocalInApp {
        LocalInApp(kind: .alert, titleText: "Title", messageText: "Message", followDeviceOrientation: follow,
                   positiveBtnText: "Allow", negativeBtnText: "Cancel")
    }

    typealias Row = (follow: Bool, change: @Sendable (inout LocalInApp) -> Void, check: @Sendable (JSONObject) -> Bool)

    static func buttons(_ s: JSONObject, _ key: String) -> [JSONValue?] { (s["buttons"]?.arrayValue ?? []).map { $0[key] } }

    static let rows: [String: Row] = [
        "test_init_alert_setsTypeAlertTemplate": (false, { _ in }, { $0["type"] == "alert-template" }),
        "test_init_setsRequiredProperties": (false, { _ in }, { s in
            s["wzrk_id"] == "" && s["isLocalInApp"] == 1 && s["close"] == 1 && s["hasPortrait"] == 1 && s["bg"] == "#FFFFFF"
                && s["title"]?["text"] == "Title" && s["message"]?["text"] == "Message"
                && buttons(s, "text") == ["Allow", "Cancel"] && buttons(s, "radius") == ["2", "2"] && buttons(s, "bg") == ["#FFFFFF", "#FFFFFF"]
        }),
        "test_init_followDeviceOrientation_YES_setsHasLandscape1": (true, { _ in }, { $0["hasLandscape"] == 1 }),
        "test_init_followDeviceOrientation_NO_setsHasLandscape0": (false, { _ in }, { $0["hasLandscape"] == 0 }),
        "test_setBackgroundColor_updatesDict": (false, { $0.setBackgroundColor("#000000") }, { $0["bg"] == "#000000" }),
        "test_setTitleTextColor_updatesDict": (false, { $0.setTitleTextColor("#FF0000") }, { $0["title"]?["color"] == "#FF0000" }),
        "test_setMessageTextColor_updatesDict": (false, { $0.setMessageTextColor("#00FF00") }, { $0["message"]?["color"] == "#00FF00" }),
        "test_setBtnBorderRadius_updatesBothButtons": (false, { $0.setBtnBorderRadius("8") }, { buttons($0, "radius") == ["8", "8"] }),
        "test_setBtnTextColor_updatesBothButtons": (false, { $0.setBtnTextColor("#AABBCC") }, { buttons($0, "color") == ["#AABBCC", "#AABBCC"] }),
        "test_setBtnBorderColor_updatesBothButtons": (false, { $0.setBtnBorderColor("#112233") }, { buttons($0, "border") == ["#112233", "#112233"] }),
        "test_setBtnBackgroundColor_updatesBothButtons": (false, { $0.setBtnBackgroundColor("#CCDDEE") }, { buttons($0, "bg") == ["#CCDDEE", "#CCDDEE"] }),
        "test_setImageUrl_setsMediaDict": (false, { $0.setImageUrl("https://example.com/image.png") }, {
            $0["media"]?["content_type"] == "image" && $0["media"]?["url"] == "https://example.com/image.png"
        }),
        "test_setImageUrl_withContentDescription_setsAltText": (false, { $0.setImageUrl("https://example.com/img.png", contentDescription: "A banner") },
                                                                { $0["media"]?["alt_text"] == "A banner" }),
        "test_setImageUrl_withNilContentDescription_noAltTextKey": (false, { $0.setImageUrl("https://example.com/img.png", contentDescription: nil) },
                                                                    { $0["media"] != nil && $0["media"]?["alt_text"] == nil }),
        "test_setImageUrl_followDeviceOrientation_YES_setsLandscapeMedia": (true, { $0.setImageUrl("https://example.com/image.png") },
                                                                            { $0["mediaLandscape"] != nil }),
        "test_setImageUrl_followDeviceOrientation_NO_noLandscapeMedia": (false, { $0.setImageUrl("https://example.com/image.png") },
                                                                          { $0["mediaLandscape"] == nil }),
        "test_setFallbackToSettings_YES_sets1": (false, { $0.setFallbackToSettings(true) }, { $0["fallbackToNotificationSettings"] == 1 }),
        "test_setFallbackToSettings_NO_sets0": (false, { $0.setFallbackToSettings(false) }, { $0["fallbackToNotificationSettings"] == 0 }),
    ]

    @Test(arguments: rows.keys.sorted())
    func localInApp(_ sdkCase: String) throws {
        let row = try #require(Self.rows[sdkCase])
        var local = Self.alert(follow: row.follow)
        row.change(&local)
        #expect(row.check(local.settings), "\(sdkCase): \(local.settings)")
    }

    @Test func test_init_halfInterstitial_setsTypeHalfInterstitial() {
        let local = LocalInApp(kind: .halfInterstitial, titleText: "T", messageText: "M", followDeviceOrientation: false,
                               positiveBtnText: "Yes", negativeBtnText: "No")
        #expect(local.settings["type"] == "half-interstitial")
    }

    /// The settings decode as a native in-app the display accepts.
    @Test func settingsDecodeAsALocalNativeInApp() {
        var local = Self.alert(follow: true)
        local.setFallbackToSettings(true)
        let native = NativeInApp(json: .object(local.settings))
        #expect(native.error == nil && native.isLocalInApp && native.fallbackToNotificationSettings)
        #expect(native.type == "alert-template" && native.buttons.map(\.text) == ["Allow", "Cancel"] && native.hasLandscape)
    }
}
