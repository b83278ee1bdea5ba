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

    /// Handles one bridge message; an unknown action does nothing (as in the SDK) but is recorded.
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
            guard let json = message["actionJson"]?.objectValue else {
                controller.log("templates: action JSON is nil.")
                return
            }
            controller.triggerHTMLAction(json, callToAction: message["callToAction"]?.stringValue,
                                         buttonId: message["buttonId"]?.stringValue)
        case "dismissInAppNotification": controller.dismissHTML()
        case "promptForPushPermission":
            controller.dismissHTML()
            campaigns.promptForPushPermission(fallbackToSettings: message["showFallbackSettings"].map(FrequencyCaps.boolValue) ?? false)
        default:
            if known { controller.log("templates: JS bridge action \(action) is not simulated") }
        }
    }
}
