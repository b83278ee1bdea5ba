import JSON

/// An empty Lua table converts to JSON `{}`: where the SDK expects an array, a table written
/// in Lua means an empty array. The experience decoder reads `{}` as `[]` for its own arrays
/// (``JSONReader/emptyObjectIsArray``); the action configs it does not read (opaque JSON handed
/// to each action) are normalized here: `@appcues/conditional`'s `checks` and each check's
/// `actions` (and the conditionals nested in them), so a `{}` in a conditional's `actions` is
/// no action instead of a config the SDK's decoder refuses (which dropped the conditional).
enum LuaEmptyTables {
    /// The most nested levels walked (deeper configs are left as they are).
    static let maxDepth = 64

    /// An experience (table from Lua): every action list of every step and group normalized.
    static func experience(_ json: JSONValue) -> JSONValue {
        guard case .object(var root) = json else { return json }
        if let steps = root["steps"]?.arrayValue { root["steps"] = .array(steps.map { step($0, depth: 0) }) }
        return .object(root)
    }

    private static func step(_ json: JSONValue, depth: Int) -> JSONValue {
        guard depth < maxDepth, case .object(var object) = json else { return json }
        if case .object(let map)? = object["actions"] {
            object["actions"] = .object(map.mapValues { actions($0, depth: depth + 1) })
        }
        if let children = object["children"]?.arrayValue { object["children"] = .array(children.map { step($0, depth: depth + 1) }) }
        return .object(object)
    }

    /// An action list: `{}` is `[]`; each action's config normalized.
    static func actions(_ json: JSONValue, depth: Int = 0) -> JSONValue {
        if json == .object([:]) { return .array([]) }
        guard depth < maxDepth, let list = json.arrayValue else { return json }
        return .array(list.map { action($0, depth: depth + 1) })
    }

    private static func action(_ json: JSONValue, depth: Int) -> JSONValue {
        guard case .object(var object) = json, object["type"]?.stringValue == "@appcues/conditional",
              case .object(var config)? = object["config"] else { return json }
        if config["checks"] == .object([:]) { config["checks"] = .array([]) }
        if let checks = config["checks"]?.arrayValue {
            config["checks"] = .array(checks.map { check in
                guard case .object(var c) = check, let list = c["actions"] else { return check }
                c["actions"] = actions(list, depth: depth + 1)
                return .object(c)
            })
        }
        object["config"] = .object(config)
        return .object(object)
    }
}
