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
            "general": .object(general), "configuration": .object(configuration), "manifest": .object(manifest),
        ]
    }

    /// Parses `plugin_configurations.json`: an array of `{"plugin": manifest, "configuration_json": {...}}`.
    /// An entry whose `plugin.identifier` is not a string is an error naming its path; unknown
    /// manifest fields are kept and ignored.
    public static func parseConfigurations(_ document: JSONValue, file: String = "plugin_configurations.json") throws(HooksFileError) -> [PluginModel] {
        func fail(_ path: DocumentPath, _ message: String) -> HooksFileError {
            HooksFileError(file: file, path: path.description, message: message)
        }
        guard let entries = document.arrayValue else {
            throw fail(.root, "expected an array of {\"plugin\": ..., \"configuration_json\": ...}, got \(document.typeName)")
        }
        var models: [PluginModel] = []
        for (i, entry) in entries.enumerated() {
            let at = DocumentPath.root.index(i)
            guard let object = entry.objectValue else { throw fail(at, "expected an object, got \(entry.typeName)") }
            guard let pluginValue = object["plugin"] else { throw fail(at.key("plugin"), "missing required key") }
            guard let plugin = pluginValue.objectValue else {
                throw fail(at.key("plugin"), "expected an object, got \(pluginValue.typeName)")
            }
            guard let identifierValue = plugin["identifier"] else { throw fail(at.key("plugin").key("identifier"), "missing required key") }
            guard let identifier = identifierValue.stringValue else {
                throw fail(at.key("plugin").key("identifier"), "expected a string, got \(identifierValue.typeName)")
            }
            var configuration: JSONObject = [:]
            if let value = object["configuration_json"], !value.isNull {
                guard let config = value.objectValue else {
                    throw fail(at.key("configuration_json"), "expected an object, got \(value.typeName)")
                }
                configuration = config
            }
            func string(_ key: String) throws(HooksFileError) -> String? {
                guard let value = plugin[key], !value.isNull else { return nil }
                guard let s = value.stringValue else { throw fail(at.key("plugin").key(key), "expected a string, got \(value.typeName)") }
                return s
            }
            func flag(_ key: String, default def: Bool) throws(HooksFileError) -> Bool {
                guard let value = plugin[key], !value.isNull else { return def }
                guard let b = value.boolValue else { throw fail(at.key("plugin").key(key), "expected a boolean, got \(value.typeName)") }
                return b
            }
            if let general = plugin["general"], !general.isNull {
                guard general.objectValue != nil else { throw fail(at.key("plugin").key("general"), "expected an object, got \(general.typeName)") }
                if let fields = general["fields"], fields.arrayValue == nil, !fields.isNull {
                    throw fail(at.key("plugin").key("general").key("fields"), "expected an array, got \(fields.typeName)")
                }
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
