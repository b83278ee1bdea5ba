import JSON

/// An action as the SDK reads it (`CTNotificationAction initWithJSON:`): the `type`, the `ios`
/// URL, a `kv` dictionary, the custom template of a `custom-code` action, `fbSettings`.
public struct NotificationAction: Equatable, Sendable {
    /// `CTInAppActionType`: an unknown type string is `.unknown` (it reads as `""`).
    public enum ActionType: String, Sendable {
        case unknown = "", close, url, kv, custom = "custom-code", rfp
    }

    /// The custom template of a `custom-code` action (`CTCustomTemplateInAppData`).
    public struct CustomTemplateData: Equatable, Sendable {
        public var templateName: String?
        public var templateId: String?
        public var vars: JSONObject
    }

    public let type: ActionType
    /// The `ios` URL (nil when empty or missing).
    public let actionURL: String?
    /// The `kv` pairs when `kv` is a dictionary.
    public let keyValues: JSONObject?
    /// Only for `custom-code` actions.
    public let customTemplate: CustomTemplateData?
    /// `fbSettings` (`boolValue`), false when missing.
    public let fallbackToSettings: Bool

    /// Reads an action object (the value of `actions`).
    public init(json: JSONObject) {
        type = json["type"]?.stringValue.flatMap(ActionType.init(rawValue:)) ?? .unknown
        let ios = json["ios"]?.stringValue ?? ""
        actionURL = ios.isEmpty ? nil : ios
        keyValues = json["kv"]?.objectValue
        fallbackToSettings = json["fbSettings"].map(FrequencyCaps.boolValue) ?? false
        if type == .custom {
            customTemplate = CustomTemplateData(templateName: json["templateName"]?.stringValue,
                                                templateId: json["templateId"]?.stringValue,
                                                vars: json["vars"]?.objectValue ?? [:])
        } else {
            customTemplate = nil
        }
    }

    /// `initWithOpenURL:`.
    public init(openURL: String) {
        type = .url
        actionURL = openURL
        keyValues = nil
        customTemplate = nil
        fallbackToSettings = false
    }

    /// `initWithCloseAction`.
    public static var close: NotificationAction { NotificationAction(json: ["type": "close"]) }
}
