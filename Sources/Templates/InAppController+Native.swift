import Engine
import JSON

/// Native in-apps (interstitial, cover, header, footer, alert, the image-only kinds, PiP, HTML)
/// as headless views, shown through the same queue as custom templates
/// (`CTInAppDisplayManager displayNotification:` → the type's view controller).
///
/// Views (ids a scenario reads and taps): `inapp` (the container: type, id, background,
/// orientations), `inapp.title`, `inapp.message`, `inapp.media` (and `inapp.media.landscape`
/// when the in-app has a landscape variant), `inapp.button.1`..`n`, `inapp.close` (the close
/// button), `inapp.html` (HTML in-apps). A button tap runs its action as
/// `handleButtonClickFromIndex:` then hides the in-app; the close button and `close` hide it
/// without a click; an image-only in-app's media tap runs its first button's action.
extension InAppController {
    /// The id prefix of the native views.
    public static let nativeViewPrefix = "inapp"

    /// The native in-app displayed now, or nil.
    public var displayedNativeInApp: NativeInApp? { displayedNative }

    /// Presents a prepared native in-app: views shown, then `notificationDidShow:`.
    func presentNative(_ notification: InAppNotification, _ native: NativeInApp) {
        displayed = notification
        displayedNative = native
        markChanged()
        var f = fields(notification)
        f["type"] = .string(native.type ?? "")
        transcript.record("native.presenting", f)
        showViews(native, notification)
        if native.isLocalInApp, !native.isPushSettingsSoftAlert { displayDelegate?.didShowLocalInApp() }
        transcript.record("native.presented", f)
        displayDelegate?.didShow(notification)
        delegateDidShow(notification)
    }

    func showViews(_ native: NativeInApp, _ notification: InAppNotification) {
        guard let ui else { return }
        let p = Self.nativeViewPrefix
        var root: JSONObject = ["inAppType": .string(native.type ?? ""), "wzrk_id": .string(notification.id),
                                "hasPortrait": .bool(native.hasPortrait), "hasLandscape": .bool(native.hasLandscape),
                                "orientation": .string(isLandscape ? "landscape" : "portrait"), "tablet": .bool(native.tablet)]
        if let bg = native.backgroundColor { root["bg"] = .string(bg) }
        if native.isLocalInApp { root["local"] = true }
        ui.show(id: p, properties: root)
        if let title = native.title {
            ui.show(id: "\(p).title", properties: ["text": .string(title), "color": native.titleColor.map(JSONValue.string) ?? .null])
        }
        if let message = native.message {
            ui.show(id: "\(p).message", properties: ["text": .string(message), "color": native.messageColor.map(JSONValue.string) ?? .null])
        }
        if let media = native.media {
            var m = Self.mediaProperties(media)
            m["kind"] = native.mediaKind.map(JSONValue.string) ?? .null
            let imageOnly = ["cover-image", "interstitial-image", "half-interstitial-image"].contains(native.type ?? "")
            let tap: (() throws -> Void)? = imageOnly && !native.buttons.isEmpty ? { [weak self] in self?.tapNativeMedia() } : nil
            ui.show(id: "\(p).media", properties: m, onTap: tap)
        }
        if let media = native.landscapeMedia, native.hasLandscape {
            ui.show(id: "\(p).media.landscape", properties: Self.mediaProperties(media))
        }
        for (i, button) in native.buttons.enumerated() {
            ui.show(id: "\(p).button.\(i + 1)", properties: Self.buttonProperties(button)) { [weak self] in self?.tapNativeButton(i) }
        }
        if native.type == "html" { showWebView(native) }
        if native.showCloseButton || native.showClose {
            ui.show(id: "\(p).close", properties: [:]) { [weak self] in self?.dismissNative() }
        }
    }

    static func mediaProperties(_ media: NativeInApp.Media) -> JSONObject {
        ["url": media.url.map(JSONValue.string) ?? .null, "contentType": media.contentType.map(JSONValue.string) ?? .null,
         "description": .string(media.contentDescription)]
    }

    static func buttonProperties(_ b: NativeInApp.Button) -> JSONObject {
        var o: JSONObject = ["text": b.text.map(JSONValue.string) ?? .null]
        for (k, v) in [("color", b.textColor), ("bg", b.backgroundColor), ("border", b.borderColor), ("radius", b.borderRadius)] {
            if let v { o[k] = .string(v) }
        }
        let action = b.action
        o["action"] = .string(b.actions == nil ? "" : action.type.rawValue)
        if let url = action.actionURL { o["url"] = .string(url) }
        if let kv = action.keyValues, !kv.isEmpty { o["kv"] = .object(kv) }
        if let name = action.customTemplate?.templateName { o["templateName"] = .string(name) }
        if action.type == .rfp { o["fbSettings"] = .bool(action.fallbackToSettings) }
        return o
    }

