import JSON

/// The SDK's three system app functions (`SystemAppFunction/*`): non-visual functions the
/// server can send as an in-app or as a button's action. ctlua records what the device would
/// do (`system.function`) instead of opening URLs or OS prompts.
///
/// - `ctsystem_openurl` (`iOS`, string `""`): a non-empty URL is opened and the function
///   counts as presented; then dismissed.
/// - `ctsystem_apprating`: the review prompt is requested (a scene is always active in ctlua):
///   presented, then dismissed.
/// - `ctsystem_pushpermission` (`fbSettings`, boolean false): push already enabled ⇒ not
///   presented; not determined ⇒ the OS prompt (presented); denied ⇒ the settings when
///   `fbSettings` (not presented). Then dismissed.
enum SystemAppFunctions {
    static let openURL = "ctsystem_openurl"
    static let appRating = "ctsystem_apprating"
    static let pushPermission = "ctsystem_pushpermission"

    /// The three functions, built as the SDK builds them (non-visual, one shared presenter).
    static func templates() -> [CustomTemplate] {
        let presenter = SystemAppFunctionPresenter()
        return [
            CustomTemplate(name: openURL, kind: .function(isVisual: false),
                           arguments: [TemplateArgument(name: "iOS", type: .string, defaultValue: "")], presenter: presenter),
            CustomTemplate(name: appRating, kind: .function(isVisual: false), arguments: [], presenter: presenter),
            CustomTemplate(name: pushPermission, kind: .function(isVisual: false),
                           arguments: [TemplateArgument(name: "fbSettings", type: .boolean, defaultValue: false)], presenter: presenter),
        ]
    }
}

/// The presenter of the system app functions (`CTSystemAppFunctionPresenter`).
final class SystemAppFunctionPresenter: TemplatePresenter {
    func onPresent(context: CustomTemplateContext) throws {
        let controller = context.controller
        var fields: JSONObject = ["name": .string(context.templateName)]
        let presented: Bool
        switch context.templateName {
        case SystemAppFunctions.openURL:
            let url = context.string("iOS") ?? ""
            presented = !url.isEmpty && URLCheck.isValid(url)
            fields["url"] = .string(url)
        case SystemAppFunctions.pushPermission:
            // `CTSystemTemplateActionHandler promptPushPermission:`: enabled ⇒ not presented;
            // else the primer manager asks the OS (not determined: the prompt, presented) or,
            // denied, opens the settings with `fbSettings` (not presented: no Notification Viewed).
            let fbSettings = context.boolean("fbSettings")
            fields["fbSettings"] = .bool(fbSettings)
            // The prompt's own events (`push.prompt`, `push.response` or `push.settings`) come first.
            if let delegate = controller?.displayDelegate, !delegate.isPushEnabled {
                presented = delegate.promptForPushPermission(fallbackToSettings: fbSettings)
            } else {
                controller?.log("Push Notification permission is already granted.")
                presented = false
            }
        default:
            presented = true
        }
        fields["presented"] = .bool(presented)
        controller?.transcript.record("system.function", fields)
        if presented { context.presented() }
        context.dismissed()
    }

    func onClose(context: CustomTemplateContext) throws {
        context.controller?.log("System App Function dismissed: \(context.templateName)")
    }
}

/// `NSURL URLWithString:`'s acceptance (RFC 3986), approximately: no spaces or control
/// characters, and a colon before the first `/`, `?` or `#` must end a valid scheme
/// (`htt!!ps://clevertap.com` is rejected: `CTSystemTemplateActionHandlerTest testHandleOpenUrlNotSuccess`).
enum URLCheck {
    static func isValid(_ text: String) -> Bool {
        if text.unicodeScalars.contains(where: { $0 == " " || $0.value < 0x20 || $0 == "\\" || $0 == "\"" }) { return false }
        guard let end = text.firstIndex(where: { ":/?#".contains($0) }), text[end] == ":" else { return true }
        return isScheme(text[..<end])
    }

    /// `ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )`.
    static func isScheme(_ s: Substring) -> Bool {
        guard let first = s.unicodeScalars.first, first.isASCII, first.properties.isAlphabetic else { return false }
        return s.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "+-.".unicodeScalars.contains($0)) }
    }
}
