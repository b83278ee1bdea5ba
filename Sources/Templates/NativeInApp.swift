import JSON

/// A native (non custom-code) in-app decoded as `CTInAppNotification initWithJSON:` reads it:
/// `configureFromJSON:` for the typed templates (interstitial, cover, header, footer, alert,
/// the image-only kinds, PiP), `legacyConfigureFromJSON:` for HTML (no `type`, or `html`).
///
/// `error` is the SDK's parse error that makes the display skip the in-app
/// (`prepareNotificationForDisplay:` drops it before TTL, caps and display).
public struct NativeInApp: Equatable, Sendable {
    /// The SDK's type name (`CTInAppUtils inAppTypeString:`), nil when unknown.
    public var type: String?
    public var backgroundColor: String?
    public var title: String?
    public var titleColor: String?
    public var message: String?
    public var messageColor: String?
    /// `close`: the close button is shown.
    public var showCloseButton = false
    public var tablet = false
    /// `hasPortrait` (default true), `hasLandscape` (default false); HTML: both true.
    public var hasPortrait = true
    public var hasLandscape = false
    /// The portrait and landscape media objects (`media`, `mediaLandscape`).
    public var media: Media?
    public var landscapeMedia: Media?
    /// The SDK's flags over both media (the landscape image sets `mediaIsImage` too).
    public var mediaIsImage = false
    public var mediaIsGif = false
    public var mediaIsVideo = false
    public var mediaIsAudio = false
    /// The images the SDK downloads before display (`imageURL`, `imageUrlLandscape`) and the
    /// video/audio URLs (`mediaUrl`, `mediaUrlLandscape`).
    public var imageURL: String?
    public var imageURLLandscape: String?
    public var mediaURL: String?
    public var mediaURLLandscape: String?
    /// The buttons without error, in order (a dictionary of buttons: sorted by key).
    public var buttons: [Button] = []
    /// HTML: `d.html`, `d.url`, `d.kv` (the custom extras), `w` display parameters.
    public var html: String?
    public var url: String?
    public var customExtras: JSONObject?
    public var darkenScreen = false
    public var showClose = false
    public var position: String?
    /// `isLocalInApp`, `isPushSettingsSoftAlert`, `fallbackToNotificationSettings`, `rfp`.
    public var isLocalInApp = false
    public var isPushSettingsSoftAlert = false
    public var fallbackToNotificationSettings = false
    public var isRequestForPushPermission = false
    /// The SDK's parse error (`Unknown InApp Type`, `Invalid JSON`, `Invalid url: ...`,
    /// `wrong media type for template`), nil when the in-app can show.
    public var error: String?

    /// One `media`/`mediaLandscape` object as received.
    public struct Media: Equatable, Sendable {
        public var contentType: String?
        public var url: String?
        /// `alt_text`, default `InApp Image`.
        public var contentDescription: String
    }

    /// The portrait media kind a scenario reads: `image`, `gif`, `video`, `audio`, or nil.
    public var mediaKind: String? {
        mediaIsGif ? "gif" : mediaIsImage ? "image" : mediaIsVideo ? "video" : mediaIsAudio ? "audio" : nil
    }

    /// One button (`CTNotificationButton`).
    public struct Button: Equatable, Sendable {
        public var text: String?
        public var textColor: String?
        public var borderRadius: String?
        public var borderColor: String?
        public var backgroundColor: String?
        /// The `actions` object, nil when the button has none.
        public var actions: JSONObject?
        /// The decoded action (type `unknown` without `actions`).
        public var action: NotificationAction { NotificationAction(json: actions ?? [:]) }
    }

    /// The native types (`inAppTypeStringToTypeMap` without `custom-code`).
    public static let typeNames = InAppNotification.typeNames.filter { $0 != "custom-code" }

    /// Decodes `json` as `initWithJSON:` does.
    public init(json: JSONValue) {
        let o = json.objectValue ?? [:]
        let flag = { (key: String) in o[key].map(FrequencyCaps.boolValue) ?? false }
        isRequestForPushPermission = flag("rfp")
        isLocalInApp = flag("isLocalInApp")
        isPushSettingsSoftAlert = flag("isPushSettingsSoftAlert")
        fallbackToNotificationSettings = flag("fallbackToNotificationSettings")
        switch o["type"] {
        case nil, .null?, .string("html")?: configureLegacy(o)
        default: configure(o)
        }
        if type == nil, error == nil { error = "Unknown InApp Type" }
    }

