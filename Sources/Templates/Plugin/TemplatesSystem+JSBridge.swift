import Engine
import JSON

/// The JS bridge of HTML in-apps (`CleverTapJSInterface handleMessageFromWebview:forInstance:`):
/// a message `{action = ..., ...}` as the page posts it. `templates.jsBridge(message)` in Lua,
/// the `jsBridge` step in scenarios. Every message is recorded (`html.bridge`, `action`).
extension TemplatesSystem {
    /// The bridge actions the SDK handles; the profile multi-value and increment actions are
    /// recorded but not simulated (ctlua keeps no multi-value profile).
    public static let bridgeActions = [
        "recordEventWithProps", "profilePush", "recordChargedEvent", "onUserLogin", "triggerInAppAction",
        "dismissInAppNotification", "promptForPushPermission", "profileSetMultiValues", "profileAddMultiValue",
        "profileAddMultiValues", "profileRemoveValueForKey", "profileRemoveMultiValue", "profileRemoveMultiValues",
        "profileIncrementValueBy", "profileDecrementValueBy",
    ]

    /// The interface a message reaches (`CleverTapJSInterface`): the displayed HTML in-app's, or
    /// the app's own web view's (no controller: the in-app actions do nothing).
    public var jsInterface: JSInterface { controller.htmlInterface ?? appJSInterface }

    /// Handles one bridge message; an unknown action does nothing (as in the SDK) but is recorded.
    /// A missing or null field reads as absent.
    public func jsBridge(_ message: JSONObject) {
        let action = message["action"]?.stringValue ?? ""
        let known = Self.bridgeActions.contains(action)
        controller.transcript.record("html.bridge", ["action": .string(action), "known": .bool(known)])
        switch action {
        case "recordEventWithProps":
            guard let name = message["event"]?.stringValue else { return }
            campaigns.recordUserEvent(name, properties: message["properties"]?.objectValue ?? [:])
        case "profilePush": campaigns.pushUserProfile(message["properties"]?.objectValue ?? [:])
        case "recordChargedEvent":
            campaigns.recordUserCharged(details: message["chargeDetails"]?.objectValue ?? [:],
                                        items: message["items"]?.arrayValue?.compactMap(\.objectValue) ?? [])
        case "onUserLogin": campaigns.login(message["properties"]?.objectValue ?? [:])
        case "triggerInAppAction":
            switch jsInterface.triggerInAppAction(message["actionJson"], callToAction: message["callToAction"],
                                                  buttonId: message["buttonId"]) {
            case .noActionJSON: controller.log("templates: action JSON is nil.")
            case .noController: controller.log("templates: display view controller is nil.")
            case .triggered: break
            }
        case "dismissInAppNotification": jsInterface.controller?.dismissHTML()
        case "promptForPushPermission":
            jsInterface.controller?.dismissHTML()
            campaigns.promptForPushPermission(fallbackToSettings: message["showFallbackSettings"].map(FrequencyCaps.boolValue) ?? false)
        default:
            if known { controller.log("templates: JS bridge action \(action) is not simulated") }
        }
    }
}
