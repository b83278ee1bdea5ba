import Engine
import JSON

/// What a delivered in-app carries that the CleverTap SDK ignores without a word, as warnings
/// (``Engine/Warning``): a custom-code in-app's `templateName` that no loaded script defines (the
/// SDK drops the in-app), a `vars` key that no argument of its template has, a `vars` value of the
/// wrong type (the argument keeps its default), and an in-app member nobody reads. The delivery
/// goes on exactly as without the check.
enum InAppInputCheck {
    /// The in-app members the SDK reads (`CTInAppNotification`, `CTConstants.h`'s `CLTAP_INAPP_*`,
    /// the campaign and trigger keys), and those ctlua's simulation reads besides.
    static let knownMembers: Set<String> = [
        "type", "templateName", "templateId", "templateDescription", "vars", "actions", "wzrk_id", "wzrk_pivot", "wzrk_cgId",
        "ti", "id", "wzrk_ttl", "wzrk_ttl_offset", "priority", "suppressed", "mdc", "tdc", "tlc", "efc", "excludeGlobalFCaps",
        "media", "mediaLandscape", "whenTriggers", "whenLimits", "frequencyLimits", "occurrenceLimits", "d", "w", "bg",
        "buttons", "close", "fallbackToNotificationSettings", "hasLandscape", "hasPortrait", "isLocalInApp",
        "isPushSettingsSoftAlert", "message", "rfp", "tablet", "title", "wzrk_inapp_type", "imageInterstitialConfig",
        "display", "custom_kv", "kv", "delayAfterTrigger", "inactionDuration", "hideMedia", "isJsEnabled", "aspectRatio",
        "url", "html", "isVisual", "evaluatedServerSide", "wzrk_acct_id", "isPortrait", "is_tablet", "ios",
    ]

    /// The in-apps of a delivered value (one, an array, or a response's lists) with their paths.
    static func inApps(of payload: JSONValue) -> [(JSONObject, JSONPath)] {
        func list(_ value: JSONValue?, _ path: JSONPath) -> [(JSONObject, JSONPath)] {
            (value?.arrayValue ?? []).enumerated().compactMap { index, item in item.objectValue.map { ($0, path.index(index)) } }
        }
        switch payload {
        case .array: return list(payload, .root)
        case .object(let object) where TemplatesSystem.isInApp(object): return [(object, .root)]
        case .object(let object):
            return ["inapp_notifs", "inapp_notifs_cs", "inapp_notifs_ss", "inapp_notifs_applaunched"].flatMap { key in
                list(object[key], JSONPath.root.key(key))
            }
        default: return []
        }
    }

    /// Records a warning for each ignored input of `payload`, its paths relative to the delivered value.
    static func warn(_ payload: JSONValue, manager: TemplatesManager, transcript: Transcript) {
        for (inApp, path) in inApps(of: payload) {
            for key in inApp.keys where !knownMembers.contains(key) {
                transcript.warn(Warning(system: "templates", "no part of the SDK reads the in-app member '\(key)'; it is ignored",
                                        path: path.key(key), ignored: key, known: knownMembers.sorted()))
            }
            guard inApp["type"]?.stringValue == "custom-code", let name = inApp["templateName"]?.stringValue else { continue }
            guard let template = manager.template(named: name) else {
                transcript.warn(Warning(system: "templates", "no loaded script defines the template '\(name)': the SDK drops the in-app",
                                        path: path.key("templateName"), ignored: name, known: manager.names))
                continue
            }
            guard case .object(let vars)? = inApp["vars"] else { continue }
            let arguments = Dictionary(template.arguments.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
            for (key, value) in vars {
                guard let argument = arguments[key] else {
                    transcript.warn(Warning(system: "templates", "template '\(name)' has no argument '\(key)': the SDK ignores the value",
                                            path: path.key("vars").key(key), ignored: key, known: template.arguments.map(\.name)))
                    continue
                }
                if argument.type != .file && !argument.type.accepts(value) {
                    transcript.warn(Warning(system: "templates",
                                            "argument '\(key)' of template '\(name)' is a \(argument.type.wireName), got \(value.typeName): the SDK keeps its default",
                                            path: path.key("vars").key(key)))
                }
            }
        }
    }
}
