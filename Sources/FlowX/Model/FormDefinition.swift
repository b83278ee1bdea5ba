import JSON
import OrderedCollections
import SystemKit

/// One validator on a field: `{"name": "min", "params": ["18"], "message": "Too young"}`.
public struct ValidatorSpec: Equatable, Sendable {
    public var name: String
    public var params: [String]
    /// The message the renderer shows under the field when this validator fails.
    public var message: String
    /// `"type": "custom"`: asked of the custom validators even when the name is a built-in's.
    public var isCustom: Bool

    public init(name: String, params: [String] = [], message: String? = nil, isCustom: Bool = false) {
        self.name = name
        self.params = params
        self.message = message ?? "Invalid value (\(name))"
        self.isCustom = isCustom
    }
}

/// A form field: its key in the process data, its label and its validators in order.
public struct FieldDefinition: Equatable, Sendable {
    public var key: String
    public var label: String?
    /// The input type (`text`, `number`, `switch`, `date`...): shown in the headless UI.
    public var type: String
    public var validators: [ValidatorSpec]

    public init(key: String, label: String? = nil, type: String = "text", validators: [ValidatorSpec] = []) {
        self.key = key
        self.label = label
        self.type = type
        self.validators = validators
    }
}

/// A form: `{"id": "personal", "fields": [...]}`.
public struct FormDefinition: Equatable, Sendable {
    public var id: String
    public var fields: [FieldDefinition]

    public init(id: String, fields: [FieldDefinition]) {
        self.id = id
        self.fields = fields
    }

    /// Reads a form from JSON; errors name `file` and the path below `path`.
    /// `fromLua`: the JSON came from a Lua table (an empty table may stand for an empty array).
    public init(json: JSONValue, file: String? = nil, path: SystemKit.JSONPath = .root, fromLua: Bool = false) throws(DefinitionError) {
        try self.init(json, DefinitionReader(file: file, fromLua: fromLua), path)
    }

    init(_ json: JSONValue, _ reader: DefinitionReader, _ path: SystemKit.JSONPath) throws(DefinitionError) {
        let object = try reader.object(json, path)
        try reader.known(object, ["id", "fields"], path)
        id = try reader.string(object["id"], path.key("id"))
        fields = []
        var keys: Set<String> = []
        for (i, field) in try reader.array(object["fields"], path.key("fields")).enumerated() {
            let fieldPath = path.key("fields").index(i)
            let f = try reader.object(field, fieldPath)
            try reader.known(f, ["key", "label", "type", "validators"], fieldPath)
            let key = try reader.string(f["key"], fieldPath.key("key"))
            guard keys.insert(key).inserted else { throw reader.fail(fieldPath.key("key"), "duplicate field key \(JSONWriter.quote(key))") }
            var validators: [ValidatorSpec] = []
            if let list = f["validators"] {
                for (j, v) in try reader.array(list, fieldPath.key("validators")).enumerated() {
                    validators.append(try ValidatorSpec(v, reader, fieldPath.key("validators").index(j)))
                }
            }
            fields.append(FieldDefinition(key: key, label: try reader.optionalString(f["label"], fieldPath.key("label")),
                                          type: try reader.optionalString(f["type"], fieldPath.key("type")) ?? "text",
                                          validators: validators))
        }
    }
}

extension ValidatorSpec {
    init(_ json: JSONValue, _ reader: DefinitionReader, _ path: SystemKit.JSONPath) throws(DefinitionError) {
        let v = try reader.object(json, path)
        try reader.known(v, ["name", "params", "message", "type", "async"], path)
        let name = try reader.string(v["name"], path.key("name"))
        let type = try reader.optionalString(v["type"], path.key("type"))
        if let type, type != "custom", type != "builtIn" {
            throw reader.fail(path.key("type"), "expected \"custom\" or \"builtIn\", got \(JSONWriter.quote(type))")
        }
        _ = try reader.bool(v["async"], path.key("async"), default: false)   // documentation only: the validator decides
        self.init(name: name, params: try reader.params(v["params"], path.key("params")),
                  message: try reader.optionalString(v["message"], path.key("message")), isCustom: type == "custom")
    }
}
