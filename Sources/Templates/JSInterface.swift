import JSON

/// `CleverTapJSInterface`: what a web view's `clevertap` message handler posts to. An HTML in-app's
/// headless web view has one bound to the controller that shows it (`initWithConfigForInApps:
/// fromController:`); messages posted while no HTML in-app is displayed reach the app's own web
/// view interface (`initWithConfig:`, `wv_init` set, no controller), where the in-app actions
/// (`triggerInAppAction`, `dismissInAppNotification`) find no controller and do nothing.
public final class JSInterface {
    /// A `WKUserScript` a web view is configured with.
    public struct UserScript: Equatable, Sendable {
        /// `WKUserScriptInjectionTime`.
        public enum InjectionTime: String, Sendable { case atDocumentStart, atDocumentEnd }
        public var source: String
        public var injectionTime: InjectionTime
        public var forMainFrameOnly: Bool

        /// The script as the `userScripts` property of the `inapp.html` view records it.
        public var json: JSONValue {
            ["source": .string(source), "injectionTime": .string(injectionTime.rawValue), "forMainFrameOnly": .bool(forMainFrameOnly)]
        }
    }

    /// What `triggerInAppAction` did with a message.
    public enum TriggerOutcome: Equatable, Sendable { case noActionJSON, noController, triggered }

    /// The SDK revision the version script exposes (`WR_SDK_REVISION`, 7.7.0).
    public static let sdkRevision = "70700"
    /// The name of the script message handler (`addScriptMessageHandler:name:`).
    public static let messageHandlerName = "clevertap"
    /// The viewport script `CTInAppHTMLViewController layoutNotification` adds before the version script.
    public static let viewportScript = UserScript(
        source: "var meta = document.createElement('meta'); meta.setAttribute('name', 'viewport'); meta.setAttribute('content', 'width=device-width, initial-scale=1.0, maximum-scale=1.0, user-scalable=no'); document.getElementsByTagName('head')[0].appendChild(meta);",
        injectionTime: .atDocumentEnd, forMainFrameOnly: true)

    /// `wv_init`: set only for an interface the app creates for its own web view.
    public let wvInit: Bool
    /// The controller showing the HTML in-app (weak, as in the SDK: the controller owns the interface).
    public private(set) weak var controller: InAppController?

    /// `initWithConfig:`: the app's own web view.
    public init() {
        wvInit = true
        controller = nil
    }

    /// `initWithConfigForInApps:fromController:`: an HTML in-app's web view.
    public init(forInAppsOf controller: InAppController) {
        wvInit = false
        self.controller = controller
    }

    /// `versionScript`: `window.cleverTapIOSSDKVersion` set at document start, main frame only.
    public var versionScript: UserScript {
        UserScript(source: "window.cleverTapIOSSDKVersion = \(Self.sdkRevision);", injectionTime: .atDocumentStart, forMainFrameOnly: true)
    }

    /// The user scripts of an HTML in-app's web view, in the order the SDK adds them.
    public var inAppUserScripts: [UserScript] { [Self.viewportScript, versionScript] }

    /// `triggerInAppAction:callToAction:buttonId:` as a bridge message calls it: nothing without an
    /// action JSON object or without a controller; a null (`NSNull`) or non-string `callToAction` or
    /// `buttonId` counts as absent; otherwise the controller's action runs.
    @discardableResult
    public func triggerInAppAction(_ actionJSON: JSONValue?, callToAction: JSONValue?, buttonId: JSONValue?) -> TriggerOutcome {
        guard let json = actionJSON?.objectValue else { return .noActionJSON }
        guard let controller else { return .noController }
        controller.triggerHTMLAction(json, callToAction: callToAction?.stringValue, buttonId: buttonId?.stringValue)
        return .triggered
    }
}
