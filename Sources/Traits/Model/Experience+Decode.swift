import Foundation
import JSON

extension Experience {
    /// Decodes an experience JSON as the SDK does: a step with `children` is a group, any other a
    /// single step (each with a string `id` and `type`); each `traits` array holds objects with a
    /// string `type` and an optional `config`; the same type twice in one array refuses the
    /// experience. A step's `content` decodes as the SDK's components (strict: UUID ids, each
    /// type's required keys) and its `actions` as `{on, type, config}` lists. ctlua is lenient
    /// where the SDK's strictness would only get in the way of tests: the experience's `name` and
    /// `type`, `traits` arrays, `actions` and `content` may be absent, ids need not be UUIDs, and
    /// an empty object stands for an empty array (a Lua `{}`).
    public static func decode(_ json: JSONValue) throws(ExperienceDecodingError) -> Experience {
        let root = try object(json, "$")
        let id = try string(root, "id", "")
        let traits = try traitList(root["traits"], "traits")
        guard let stepsValue = root["steps"] else { throw ExperienceDecodingError(path: "steps", message: "missing required key") }
        guard case .array(let items) = emptyAsArray(stepsValue) else {
            throw ExperienceDecodingError(path: "steps", message: "expected an array, got \(stepsValue.typeName)")
        }
        var steps: [Step] = []
        for (index, item) in items.enumerated() {
            steps.append(try step(item, "steps[\(index)]"))
        }
        var experience = Experience(id: id, name: root["name"]?.stringValue ?? "", type: root["type"]?.stringValue ?? "mobile",
                                    traits: traits, steps: steps)
        // As the SDK: these decode with `try?` (a wrong type is as if absent).
        experience.publishedAt = root["publishedAt"]?.integerValue
        if case .object(let context)? = root["context"] {
            experience.context = Context(localeId: context["localeId"]?.stringValue, localeName: context["localeName"]?.stringValue,
                                         workflowId: context["workflowId"]?.stringValue, workflowTaskId: context["workflowTaskId"]?.stringValue)
        }
        experience.redirectURL = root["redirectUrl"]?.stringValue
        experience.nextContentID = root["nextContentId"]?.stringValue
        let eligible = traits + (steps.first?.traits ?? [])
        if let embed = eligible.first(where: { $0.type == "@appcues/embedded" }), let frame = embed.config?["frameID"]?.stringValue {
            experience.renderContext = "embed:" + frame
        }
        return experience
    }

    /// Decodes experience JSON text.
    public static func decode(text: String) throws -> Experience {
        try decode(try JSONValue.decode(text))
    }

    private static func step(_ json: JSONValue, _ path: String) throws(ExperienceDecodingError) -> Step {
        let object = try object(json, path)
        if let children = object["children"] {
            guard case .array(let items) = emptyAsArray(children) else {
                throw ExperienceDecodingError(path: path + ".children", message: "expected an array, got \(children.typeName)")
            }
            var decoded: [Child] = []
            for (index, item) in items.enumerated() {
                decoded.append(try child(try self.object(item, "\(path).children[\(index)]"), "\(path).children[\(index)]"))
            }
            return .group(Group(id: try string(object, "id", path), type: try string(object, "type", path), children: decoded,
                                traits: try traitList(object["traits"], path + ".traits"), actions: try actionMap(object["actions"], path)))
        }
        return .child(try child(object, path))
    }

    private static func child(_ object: JSONObject, _ path: String) throws(ExperienceDecodingError) -> Child {
        let content = try object["content"].map { (json) throws(ExperienceDecodingError) in
            try ExperienceComponent.decode(json, path: path + ".content")
        }
        return Child(id: try string(object, "id", path), type: try string(object, "type", path),
                     traits: try traitList(object["traits"], path + ".traits"), actions: try actionMap(object["actions"], path),
                     content: content)
    }

    /// An `actions` map (absent: empty): id → `[{on, type, config}]`; UUID keys lower-cased.
    private static func actionMap(_ json: JSONValue?, _ stepPath: String) throws(ExperienceDecodingError) -> [String: [Action]] {
        guard let json, !json.isNull else { return [:] }
        let path = stepPath + ".actions"
        let object = try self.object(json, path)
        var map: [String: [Action]] = [:]
        for (key, value) in object {
            let keyPath = "\(path).\(key)"
            guard case .array(let items) = emptyAsArray(value) else {
                throw ExperienceDecodingError(path: keyPath, message: "expected an array, got \(value.typeName)")
            }
            var actions: [Action] = []
            for (index, item) in items.enumerated() {
                let itemPath = "\(keyPath)[\(index)]"
                let action = try self.object(item, itemPath)
                actions.append(Action(trigger: try string(action, "on", itemPath), type: try string(action, "type", itemPath),
                                      config: action["config"]))
            }
            map[Experience.formatted(key), default: []] += actions
        }
        return map
    }

    /// An id as the SDK formats it in maps and analytics: a UUID lower-cased, any other as it is.
    public static func formatted(_ id: String) -> String {
        UUID(uuidString: id).map { $0.uuidString.lowercased() } ?? id
    }

    /// A `traits` array (absent: empty); duplicate types refuse it with the SDK's message.
    private static func traitList(_ json: JSONValue?, _ path: String) throws(ExperienceDecodingError) -> [Trait] {
        guard let json else { return [] }
        guard case .array(let items) = emptyAsArray(json) else {
            throw ExperienceDecodingError(path: path, message: "expected an array, got \(json.typeName)")
        }
        var traits: [Trait] = []
        var seen: Set<String> = []
        var duplicates: [String] = []
        for (index, item) in items.enumerated() {
            let itemPath = "\(path)[\(index)]"
            let object = try object(item, itemPath)
            let type = try string(object, "type", itemPath)
            if seen.insert(type).inserted {
                traits.append(Trait(type: type, config: object["config"]))
            } else if !duplicates.contains(type) {
                duplicates.append(type)
            }
        }
        if !duplicates.isEmpty {
            throw ExperienceDecodingError(path: path, message: "multiple traits of same type are not supported: \(duplicates.joined(separator: ","))")
        }
        return traits
    }

    /// An empty object stands for an empty array: a Lua `{}` converts to `{}`.
    private static func emptyAsArray(_ json: JSONValue) -> JSONValue {
        if case .object(let object) = json, object.isEmpty { return .array([]) }
        return json
    }

    private static func object(_ json: JSONValue, _ path: String) throws(ExperienceDecodingError) -> JSONObject {
        guard case .object(let object) = json else {
            throw ExperienceDecodingError(path: path, message: "expected an object, got \(json.typeName)")
        }
        return object
    }

    private static func string(_ object: JSONObject, _ key: String, _ path: String) throws(ExperienceDecodingError) -> String {
        let keyPath = path == "" || path == "$" ? key : "\(path).\(key)"
        guard let value = object[key] else { throw ExperienceDecodingError(path: keyPath, message: "missing required key") }
        guard case .string(let string) = value else {
            throw ExperienceDecodingError(path: keyPath, message: "expected a string, got \(value.typeName)")
        }
        return string
    }
}
