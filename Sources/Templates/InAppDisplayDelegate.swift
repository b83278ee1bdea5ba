import JSON

/// What the display needs from the simulated SDK around it (`Campaigns` implements it):
/// app state, frequency caps, and the events of a presented or clicked in-app.
///
/// Implementation requirements: every method is called on the engine's thread, from inside
/// a show attempt, a presentation or an action; none may re-enter the controller synchronously
/// except through `requestShowAttempt()`.
public protocol InAppDisplayDelegate: AnyObject {
    /// True while the app is in background: nothing is shown and no attempt is made.
    var isInBackground: Bool { get }
    /// True when push notifications are enabled (`rfp` in-apps are not queued).
    var isPushEnabled: Bool { get }
    /// The frequency cap that rejects `notification` (`CTInAppFCManager canShow:`), or nil.
    func capRejection(_ notification: InAppNotification) -> String?
    /// `notificationDidShow:`: caps counted, Notification Viewed recorded.
    func didShow(_ notification: InAppNotification)
    /// An action was triggered: Notification Clicked with these properties.
    func didClick(_ notification: InAppNotification, properties: JSONObject)
    /// True while the device is online (HTML in-apps need a connection).
    var isOnline: Bool { get }
    /// A local (push primer) in-app was shown (`incrementLocalInAppCount`).
    func didShowLocalInApp()
    /// `promptForOSPushNotificationWithFallbackToSettings:withCompletionBlock:` (a primer accepted,
    /// an `rfp` button, `ctsystem_pushpermission`): true when the OS prompt was presented (push not
    /// determined); false when the settings opened, or nothing happened.
    @discardableResult
    func promptForPushPermission(fallbackToSettings: Bool) -> Bool
    /// `notifyPushPermissionResponse:` (a primer's second button: `inAppPushPrimerDidDismissed`).
    func pushPermissionResponse(accepted: Bool)
}

extension InAppDisplayDelegate {
    public var isOnline: Bool { true }
    public func didShowLocalInApp() {}
    @discardableResult
    public func promptForPushPermission(fallbackToSettings: Bool) -> Bool { false }
    public func pushPermissionResponse(accepted: Bool) {}
}

/// An in-app taken from the store queue and prepared (files downloaded): displayed, or pending.
public struct PreparedInApp {
    /// The in-app.
    public let notification: InAppNotification
    /// Local paths of its file arguments (of its images, for a native in-app).
    public let files: [String: String]
    /// The decoded native in-app, nil for custom-code.
    public var native: NativeInApp? = nil
}
