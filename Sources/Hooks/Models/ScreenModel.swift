import JSON
import OrderedCollections

/// One entry of a screen's `hooks.preload_plugins` (or `postload_plugins`) in `river.json`.
public struct HookEntry: Equatable, Sendable {
    /// The plugin's identifier (matches `plugin.identifier` in `plugin_configurations.json`).
    public var identifier: String
    /// The plugin's type.
    public var type: String
    /// The river screen of a hook screen plugin (`screen_id`), when it is a string.
    public var screenId: String?
    /// `weight`, when it is a number (kept for reference; the order of the array is the order of execution).
    public var weight: Double?

    public init(identifier: String, type: String, screenId: String? = nil, weight: Double? = nil) {
        self.identifier = identifier
        self.type = type
        self.screenId = screenId
        self.weight = weight
    }

    /// The entry as the SDK reads it: nil when `identifier` or `type` is not a string (the SDK
    /// ignores such entries); a `screen_id` that is not a string is dropped (the entry stays, as a
    /// plain hook).
    init?(_ value: JSONValue) {
        guard let identifier = value["identifier"]?.stringValue, let type = value["type"]?.stringValue else { return nil }
        self.init(identifier: identifier, type: type, screenId: value["screen_id"]?.stringValue, weight: value["weight"]?.doubleValue)
    }

    var json: JSONValue {
        var object: JSONObject = ["identifier": .string(identifier), "type": .string(type)]
        if let screenId { object["screen_id"] = .string(screenId) }
        if let weight { object["weight"] = .double(weight) }
        return .object(object)
    }
}

/// A screen of `river.json`: its id, name, type, general settings and hooks.
public struct ScreenModel: Equatable, Sendable {
    public var id: String
    public var name: String?
    public var type: String?
    /// `general` (a hook screen's own settings, e.g. `is_flow_blocker`).
    public var general: JSONObject
    /// `hooks.preload_plugins`, malformed entries left out.
    public var preloadPlugins: [HookEntry]
    /// `hooks.postload_plugins` (run after the screen is presented), malformed entries left out.
    public var postloadPlugins: [HookEntry]
    /// How many hook entries were ignored because they were malformed.
    public var ignoredEntries: Int
    /// Where those entries are in the river (`[0].hooks.preload_plugins[1]`), for the warnings.
    public var ignoredPaths: [JSONPath] = []
    /// The whole river entry.
    public var raw: JSONObject

    public init(id: String, name: String? = nil, type: String? = nil, general: JSONObject = [:],
                preloadPlugins: [HookEntry] = [], postloadPlugins: [HookEntry] = [], ignoredEntries: Int = 0, raw: JSONObject = [:]) {
        self.id = id
        self.name = name
        self.type = type
        self.general = general
        self.preloadPlugins = preloadPlugins
        self.postloadPlugins = postloadPlugins
        self.ignoredEntries = ignoredEntries
        self.raw = raw.isEmpty ? ["id": .string(id)] : raw
    }

    /// The model as JSON (`self.screenModel` in Lua).
    public var json: JSONValue {
        [
            "id": .string(id), "name": name.map { .string($0) } ?? .null, "type": type.map { .string($0) } ?? .null,
            "general": .object(general),
            "hooks": ["preload_plugins": .array(preloadPlugins.map(\.json)), "postload_plugins": .array(postloadPlugins.map(\.json))],
        ]
    }

    /// Parses river screens: an array of screen objects. A screen must have a string `id`;
    /// `hooks` may be absent, null or empty; malformed hook entries are ignored as the SDK
    /// ignores them; a `hooks` or `*_plugins` member of the wrong type is an error naming its path.
    public static func parseRiver(_ document: JSONValue, file: String? = "river.json") throws(LocatedProblem) -> [ScreenModel] {
        try parseRiver(JSONReader(file: file, value: document))
    }

    /// Parses river screens as `reader` reads them (problems located in its text).
    public static func parseRiver(_ reader: JSONReader) throws(LocatedProblem) -> [ScreenModel] {
        var screens: [ScreenModel] = []
        var seen: Set<String> = []
        for (i, entry) in try reader.array(reader.root, at: .root, expected: "an array of screens").enumerated() {
            let at = JSONPath.root.index(i)
            guard let object = entry.objectValue else { throw reader.problem("expected a screen object, got \(entry.typeName)", at: at) }
            let id = try reader.string(object["id"], at: at.key("id"))
            guard seen.insert(id).inserted else { throw reader.problem("duplicate screen id \(JSONWriter.quote(id))", at: at.key("id")) }
            let general = try reader.optionalObject(object["general"], at: at.key("general")) ?? [:]
            var lists: [String: [HookEntry]] = [:]
            var ignored: [JSONPath] = []
            if let hooks = try reader.optionalObject(object["hooks"], at: at.key("hooks")) {
                for key in ["preload_plugins", "postload_plugins"] {
                    guard let items = try reader.optionalArray(hooks[key], at: at.key("hooks").key(key)) else { continue }
                    var parsed: [HookEntry] = []
                    for (index, item) in items.enumerated() {
                        if let entry = HookEntry(item) { parsed.append(entry) } else { ignored.append(at.key("hooks").key(key).index(index)) }
                    }
                    lists[key] = parsed
                }
            }
            var screen = ScreenModel(
                id: id, name: object["name"]?.stringValue, type: object["type"]?.stringValue, general: general,
                preloadPlugins: lists["preload_plugins"] ?? [], postloadPlugins: lists["postload_plugins"] ?? [],
                ignoredEntries: ignored.count, raw: object)
            screen.ignoredPaths = ignored
            screens.append(screen)
        }
        return screens
    }
}