    /// `buttonTapped:` → `handleButtonClickFromIndex:`, then `hide:`.
    func tapNativeButton(_ index: Int) {
        guard let native = displayedNative, let notification = displayed, native.buttons.indices.contains(index) else { return }
        let button = native.buttons[index]
        let extras: JSONObject = ["wzrk_id": .string(Self.campaignIdString(notification)), "wzrk_c2a": .string(button.text ?? "")]
        if native.isLocalInApp {
            actionExtras[notification.id] = extras
            if index == 0 {
                displayDelegate?.promptForPushPermission(fallbackToSettings: native.fallbackToNotificationSettings)
            } else if index == 1 {
                displayDelegate?.pushPermissionResponse(accepted: false)
            }
        } else if button.actions != nil, button.action.type == .rfp {
            displayDelegate?.promptForPushPermission(fallbackToSettings: button.action.fallbackToSettings)
        } else {
            var withLink = extras
            if let url = button.action.actionURL { withLink["wzrk_dl"] = .string(url) }
            handleNativeAction(button.actions ?? [:], notification, extras: withLink, argument: "button.\(index + 1)")
        }
        dismissNative()
    }

    /// An image-only in-app's media tap (`handleImageTapGesture`): the first button's action with
    /// an empty call to action, then `hide:`.
    func tapNativeMedia() {
        guard let native = displayedNative, let notification = displayed, let button = native.buttons.first else { return }
        var extras: JSONObject = ["wzrk_id": .string(Self.campaignIdString(notification)), "wzrk_c2a": ""]
        if let url = button.action.actionURL { extras["wzrk_dl"] = .string(url) }
        handleNativeAction(button.actions ?? [:], notification, extras: extras, argument: "media")
        dismissNative()
    }

    static func campaignIdString(_ notification: InAppNotification) -> String {
        notification.json["wzrk_id"]?.stringValue ?? InAppNotification.wireId(of: notification.json) ?? ""
    }

    /// `handleNotificationAction:forNotification:withExtras:` for a native in-app: Notification
    /// Clicked (the in-app's `wzrk_*` keys and the extras), then the action.
    func handleNativeAction(_ actions: JSONObject, _ notification: InAppNotification, extras: JSONObject, argument: String) {
        let action = NotificationAction(json: actions)
        var props = Self.wzrkProperties(notification.json)
        for (k, v) in extras { props[k] = v }
        actionExtras[notification.id] = extras
        displayDelegate?.didClick(notification, properties: props)
        var f = fields(notification)
        f["action"] = .string(argument)
        f["actionType"] = .string(action.type.rawValue)
        transcript.record("action.triggered", f)
        switch action.type {
        case .close, .rfp: break   // dismissed by the view; rfp is handled before
        case .url:
            var u: JSONObject = ["url": action.actionURL.map(JSONValue.string) ?? .null]
            if appDelegate != nil { u["opened"] = .bool(delegateAllowsURL(action.actionURL)) }
            transcript.record("action.url", u)
        case .kv:
            if let kv = action.keyValues, !kv.isEmpty {
                transcript.record("action.kv", ["kv": .object(kv)])
                delegateButtonTapped(kv)
            }
        case .custom:
            guard let name = action.customTemplate?.templateName, !name.isEmpty, manager.isRegistered(name) else {
                log("templates: cannot trigger non-registered template with name: \(action.customTemplate?.templateName ?? "")")
                return
            }
            spawn(actions, argument: argument, parent: notification)
        case .unknown:
            log("templates: triggered in-app action with unknown type")
        }
    }

    /// `hide:` → `notificationDidDismiss:`: views gone, the dismissed callback, the next in-app.
    func dismissNative() {
        guard let native = displayedNative, let notification = displayed else { return }
        if let ui {
            for id in ui.views.keys where id == Self.nativeViewPrefix || id.hasPrefix(Self.nativeViewPrefix + ".") { ui.hide(id: id) }
        }
        var f = fields(notification)
        f["type"] = .string(native.type ?? "")
        transcript.record("native.dismissed", f)
        displayedNative = nil
        htmlInterface = nil   // `cleanupWebViewResources`: the message handler is removed
        delegateDismissed(notification)
        freeDisplay()
    }
}
