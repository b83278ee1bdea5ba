import Engine
import JSON

/// The app's in-app callbacks (``InAppAppDelegate``) as `CTInAppDisplayManager` calls them:
/// each call the app implements is recorded as a `delegate.*` event.
extension InAppController {
    /// The extras the SDK passes for an in-app (`customExtras`): only the legacy (HTML) form
    /// reads them (`d.kv`); other types have none (empty).
    static func customExtras(_ notification: InAppNotification) -> JSONObject {
        switch notification.json["type"] {
        case nil, .null?, .string("html")?: return notification.json["d"]?["kv"]?.objectValue ?? [:]
        default: return [:]
        }
    }

    /// Runs a callback; a throw is an `error` event and the SDK's default (`fallback`) applies.
    func callDelegate<T>(_ name: String, fallback: T, _ body: () throws -> T) -> T {
        do { return try body() } catch {
            reportError("templates: app.delegate \(name): \(error)")
            return fallback
        }
    }

    /// `shouldShowInAppNotificationWithExtras:` (YES when not implemented or when it fails).
    func delegateAllowsShow(_ notification: InAppNotification) -> Bool {
        guard let callback = appDelegate?.shouldShow else { return true }
        let show = callDelegate("shouldShow", fallback: true) { try callback(notification, Self.customExtras(notification)) }
        var f = fields(notification)
        f["show"] = .bool(show)
        transcript.record("delegate.show", f)
        return show
    }

    /// `inAppNotificationDidShow:` with the in-app's JSON.
    func delegateDidShow(_ notification: InAppNotification) {
        guard let callback = appDelegate?.didShow else { return }
        transcript.record("delegate.shown", fields(notification))
        callDelegate("didShow", fallback: ()) { try callback(notification) }
    }

    /// `inAppNotificationButtonTappedWithCustomExtras:` (a non-empty `kv` only).
    func delegateButtonTapped(_ keyValues: JSONObject) {
        guard let callback = appDelegate?.buttonTapped else { return }
        transcript.record("delegate.tapped", ["kv": .object(keyValues)])
        callDelegate("buttonTapped", fallback: ()) { try callback(keyValues) }
    }

    /// `inAppNotificationDismissedWithExtras:andActionExtras:` (`notificationDidDismiss:`).
    func delegateDismissed(_ notification: InAppNotification) {
        let actionExtras = self.actionExtras.removeValue(forKey: notification.id) ?? [:]
        guard let callback = appDelegate?.dismissed else { return }
        let extras = Self.customExtras(notification)
        var f = fields(notification)
        f["extras"] = .object(extras)
        f["actionExtras"] = .object(actionExtras)
        transcript.record("delegate.dismissed", f)
        callDelegate("dismissed", fallback: ()) { try callback(notification, extras, actionExtras) }
    }

    /// `handleCTAOpenURL:`: without a URL delegate the URL opens; with one, only when
    /// `shouldHandleCleverTapURL:forChannel:` returns YES (a delegate without it opens nothing).
    func delegateAllowsURL(_ url: String?) -> Bool {
        guard let delegate = appDelegate else { return true }
        guard let callback = delegate.shouldHandleURL else { return !delegate.hasURLDelegate }
        let open = callDelegate("shouldHandleURL", fallback: true) { try callback(url ?? "") }
        transcript.record("delegate.url", [
            "url": url.map(JSONValue.string) ?? .null, "channel": "CleverTapInAppNotification", "open": .bool(open),
        ])
        return open
    }
}
