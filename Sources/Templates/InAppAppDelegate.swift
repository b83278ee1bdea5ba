import JSON

/// The app's in-app callbacks (`CleverTapInAppNotificationDelegate` and the URL delegate's
/// `shouldHandleCleverTapURL:forChannel:`), set with `app.delegate{...}` or a scenario's
/// `delegate` step. A nil callback is a method the app does not implement
/// (`respondsToSelector:` fails): the SDK's default applies and nothing is recorded.
///
/// Implementation requirements: callbacks run on the engine's thread inside a show attempt,
/// a presentation, an action or a dismissal. A callback that throws is reported as an
/// `error` event and the SDK's default applies (show, open the URL); it must not re-enter
/// the controller.
public final class InAppAppDelegate {
    /// `shouldShowInAppNotificationWithExtras:`: false drops the in-app (`inapp.skipped`,
    /// reason `delegate`) and makes a new show attempt. Arguments: the in-app, then the extras
    /// the SDK passes (`d.kv`: empty for custom-code in-apps).
    public var shouldShow: ((InAppNotification, JSONObject) throws -> Bool)?
    /// `inAppNotificationDidShow:` with the in-app's JSON, after Notification Viewed and caps.
    public var didShow: ((InAppNotification) throws -> Void)?
    /// `inAppNotificationButtonTappedWithCustomExtras:` for a `kv` action with a non-empty `kv`.
    public var buttonTapped: ((JSONObject) throws -> Void)?
    /// `inAppNotificationDismissedWithExtras:andActionExtras:`: the in-app's extras (`d.kv`)
    /// and the extras of its last triggered action (`wzrk_id`, `wzrk_c2a`), or empty.
    public var dismissed: ((InAppNotification, JSONObject, JSONObject) throws -> Void)?
    /// `shouldHandleCleverTapURL:forChannel:` for a `url` action: false and the SDK does not open it.
    public var shouldHandleURL: ((String) throws -> Bool)?
    /// True when the app has a URL delegate (`CleverTap setUrlDelegate:`): without a
    /// `shouldHandleURL` callback it then opens nothing.
    public var hasURLDelegate = false

    public init() {}
}
