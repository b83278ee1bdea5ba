import JSON
@testable import Templates
import Testing

// The 21 cases of `CleverTapSDKTests/CTInAppNotificationTest.m` (7.7.0) that read what native
// rendering and local in-apps use, one row per SDK case (same name, same outcome): each row
// decodes the SDK test's cover in-app, changed as the case changes it, with `NativeInApp`
// (`CTInAppNotification initWithJSON:`).
extension CTInAppNotificationTest {
    typealias Row = (changes: JSONObject, check: @Sendable (NativeInApp) -> Bool)

    static let image: JSONValue = ["url": "https://example.com/img.jpg", "content_type": "image/jpeg"]
    static let nativeRows: [String: Row] = [
        "test_initWithJSON_isLocalInApp_true": (["isLocalInApp": true], { $0.isLocalInApp }),
        "test_initWithJSON_isPushSettingsSoftAlert_true": (["isPushSettingsSoftAlert": true], { $0.isPushSettingsSoftAlert }),
        "test_initWithJSON_fallbackToNotificationSettings_true": (["fallbackToNotificationSettings": true],
                                                                   { $0.fallbackToNotificationSettings }),
        "test_initWithJSON_setsBackgroundColor": ([:], { $0.backgroundColor == "#FFFFFF" }),
        "test_initWithJSON_setsTitle": ([:], { $0.title == "Hello" }),
        "test_initWithJSON_setsTitleColor": ([:], { $0.titleColor == "#000" }),
        "test_initWithJSON_setsMessage": ([:], { $0.message == "World" }),
        "test_initWithJSON_setsMessageColor": ([:], { $0.messageColor == "#111" }),
        "test_initWithJSON_setsShowCloseButton": ([:], { $0.showCloseButton }),
        "test_initWithJSON_setsHasPortrait": ([:], { $0.hasPortrait }),
        "test_initWithJSON_setsHasLandscape": ([:], { $0.hasLandscape }),
        "test_initWithJSON_imageMedia_mediaIsImage": (["media": image], { $0.mediaIsImage && !$0.mediaIsGif }),
        "test_initWithJSON_gifMedia_mediaIsGif": (["media": ["url": "https://example.com/a.gif", "content_type": "image/gif"]],
                                                  { $0.mediaIsGif && !$0.mediaIsImage }),
        "test_initWithJSON_videoMedia_mediaIsVideo": (["media": ["url": "https://example.com/v.mp4", "content_type": "video/mp4"]],
                                                      { $0.mediaIsVideo }),
        "test_initWithJSON_audioMedia_mediaIsAudio": (["media": ["url": "https://example.com/a.mp3", "content_type": "audio/mpeg"]],
                                                      { $0.mediaIsAudio }),
        "test_initWithJSON_imageMedia_setsImageURL": (["media": image], { $0.imageURL == "https://example.com/img.jpg" }),
        "test_initWithJSON_parsesButtons": (["buttons": [
            ["text": "OK", "actions": ["type": "close", "ios": "", "android": "", "close": 1, "kv": [:]]],
            ["text": "Go", "actions": ["type": "url", "ios": "https://example.com", "android": "", "close": 1, "kv": [:]]],
        ]], { $0.buttons.count == 2 && $0.buttons[1].action.actionURL == "https://example.com" }),
        "test_initWithJSON_noButtons_emptyArray": ([:], { $0.buttons.isEmpty }),
        "test_initWithJSON_rfp_true": (["rfp": true], { $0.isRequestForPushPermission }),
        "test_initWithJSON_rfp_absent_isFalse": ([:], { !$0.isRequestForPushPermission }),
        "test_initWithJSON_unknownType_setsError": (["type": "bogus-type"], { $0.error != nil }),
    ]

    @Test(arguments: nativeRows.keys.sorted())
    func nativeDecoding(_ sdkCase: String) throws {
        let row = try #require(Self.nativeRows[sdkCase])
        var json = coverJSON
        for (k, v) in row.changes { json[k] = v }
        let native = NativeInApp(json: .object(json))
        #expect(row.check(native), "\(sdkCase): \(native)")
        if sdkCase != "test_initWithJSON_unknownType_setsError" { #expect(native.error == nil, "\(sdkCase)") }
    }
}

/// What the SDK's decoding does beyond its unit tests: defaults, legacy HTML, media per type,
/// buttons as a dictionary, the errors that make the display skip the in-app.
@Suite struct NativeInAppTests {
    static let rows: [(String, JSONObject, @Sendable (NativeInApp) -> Bool)] = [
        ("hasPortrait defaults to true, hasLandscape to false", ["type": "interstitial"], { $0.hasPortrait && !$0.hasLandscape }),
        ("alt_text defaults to InApp Image", ["type": "cover", "media": ["url": "u", "content_type": "image/png"]],
         { $0.media?.contentDescription == "InApp Image" }),
        ("an empty media url is no media", ["type": "cover", "media": ["url": "", "content_type": "image/png"]],
         { $0.imageURL == nil && $0.mediaKind == nil }),
        ("video in a header: no image to download", ["type": "header-template", "media": ["url": "v", "content_type": "video/mp4"]],
         { $0.imageURL == nil && $0.mediaIsVideo && $0.error == nil }),
        ("audio in an image-only in-app is an error", ["type": "cover-image", "media": ["url": "a", "content_type": "audio/mpeg"]],
         { $0.error == "wrong media type for template" }),
        ("video in an image-only in-app is fine", ["type": "interstitial-image", "media": ["url": "v", "content_type": "video/mp4"]],
         { $0.error == nil && $0.mediaURL == "v" }),
        ("a landscape image sets the shared image flag", ["type": "cover", "mediaLandscape": ["url": "l", "content_type": "image/png"]],
         { $0.mediaIsImage && $0.imageURLLandscape == "l" }),
        ("buttons as a dictionary, by key", ["type": "alert-template", "buttons": ["b": ["text": "2"], "a": ["text": "1"]]],
         { $0.buttons.map(\.text) == ["1", "2"] }),
        ("a button that is not an object is dropped", ["type": "alert-template", "buttons": [["text": "1"], 7]], { $0.buttons.count == 1 }),
        ("legacy HTML without w/d: Invalid JSON", [:], { $0.error == "Invalid JSON" }),
        ("legacy HTML", ["w": ["xp": 90, "yp": 50, "dk": 1, "sc": 1, "pos": "b"], "d": ["html": "<b>x</b>", "kv": ["k": "v"]]],
         { $0.type == "html" && $0.html == "<b>x</b>" && $0.customExtras == ["k": "v"] && $0.position == "b" && $0.showClose
             && $0.hasLandscape && $0.hasPortrait }),
        ("legacy HTML with a bad position: Invalid JSON", ["w": ["xp": 90, "yp": 50, "dk": 1, "sc": 1, "pos": "x"], "d": ["html": "h"]],
         { $0.error == "Invalid JSON" }),
        ("legacy HTML with a short url", ["w": ["xp": 90, "yp": 50, "dk": 1, "sc": 1, "pos": "c"], "d": ["html": "h", "url": "ab"]],
         { $0.error == "Invalid url: ab" }),
        ("a custom-code type is known (not native)", ["type": "custom-code"], { $0.error == nil && $0.type == "custom-code" }),
    ]

    @Test(arguments: rows.indices)
    func decoding(_ index: Int) {
        let (name, json, check) = Self.rows[index]
        let native = NativeInApp(json: .object(json))
        #expect(check(native), "\(name): \(native)")
    }
}
