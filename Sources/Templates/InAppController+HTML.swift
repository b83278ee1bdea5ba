import Foundation
import Engine
import JSON

/// HTML in-apps: the JS bridge's `triggerInAppAction` (`CTInAppDisplayViewController
/// triggerInAppAction:callToAction:buttonId:`) and the URL parameters of its URL actions
/// (`CTInAppUtils getParametersFromURL:`).
extension InAppController {
    /// `getParametersFromURL:`: the query parameters of `url` (percent-decoded), nil without a
    /// query; a `wzrk_c2a` of the form `text__dl__url` is split into the call to action and a
    /// deep link.
    public static func parameters(fromURL url: String) -> (params: [String: String]?, deeplink: String?) {
        let parts = url.components(separatedBy: "?")
        guard parts.count >= 2 else { return (nil, nil) }
        var params: [String: String] = [:]
        for pair in parts[1].components(separatedBy: "&") {
            let elements = pair.components(separatedBy: "=")
            guard elements.count >= 2 else { continue }
            params[elements[0]] = elements[1].removingPercentEncoding
        }
        var deeplink: String?
        if let c2a = params["wzrk_c2a"] {
            let split = (c2a.removingPercentEncoding ?? c2a).components(separatedBy: "__dl__")
            if split.count == 2 {
                params["wzrk_c2a"] = split[0]
                deeplink = split[1]
            }
        }
        return (params, deeplink)
    }

    /// The bridge's `triggerInAppAction` on the displayed HTML in-app: extras from the URL's
    /// parameters (a `__dl__` deep link replaces the URL), then `callToAction` (`wzrk_c2a`),
    /// `buttonId` (`wzrk_element_id`), `wzrk_id`, for a URL action `wzrk_action = "url"` and
    /// `wzrk_data` (the URL opened), and `wzrk_dl`; Notification Clicked, the action, and the
    /// in-app is hidden. Without a displayed HTML in-app nothing happens (the SDK's nil controller).
    public func triggerHTMLAction(_ actionJSON: JSONObject, callToAction: String?, buttonId: String?) {
        guard let native = displayedNative, native.type == "html", let notification = displayed else {
            log("templates: triggerInAppAction: no HTML in-app is displayed")
            return
        }
        var actions = actionJSON
        var extras: JSONObject = [:]
        let action = NotificationAction(json: actionJSON)
        if action.type == .url, let url = action.actionURL {
            let parsed = Self.parameters(fromURL: url)
            if let params = parsed.params {
                for k in params.keys.sorted() { extras[k] = params[k].map(JSONValue.string) }
                if let deeplink = parsed.deeplink { actions = ["type": "url", "ios": .string(deeplink)] }
            }
        }
        if let callToAction { extras["wzrk_c2a"] = .string(callToAction) }
        if let buttonId { extras["wzrk_element_id"] = .string(buttonId) }
        extras["wzrk_id"] = .string(Self.campaignIdString(notification))
        let opened = NotificationAction(json: actions)
        if opened.type == .url, let url = opened.actionURL {
            extras["wzrk_action"] = "url"
            extras["wzrk_data"] = .string(url)
        }
        if let url = opened.actionURL, !url.isEmpty { extras["wzrk_dl"] = .string(url) }
        handleNativeAction(actions, notification, extras: extras, argument: callToAction ?? "html")
        dismissNative()
    }

    /// The headless web view of an HTML in-app (`CTInAppHTMLViewController layoutNotification`): a
    /// JS interface bound to this controller, the `inapp.html` view with the page, its user scripts
    /// (the viewport script, then the interface's version script) and the message handler name.
    func showWebView(_ native: NativeInApp) {
        let interface = JSInterface(forInAppsOf: self)
        htmlInterface = interface
        ui?.show(id: "\(Self.nativeViewPrefix).html", properties: [
            "html": native.html.map(JSONValue.string) ?? .null, "url": native.url.map(JSONValue.string) ?? .null,
            "position": native.position.map(JSONValue.string) ?? .null, "darkenScreen": .bool(native.darkenScreen),
            "userScripts": .array(interface.inAppUserScripts.map(\.json)),
            "messageHandler": .string(JSInterface.messageHandlerName),
        ])
    }

    /// The bridge's `dismissInAppNotification` (and the hide before `promptForPushPermission`).
    public func dismissHTML() {
        guard displayedNative?.type == "html" else { return }
        dismissNative()
    }
}
