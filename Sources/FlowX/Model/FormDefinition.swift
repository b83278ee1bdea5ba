import JSON
import OrderedCollections
import SystemKit

/// One validator on a field: `{"name": "min", "params": ["18"], "message": "Too young"}`.
public struct ValidatorSpec: Equatable, Sendable {
    public var name: String { didSet { parse() } }
    /// The built-in validator `name` names, parsed once (a string switch per judgement was 4% of a
    /// B9 submit); nil for other names. Used unless `isCustom`.
    private(set) var builtIn: BuiltInValidator?
    /// `minLength`/`maxLength`'s bound, parsed once from `params` when it is valid (nil otherwise:
    /// the judgement parses it and reports the problem).
    private(set) var lengthBound: Int?
    public var params: [String] { didSet { parse() } }
    /// The message the renderer shows under the field when this validator fails.
    public var message: String
    /// `"type": "custom"`: asked of the custom validators even when the name is a built-in's.
    public var isCustom: Bool

    public init(name: String, params: [String] = [], message: String? = nil, isCustom: Bool = false) {
        self.name = name
        self.params = params
        self.message = message ?? "Invalid value (\(name))"
        self.isCustom = isCustom
        parse()
    }

    private mutating func parse() {
        builtIn = BuiltInValidator(rawValue: name)
        lengthBound = builtIn.flatMap { BuiltInValidator.lengthBound($0, params) }
    }
}

/// A form field: its key in the process data, its label and its validators in order.
public struct FieldDefinition: Equatable, Sendable {
    public var key: String { didSet { prepareEvents() } }
    public var label: String?
    /// The input type (`text`, `number`, `switch`, `date`...): shown in the headless UI.
    public var type: String
    public var validators: [ValidatorSpec] { didSet { prepareEvents() } }
    /// The fields of each validator's `validation` event (same index as `validators`), made once
    /// when the key or the validators change: a form run records them without building an object
    /// per judgement (B9 records 60 per submit).
    private(set) var validationEvents: [ValidationEventFields] = []

    public init(key: String, label: String? = nil, type: String = "text", validators: [ValidatorSpec] = []) {
        self.key = key
        self.label = label
        self.type = type
        self.validators = validators
        prepareEvents()
    }

    private mutating func prepareEvents() {
        validationEvents = validators.map { ValidationEventFields(validator: $0.name, field: key) }
    }

    /// The public fields (the prepared events follow from them).
    public static func == (a: FieldDefinition, b: FieldDefinition) -> Bool {
        a.key == b.key && a.label == b.label && a.type == b.type && a.validators == b.validators
    }
}

/// A `validation` event's fields for one validator on one field, both outcomes, without a reason:
/// `{"validator": name, "valid": true|false, "field": key}` (`ValidatorRegistry` records them).
struct ValidationEventFields: Sendable {
    let valid: JSONObject
    let invalid: JSONObject

    init(validator: String, field: String) {
        valid = ValidationKeys.fields(validator, true, field: field)
        invalid = ValidationKeys.fields(validator, false, field: field)
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
    public init(json: JSONValue, file: String? = nil, path: JSONPath = .root, fromLua: Bool = false) throws(LocatedProblem) {
        try self.init(json, JSONReader(file: file, value: json, emptyObjectIsArray: fromLua), path)
    }

    init(_ json: JSONValue, _ reader: JSONReader, _ path: JSONPath) throws(LocatedProblem) {
        let object = try reader.object(json, at: path)
        try reader.known(object, ["id", "fields"], at: path)
        id = try reader.string(object["id"], at: path.key("id"), nonEmpty: true)
        fields = []
        var keys: Set<String> = []
        for (i, field) in try reader.array(object["fields"], at: path.key("fields")).enumerated() {
            let fieldPath = path.key("fields").index(i)
            let f = try reader.object(field, at: fieldPath)
            try reader.known(f, ["key", "label", "type", "validators"], at: fieldPath)
            let key = try reader.string(f["key"], at: fieldPath.key("key"), nonEmpty: true)
            guard keys.insert(key).inserted else { throw reader.problem("duplicate field key \(JSONWriter.quote(key))", at: fieldPath.key("key")) }
            var validators: [ValidatorSpec] = []
            if let list = f["validators"] {
                for (j, v) in try reader.array(list, at: fieldPath.key("validators")).enumerated() {
                    validators.append(try ValidatorSpec(v, reader, fieldPath.key("validators").index(j)))
                }
            }
            fields.append(FieldDefinition(key: key, label: try reader.optionalString(f["label"], at: fieldPath.key("label"), nonEmpty: true),
                                          type: try reader.optionalString(f["type"], at: fieldPath.key("type"), nonEmpty: true) ?? "text",
                                          validators: validators))
        }
    }
}

extension ValidatorSpec {
    init(_ json: JSONValue, _ reader: JSONReader, _ path: JSONPath) throws(LocatedProblem) {
        let v = try reader.object(json, at: path)
        try reader.known(v, ["name", "params", "message", "type", "async"], at: path)
        let name = try reader.string(v["name"], at: path.key("name"), nonEmpty: true)
        let type = try reader.optionalString(v["type"], at: path.key("type"), nonEmpty: true)
        if let type, type != "custom", type != "builtIn" {
            throw reader.problem("expected \"custom\" or \"builtIn\", got \(JSONWriter.quote(type))", at: path.key("type"))
        }
        _ = try reader.bool(v["async"], at: path.key("async"), default: false)   // documentation only: the validator decides
        self.init(name: name, params: try reader.params(v["params"], at: path.key("params")),
                  message: try reader.optionalString(v["message"], at: path.key("message"), nonEmpty: true), isCustom: type == "custom")
    }
}
