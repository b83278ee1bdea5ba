import Engine
import JSON

/// What a delivered in-app carries that the CleverTap SDK ignores without a word, as warnings
/// (``Engine/Warning``): a custom-code in-app's `templateName` that no loaded script defines (the
/// SDK drops the in-app), a `vars` key that no argument of its template has, a `vars` value of the
/// wrong type (the argument keeps its default), a custom-code action (an action argument's value)
/// naming a template nothing defines, and an in-app member nobody reads. The delivery
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

    /// The members of a server response the SDK reads (`CTConstants.h`'s `*_JSON_RESPONSE_KEY`s and
    /// the response handlers): the in-app lists, caps and mode ctlua simulates, the legacy meta lists,
    /// and what the SDK's other parts read (inbox, display units, feature flags, product config,
    /// geofences, variables, discarded events, the device's id and the request's ack): none of these
    /// is ignored by the SDK, so none warns.
    static let knownResponseMembers: Set<String> = [
        "inapp_notifs", "inapp_notifs_cs", "inapp_notifs_ss", "inapp_notifs_applaunched", "inapp_notifs_meta",
        "inapp_notifs_applaunched_meta", "inapp_stale", "inapp_delivery_mode", "imc", "imp",
        "inbox_notifs", "adUnit_notifs", "ff_notifs", "pc_notifs", "geofences", "vars", "d_e", "ab_exps",
        "g", "_i", "_j", "arp", "evpr", "console", "dbg_lvl", "wzrk_fetch",
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
        if case .object(let response) = payload, !TemplatesSystem.isInApp(response) {
            for key in response.keys where !knownResponseMembers.contains(key) {
                transcript.warn(Warning(system: "templates", "no part of the SDK reads the response member '\(key)'; it is ignored",
                                        path: JSONPath.root.key(key), ignored: key, known: knownResponseMembers.sorted()))
            }
        }
        for (inApp, path) in inApps(of: payload) {
            for key in inApp.keys where !knownMembers.contains(key) {
                transcript.warn(Warning(system: "templates", "no part of the SDK reads the in-app member '\(key)'; it is ignored",
                                        path: path.key(key), ignored: key, known: knownMembers.sorted()))
            }
            guard inApp["type"]?.stringValue == "custom-code" else { continue }
            customCode(inApp, at: path, manager: manager, transcript: transcript, depth: 0)
        }
    }

    /// A custom-code in-app, or a custom-code action of an action argument (`{"actions": {"type":
    /// "custom-code", "templateName": ...}}`, whose template the SDK does not trigger when nothing
    /// defines it): its `templateName`, its `vars` keys and types, the actions inside them.
    static func customCode(_ object: JSONObject, at path: JSONPath, manager: TemplatesManager, transcript: Transcript, depth: Int) {
        guard depth < 8, let name = object["templateName"]?.stringValue else { return }
        guard let template = manager.template(named: name) else {
            let dropped = depth == 0 ? "the SDK drops the in-app" : "the SDK does not trigger the action"
            transcript.warn(Warning(system: "templates", "no loaded script defines the template '\(name)': \(dropped)",
                                    path: path.key("templateName"), ignored: name, known: manager.names))
            return
        }
        guard case .object(let vars)? = object["vars"] else { return }
        let arguments = Dictionary(template.arguments.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        for (key, value) in vars {
            let at = path.key("vars").key(key)
            guard let argument = arguments[key] else {
                transcript.warn(Warning(system: "templates", "template '\(name)' has no argument '\(key)': the SDK ignores the value",
                                        path: at, ignored: key, known: template.arguments.map(\.name)))
                continue
            }
            guard argument.type.accepts(value) else {
                transcript.warn(Warning(system: "templates",
                                        "argument '\(key)' of template '\(name)' is a \(argument.type.wireName), got \(value.typeName): the SDK keeps its default",
                                        path: at))
                continue
            }
            if argument.type == .action, case .object(let actions)? = value["actions"], actions["type"]?.stringValue == "custom-code" {
                customCode(actions, at: at.key("actions"), manager: manager, transcript: transcript, depth: depth + 1)
            }
        }
    }
}
