import JSON

/// A local in-app (`CTLocalInApp`): the push primer the app builds and passes to
/// `promptPushPrimer:` (`app.promptPushPrimer{...}` in Lua).
///
/// The settings are the in-app JSON the SDK decodes like any native in-app: `wzrk_id` empty,
/// `isLocalInApp`, a close button, portrait (landscape when it follows the device
/// orientation), white background, title and message, a positive and a negative button
/// (radius `"2"`, white). Its first button accepts (the OS prompt, or the settings), the
/// second declines.
public struct LocalInApp: Sendable {
    /// `CTLocalInAppType`.
    public enum Kind: String, Sendable {
        case alert = "alert-template", halfInterstitial = "half-interstitial"
    }

    /// `getLocalInAppSettings`.
    public private(set) var settings: JSONObject
    let followDeviceOrientation: Bool

    /// `initWithInAppType:titleText:messageText:followDeviceOrientation:positiveBtnText:negativeBtnText:`.
    public init(kind: Kind, titleText: String, messageText: String, followDeviceOrientation: Bool,
                positiveBtnText: String, negativeBtnText: String) {
        self.followDeviceOrientation = followDeviceOrientation
        func button(_ text: String) -> JSONValue { ["text": .string(text), "radius": "2", "bg": "#FFFFFF"] }
        settings = [
            "wzrk_id": "", "isLocalInApp": 1, "close": 1, "type": .string(kind.rawValue), "hasPortrait": 1,
            "hasLandscape": followDeviceOrientation ? 1 : 0, "bg": "#FFFFFF",
            "title": ["text": .string(titleText)], "message": ["text": .string(messageText)],
            "buttons": [button(positiveBtnText), button(negativeBtnText)],
        ]
    }

    public mutating func setFallbackToSettings(_ on: Bool) { settings["fallbackToNotificationSettings"] = on ? 1 : 0 }
    public mutating func setBackgroundColor(_ color: String) { settings["bg"] = .string(color) }
    public mutating func setTitleTextColor(_ color: String) { set("title", "color", color) }
    public mutating func setMessageTextColor(_ color: String) { set("message", "color", color) }
    public mutating func setBtnBorderRadius(_ value: String) { setButtons("radius", value) }
    public mutating func setBtnTextColor(_ value: String) { setButtons("color", value) }
    public mutating func setBtnBorderColor(_ value: String) { setButtons("border", value) }
    public mutating func setBtnBackgroundColor(_ value: String) { setButtons("bg", value) }

    /// `setImageUrl:contentDescription:`: `media` (and `mediaLandscape` when following the
    /// device orientation) with content type `image`; `alt_text` only when given.
    public mutating func setImageUrl(_ url: String, contentDescription: String? = nil) {
        var media: JSONObject = ["content_type": "image", "url": .string(url)]
        if let contentDescription { media["alt_text"] = .string(contentDescription) }
        settings["media"] = .object(media)
        if followDeviceOrientation { settings["mediaLandscape"] = .object(media) }
    }

    mutating func set(_ key: String, _ member: String, _ value: String) {
        var object = settings[key]?.objectValue ?? [:]
        object[member] = .string(value)
        settings[key] = .object(object)
    }

    mutating func setButtons(_ member: String, _ value: String) {
        guard case .array(var buttons)? = settings["buttons"] else { return }
        for i in buttons.indices {
            var b = buttons[i].objectValue ?? [:]
            b[member] = .string(value)
            buttons[i] = .object(b)
        }
        settings["buttons"] = .array(buttons)
    }
}
