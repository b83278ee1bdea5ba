import JSON
import OrderedCollections

/// An analytics event the renderer collects: a screen shown or an action run.
public enum AnalyticsEvent: Equatable, Sendable {
    case screen(value: String, customPayload: JSONValue)
    case action(value: String, component: String?, label: String?, screen: String?, customPayload: JSONValue)

    /// `screen` or `action`.
    public var kind: String {
        if case .screen = self { return "screen" } else { return "action" }
    }

    /// `{"kind": "action", "value": ..., "component": ..., "label": ..., "screen": ..., "customPayload": {...}}`.
    public var json: JSONObject {
        switch self {
        case .screen(let value, let payload):
            return ["kind": "screen", "value": .string(value), "customPayload": payload]
        case .action(let value, let component, let label, let screen, let payload):
            var o: JSONObject = ["kind": "action", "value": .string(value)]
            if let component { o["component"] = .string(component) }
            if let label { o["label"] = .string(label) }
            if let screen { o["screen"] = .string(screen) }
            o["customPayload"] = payload
            return o
        }
    }

    /// Reads `{"kind"|"type": "screen"|"action", "value": ..., ...}` (what `flowx.collect` takes).
    public init(json: JSONValue) throws(DefinitionError) {
        let reader = DefinitionReader()
        let o = try reader.object(json, .root)
        let kind = try reader.optionalString(o["kind"] ?? o["type"], .root.key("kind")) ?? ""
        let value = try reader.string(o["value"], .root.key("value"))
        let payload = o["customPayload"] ?? .object([:])
        switch kind {
        case "screen": self = .screen(value: value, customPayload: payload)
        case "action":
            self = .action(value: value, component: try reader.optionalString(o["component"], .root.key("component")),
                           label: try reader.optionalString(o["label"], .root.key("label")),
                           screen: try reader.optionalString(o["screen"], .root.key("screen")), customPayload: payload)
        default: throw reader.fail(.root.key("kind"), "expected \"screen\" or \"action\"")
        }
    }
}
