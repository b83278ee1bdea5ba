import JSON
import OrderedCollections

/// A plugin as `plugin_configurations.json` describes it: its manifest and its configuration.
///
/// Only the manifest fields that matter to hooks are read; the whole manifest stays available in
/// ``manifest``. General settings (`general.fields`) take their `initial_value`, overridden by the
/// value of the same key in `configuration_json` (what the app's builder configured).
public struct PluginModel: Equatable, Sendable {
    /// `plugin.identifier`: what river hook entries name.
    public var identifier: String
    /// `plugin.type` (`general`, `login`...).
    public var type: String?
    /// `plugin.name`.
    public var name: String?
    /// `plugin.screen`: a hook screen plugin (presented as a screen during its hook).
    public var isScreen: Bool
    /// `plugin.preload`: the plugin can be used as a hook ("Add key to your plugin manifest. This
    /// key will allow to define plugin as prehook"); absent in the file: false.
    public var preload: Bool
    /// `plugin.react_native`.
    public var reactNative: Bool
    /// `plugin.api.class_name`.
    public var className: String?
    /// `plugin.api.require_startup_execution` (Zapp-Frameworks `ZPPluginModel.pluginRequireStartupExecution`:
    /// `api[...] as? Bool ?? false`): only such a plugin is an app-loading hook.
    public var requireStartupExecution: Bool {
        manifest["api"]?["require_startup_execution"]?.boolValue ?? false
    }
    /// The whole manifest (`plugin`).
    public var manifest: JSONObject
    /// `configuration_json`.
    public var configuration: JSONObject

    public init(identifier: String, type: String? = nil, name: String? = nil, isScreen: Bool = false, preload: Bool = true,
                reactNative: Bool = false, className: String? = nil, manifest: JSONObject = [:], configuration: JSONObject = [:]) {
        self.identifier = identifier
        self.type = type
        self.name = name
        self.isScreen = isScreen
        self.preload = preload
        self.reactNative = reactNative
        self.className = className
        self.manifest = manifest.isEmpty ? ["identifier": .string(identifier)] : manifest
        self.configuration = configuration
    }

    /// The effective general settings: each `general.fields` entry's `initial_value`, overridden
    /// by `configuration_json`'s value for the same key.
    public var general: JSONObject {
        var values: JSONObject = [:]
        for field in manifest["general"]?["fields"]?.arrayValue ?? [] {
            guard let key = field["key"]?.stringValue, let initial = field["initial_value"] else { continue }
            values[key] = initial
        }
        for (key, value) in configuration { values[key] = value }
        return values
    }

    /// The `is_flow_blocker` general setting (false when absent or not a boolean).
    public var isFlowBlocker: Bool { general["is_flow_blocker"]?.boolValue ?? false }

    /// The model as JSON (`self.pluginModel` in Lua).
    public var json: JSONValue {
        [
            "identifier": .string(identifier), "type": type.map { .string($0) } ?? .null,
            "name": name.map { .string($0) } ?? .null, "screen": .bool(isScreen), "preload": .bool(preload),
            "react_native": .bool(reactNative), "class_name": className.map { .string($0) } ?? .null,
            "require_startup_execution": .bool(requireStartupExecution),
            "general": .object(general), "configuration": .object(configuration), "manifest": .object(manifest),
        ]
    }

    /// Parses `plugin_configurations.json`: an array of `{"plugin": manifest, "configuration_json": {...}}`.
    /// An entry whose `plugin.identifier` is not a string is an error naming its path; unknown
    /// manifest fields are kept and ignored.
    public static func parseConfigurations(_ document: JSONValue, file: String? = "plugin_configurations.json") throws(LocatedProblem) -> [PluginModel] {
        try parseConfigurations(JSONReader(file: file, value: document))
    }

    /// Parses `plugin_configurations.json` as `reader` reads it (problems located in its text).
    public static func parseConfigurations(_ reader: JSONReader) throws(LocatedProblem) -> [PluginModel] {
        let entries = try reader.array(reader.root, at: .root, expected: #"an array of {"plugin": ..., "configuration_json": ...}"#)
        var models: [PluginModel] = []
        for (i, entry) in entries.enumerated() {
            let at = JSONPath.root.index(i)
            let object = try reader.object(entry, at: at)
            let plugin = try reader.object(object["plugin"], at: at.key("plugin"))
            let identifier = try reader.string(plugin["identifier"], at: at.key("plugin").key("identifier"))
            let configuration = try reader.optionalObject(object["configuration_json"], at: at.key("configuration_json")) ?? [:]
            func string(_ key: String) throws(LocatedProblem) -> String? {
                try reader.optionalString(plugin[key], at: at.key("plugin").key(key))
            }
            func flag(_ key: String, default fallback: Bool) throws(LocatedProblem) -> Bool {
                try reader.bool(plugin[key], at: at.key("plugin").key(key), default: fallback)
            }
            if let general = try reader.optionalObject(plugin["general"], at: at.key("plugin").key("general")) {
                _ = try reader.optionalArray(general["fields"], at: at.key("plugin").key("general").key("fields"))
            }
            models.append(PluginModel(
                identifier: identifier, type: try string("type"), name: try string("name"),
                isScreen: try flag("screen", default: false), preload: try flag("preload", default: false),
                reactNative: try flag("react_native", default: false),
                className: plugin["api"]?["class_name"]?.stringValue, manifest: plugin, configuration: configuration))
        }
        return models
    }
}
