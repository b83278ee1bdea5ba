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
    public init(json: JSONValue) throws(LocatedProblem) {
        let reader = JSONReader(value: json)
        let o = try reader.object(json, at: .root)
        let kind = try reader.optionalString(o["kind"] ?? o["type"], at: .root.key("kind"), nonEmpty: true) ?? ""
        let value = try reader.string(o["value"], at: .root.key("value"), nonEmpty: true)
        let payload = o["customPayload"] ?? .object([:])
        switch kind {
        case "screen": self = .screen(value: value, customPayload: payload)
        case "action":
            self = .action(value: value, component: try reader.optionalString(o["component"], at: .root.key("component"), nonEmpty: true),
                           label: try reader.optionalString(o["label"], at: .root.key("label"), nonEmpty: true),
                           screen: try reader.optionalString(o["screen"], at: .root.key("screen"), nonEmpty: true), customPayload: payload)
        default: throw reader.problem("expected \"screen\" or \"action\"", at: .root.key("kind"))
        }
    }
}