    /// `configureFromJSON:`.
    mutating func configure(_ o: JSONObject) {
        if case .string(let t)? = o["type"], InAppNotification.typeNames.contains(t) { type = t }
        backgroundColor = o["bg"]?.stringValue
        title = o["title"]?["text"]?.stringValue
        titleColor = o["title"]?["color"]?.stringValue
        message = o["message"]?["text"]?.stringValue
        messageColor = o["message"]?["color"]?.stringValue
        showCloseButton = o["close"].map(FrequencyCaps.boolValue) ?? false
        tablet = o["tablet"].map(FrequencyCaps.boolValue) ?? false
        hasPortrait = o["hasPortrait"].map(FrequencyCaps.boolValue) ?? true
        hasLandscape = o["hasLandscape"].map(FrequencyCaps.boolValue) ?? false
        if let m = o["media"]?.objectValue {
            let media = Self.media(m)
            self.media = media
            if let url = media.url {
                let type = media.contentType ?? ""
                if type.hasPrefix("image") {
                    imageURL = url
                    if type == "image/gif" { mediaIsGif = true } else { mediaIsImage = true }
                } else {
                    mediaURL = url
                    if type.hasPrefix("video") { mediaIsVideo = true }
                    if type.hasPrefix("audio") { mediaIsAudio = true }
                }
            }
        }
        if let m = o["mediaLandscape"]?.objectValue {
            let media = Self.media(m)
            landscapeMedia = media
            if let url = media.url {
                let type = media.contentType ?? ""
                if type.hasPrefix("image") {
                    imageURLLandscape = url
                    if type != "image/gif" { mediaIsImage = true }
                } else if type.hasPrefix("video") {
                    mediaURLLandscape = url
                }
            }
        }
        switch o["buttons"] {
        case .array(let list)?: buttons = list.compactMap(Self.button)
        case .object(let dict)?: buttons = dict.keys.sorted().compactMap { Self.button(dict[$0]!) }
        default: buttons = []
        }
        switch type {
        case "header-template", "footer-template", "cover", "half-interstitial":
            if mediaIsAudio || mediaIsVideo { imageURL = nil }   // "unable to download media, wrong media type for template"
        case "cover-image", "interstitial-image", "half-interstitial-image":
            if mediaIsAudio { error = "wrong media type for template" }
        default: break
        }
    }

    /// A media object: `content_type`, `url` (empty ⇒ none), `alt_text` (default `InApp Image`).
    static func media(_ m: JSONObject) -> Media {
        let url = m["url"]?.stringValue
        return Media(contentType: m["content_type"]?.stringValue, url: url?.isEmpty == false ? url : nil,
                     contentDescription: m["alt_text"]?.stringValue ?? "InApp Image")
    }

    /// `CTNotificationButton initWithJSON:`; nil for a button with an error (not an object).
    static func button(_ json: JSONValue) -> Button? {
        guard let b = json.objectValue else { return nil }
        return Button(text: b["text"]?.stringValue, textColor: b["color"]?.stringValue, borderRadius: b["radius"]?.stringValue,
                      borderColor: b["border"]?.stringValue, backgroundColor: b["bg"]?.stringValue,
                      actions: b["actions"]?.objectValue)
    }

    /// `legacyConfigureFromJSON:` (HTML): `validateLegacyJSON:` first (`Invalid JSON`).
    mutating func configureLegacy(_ o: JSONObject) {
        guard Self.validateLegacy(o) else {
            error = "Invalid JSON"
            return
        }
        if let d = o["d"]?.objectValue {
            if let h = d["html"]?.stringValue {
                html = h
                type = "html"
            }
            if let u = d["url"]?.stringValue {
                guard u.utf16.count > 5 else {
                    error = "Invalid url: \(u)"
                    return
                }
                url = u
                type = "html"
            }
            customExtras = d["kv"]?.objectValue ?? [:]
            hasLandscape = true
            hasPortrait = true
        }
        if let w = o["w"]?.objectValue {
            darkenScreen = w["dk"].map(FrequencyCaps.boolValue) ?? false
            showClose = w["sc"].map(FrequencyCaps.boolValue) ?? false
            position = w["pos"]?.stringValue.map { String($0.prefix(1)) }
        }
    }

    /// `validateLegacyJSON:`: `w` has `xdp` or `xp`, `ydp` or `yp` (numbers), `dk` and `sc`
    /// (numbers), `pos` one of `t r b l c`; `d.html` a string.
    static func validateLegacy(_ o: JSONObject) -> Bool {
        let w = o["w"]?.objectValue ?? [:]
        func number(_ key: String) -> Bool {
            switch w[key] {
            case .integer?, .double?, .bool?: return true
            default: return false
            }
        }
        guard number("xdp") || number("xp"), number("ydp") || number("yp"), number("dk"), number("sc") else { return false }
        guard o["d"]?["html"]?.stringValue != nil else { return false }
        guard let pos = w["pos"]?.stringValue?.first, "trblc".contains(pos) else { return false }
        return true
    }
}
