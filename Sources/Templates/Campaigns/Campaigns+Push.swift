import Engine
import JSON

/// The OS push authorization (`UNAuthorizationStatus` as `CTPushPrimerManager` reads it).
public enum PushStatus: String, Sendable, CaseIterable {
    case notDetermined, denied, authorized

    /// `checkAndUpdatePushPermissionStatusWithCompletion:`: not determined and denied are
    /// `CTPushNotEnabled`, anything else `CTPushEnabled`.
    public var isEnabled: Bool { self == .authorized }
}

/// The push primer (`CTPushPrimerManager`): `promptPushPrimer:` shows a local in-app while push
/// is not enabled; `promptForPushPermission:` (and a primer's or an `rfp` button's accept) asks
/// the OS, or opens the app's settings when push was denied and the fallback is on.
///
/// Transcript: `push.prompt` (`fbSettings`, `status` before, `presented`: the OS prompt
/// appeared), `push.response` (`accepted`), `push.settings` (the settings were opened).
extension Campaigns {
    /// `promptPushPrimer:`: the local in-app (``LocalInApp``) is prepared and displayed at once,
    /// outside the queue, when push is not determined or denied; else nothing (logged).
    public func promptPushPrimer(_ json: JSONObject) {
        guard !pushStatus.isEnabled else {
            transcript.record("log", ["message": "templates: Push Notification permission is already granted."])
            return
        }
        let notification = controller.makeNotification(.object(json))
        guard let prepared = controller.prepare(notification) else { return }
        controller.display(prepared)
    }

    /// `promptForOSPushNotificationWithFallbackToSettings:withCompletionBlock:`: true when the
    /// OS prompt was presented (the status was not determined).
    @discardableResult
    public func promptForPushPermission(fallbackToSettings: Bool) -> Bool {
        let before = pushStatus
        transcript.record("push.prompt", ["fbSettings": .bool(fallbackToSettings), "status": .string(before.rawValue),
                                          "presented": .bool(before == .notDetermined)])
        switch before {
        case .notDetermined: pushPermissionResponse(accepted: pushAnswer)
        case .denied:
            if fallbackToSettings {
                transcript.record("push.settings", [:])
            } else {
                transcript.record("log", ["message": "templates: Notification permission is denied. Please grant notification permission access in your app's settings to send notifications."])
            }
        case .authorized:
            transcript.record("log", ["message": "templates: Push Notification permission is already granted."])
        }
        return before == .notDetermined
    }

    /// `notifyPushPermissionResponse:`: the status follows the answer.
    public func pushPermissionResponse(accepted: Bool) {
        transcript.record("push.response", ["accepted": .bool(accepted)])
        pushStatus = accepted ? .authorized : .denied
    }

    /// `incrementLocalInAppCount`.
    public func didShowLocalInApp() {
        data.localInAppCount += 1
        data.changed()
    }
}
