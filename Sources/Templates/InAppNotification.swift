import JSON

/// One in-app notification of the queue, as the server sent it.
///
/// Only `type == "custom-code"` carries template data (`templateName`, `vars`).
/// The queue keeps delivery order; `priority` and `ti` only select among eligible
/// client-side in-apps (`InAppEvaluator.sortByPriority`).
public struct InAppNotification: Equatable, Sendable {
    /// The notification object as received (what `templates.displayed()` returns).
    public var json: JSONValue { storage.json }
    /// The `wzrk_id` (or an id the controller assigned when missing).
    public var id: String { storage.id }
    /// True for an in-app spawned by a `custom-code` action of another one.
    public var isAction: Bool { storage.isAction }
    /// `id`, `template` and `ti` when present: the fields every in-app transcript event starts
    /// with (`InAppController.fields`). Built once here: an in-app's queued, presenting,
    /// presented and dismissed events share this object (derived from `json` and `id` alone).
    var eventFields: JSONObject { storage.eventFields }

    /// The notification's fields in one shared, immutable object: the queue, the prepared
    /// in-app, the displayed one and its context each hold a copy (six copies and five
    /// destructions per in-app), and a copy is then one reference count, not one for `json`,
    /// `id` and each of the event fields' two arrays.
    private final class Storage: Sendable {
        let json: JSONValue
        let id: String
        let isAction: Bool
        let eventFields: JSONObject

        init(json: JSONValue, id: String, isAction: Bool, eventFields: JSONObject) {
            self.json = json
            self.id = id
            self.isAction = isAction
            self.eventFields = eventFields
        }
    }
    private let storage: Storage

    /// Wraps a notification object.
    public init(json: JSONValue, id: String? = nil, isAction: Bool = false) {
        let id = id ?? Self.wireId(of: json) ?? ""
        // Room for the fields callers add (`reason`, `message`), without a literal's intermediate array.
        var fields = JSONObject(minimumCapacity: 4)
        fields["id"] = .string(id)
        fields["template"] = json["templateName"]?.stringValue.map(JSONValue.string) ?? .null
        if let ti = json["ti"] { fields["ti"] = ti }
        storage = Storage(json: json, id: id, isAction: isAction, eventFields: fields)
    }

    /// Equal notifications: the same object, id and action flag (the event fields derive from
    /// the object and the id).
    public static func == (lhs: InAppNotification, rhs: InAppNotification) -> Bool {
        lhs.storage === rhs.storage
            || (lhs.id == rhs.id && lhs.isAction == rhs.isAction && lhs.json == rhs.json)
    }

    /// The `wzrk_id` of a notification object, when it has one (strings, or numbers as text).
    static func wireId(of json: JSONValue) -> String? {
        switch json["wzrk_id"] {
        case .string(let s)?: return s
        case .integer(let i)?: return String(i)
        default: return nil
        }
    }

    /// The `type` (`custom-code` for templates).
    public var type: String? { json["type"]?.stringValue }
    /// The in-app types the SDK knows (`CTInAppUtils inAppTypeStringToTypeMap`); ctlua presents
    /// only `custom-code` and skips the others as native.
    public static var typeNames: [String] { knownTypes }
    /// Made once (not an array per `hasKnownType`).
    static let knownTypes = ["html", "interstitial", "cover", "header-template", "footer-template", "half-interstitial",
                             "alert-template", "interstitial-image", "half-interstitial-image", "cover-image", "custom-code", "pip"]
    /// False when `type` is present but not one of ``typeNames`` (the SDK's "Unknown InApp Type"
    /// parse error). A missing `type` is the SDK's legacy (HTML) form: known.
    public var hasKnownType: Bool {
        switch json["type"] {
        case nil, .null?: return true
        case .string(let s)?: return s == "custom-code" || Self.knownTypes.contains(s)
        default: return false
        }
    }
    /// The `templateName`.
    public var templateName: String? { json["templateName"]?.stringValue }
    /// The `priority`, default 1.
    public var priority: Double { json["priority"]?.doubleValue ?? 1 }
    /// The `ti` (creation time), default 0.
    public var ti: Double { json["ti"]?.doubleValue ?? 0 }
    /// `rfp` (`boolValue`, false when missing): read for every type, as `initWithJSON:` does.
    public var isRequestForPushPermission: Bool { json["rfp"].map(FrequencyCaps.boolValue) ?? false }
    /// The `vars` overriding argument defaults.
    public var vars: JSONObject { json["vars"]?.objectValue ?? [:] }

    /// The persisted form: `{"id", "isAction", "notification"}`.
    var persisted: JSONValue {
        .object(["id": .string(id), "isAction": .bool(isAction), "notification": json])
    }

    /// Reads the persisted form; nil when malformed.
    init?(persisted: JSONValue) {
        guard let id = persisted["id"]?.stringValue, let isAction = persisted["isAction"]?.boolValue,
            let json = persisted["notification"], json.objectValue != nil
        else { return nil }
        self.init(json: json, id: id, isAction: isAction)
    }
}
