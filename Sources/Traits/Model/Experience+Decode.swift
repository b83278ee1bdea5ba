import Foundation
import JSON

extension Experience {
    /// Decodes an experience JSON as the SDK does: a step with `children` is a group, any other a
    /// single step; each `traits` array holds objects with a string `type` and an optional
    /// `config`; the same type twice in one array refuses the experience. By default (`strict`)
    /// as strictly as the SDK's `Decodable` models (``checkStrictly(_:)``): the experience's,
    /// groups' and steps' ids are UUIDs, and the experience's `name`, `type`, `traits`, `steps`,
    /// each group's `type`, `children`, `traits`, `actions` and each step's `type`, `traits`,
    /// `actions`, `content` are required. A step's `content` decodes as the SDK's components
    /// (UUID ids, each type's required keys) and its `actions` as `{on, type, config}` lists.
    /// `strict: false` is ctlua's own lenient decoding (the SDK has none): ids need only be
    /// strings, and `name`, `type`, `traits`, `actions` and `content` may be absent. An empty
    /// object stands for an empty array (a Lua `{}`).
    public static func decode(_ json: JSONValue, strict: Bool = true) throws(LocatedProblem) -> Experience {
        try decode(JSONReader(value: json, emptyObjectIsArray: true), strict: strict)
    }

    /// Decodes the experience `reader` reads (problems located in its text, when it has one);
    /// `strict` (the default): as strictly as the SDK (``checkStrictly(_:)``).
    public static func decode(_ reader: JSONReader, strict: Bool = true) throws(LocatedProblem) -> Experience {
        var reader = reader
        reader.emptyObjectIsArray = true
        if strict {
            do { try checkStrictly(reader) } catch { throw error.problem }
        }
        let root = try reader.object(reader.root, at: .root)
        let id = try reader.string(root["id"], at: .root.key("id"))
        let traits = try traitList(reader, root["traits"], .root.key("traits"))
        var steps: [Step] = []
        for (index, item) in try reader.array(root["steps"], at: .root.key("steps")).enumerated() {
            steps.append(try step(reader, item, .root.key("steps").index(index)))
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
        // As the SDK: only an embedded trait whose config decodes makes the experience embedded.
        if let embed = eligible.first(where: { $0.type == "@appcues/embedded" }), let frame = embed.config?["frameID"]?.stringValue,
           [nil, .null, .string("none"), .string("fade")].contains(embed.config?["transition"]) {
            experience.renderContext = "embed:" + frame
        }
        return experience
    }

    /// Decodes experience JSON text (`strict` by default).
    public static func decode(text: String, strict: Bool = true) throws -> Experience {
        try decode(JSONReader(file: nil, bytes: Array(text.utf8)), strict: strict)
    }

    private static func step(_ reader: JSONReader, _ json: JSONValue, _ path: JSONPath) throws(LocatedProblem) -> Step {
        let object = try reader.object(json, at: path)
        if let children = object["children"] {
            var decoded: [Child] = []
            for (index, item) in try reader.array(children, at: path.key("children")).enumerated() {
                let itemPath = path.key("children").index(index)
                decoded.append(try child(reader, try reader.object(item, at: itemPath), itemPath))
            }
            return .group(Group(id: try reader.string(object["id"], at: path.key("id")),
                                type: try reader.string(object["type"], at: path.key("type")), children: decoded,
                                traits: try traitList(reader, object["traits"], path.key("traits")),
                                actions: try actionMap(reader, object["actions"], path.key("actions"))))
        }
        return .child(try child(reader, object, path))
    }

    private static func child(_ reader: JSONReader, _ object: JSONObject, _ path: JSONPath) throws(LocatedProblem) -> Child {
        let content = try object["content"].map { (json) throws(LocatedProblem) in
            try ExperienceComponent.decode(json, reader: reader, path: path.key("content"))
        }
        return Child(id: try reader.string(object["id"], at: path.key("id")), type: try reader.string(object["type"], at: path.key("type")),
                     traits: try traitList(reader, object["traits"], path.key("traits")),
                     actions: try actionMap(reader, object["actions"], path.key("actions")), content: content)
    }

    /// An `actions` map (absent: empty): id → `[{on, type, config}]`; UUID keys lower-cased.
    private static func actionMap(_ reader: JSONReader, _ json: JSONValue?, _ path: JSONPath) throws(LocatedProblem) -> [String: [Action]] {
        guard let object = try reader.optionalObject(json, at: path) else { return [:] }
        var map: [String: [Action]] = [:]
        for (key, value) in object {
            var actions: [Action] = []
            for (index, item) in try reader.array(value, at: path.key(key)).enumerated() {
                let itemPath = path.key(key).index(index)
                let action = try reader.object(item, at: itemPath)
                actions.append(Action(trigger: try reader.string(action["on"], at: itemPath.key("on")),
                                      type: try reader.string(action["type"], at: itemPath.key("type")), config: action["config"]))
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
    private static func traitList(_ reader: JSONReader, _ json: JSONValue?, _ path: JSONPath) throws(LocatedProblem) -> [Trait] {
        guard let json else { return [] }
        var traits: [Trait] = []
        var seen: Set<String> = []
        var duplicates: [String] = []
        for (index, item) in try reader.array(json, at: path).enumerated() {
            let object = try reader.object(item, at: path.index(index))
            let type = try reader.string(object["type"], at: path.index(index).key("type"))
            if seen.insert(type).inserted {
                traits.append(Trait(type: type, config: object["config"]))
            } else if !duplicates.contains(type) {
                duplicates.append(type)
            }
        }
        if !duplicates.isEmpty {
            throw reader.problem("multiple traits of same type are not supported: \(duplicates.joined(separator: ","))", at: path)
        }
        return traits
    }
}
