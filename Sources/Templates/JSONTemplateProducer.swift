import Engine
import Foundation
import JSON

/// Templates from CleverTap's JSON definition format (the SDK's `CTJsonTemplateProducer`).
///
/// ```json
/// {"Banner":{"type":"template","arguments":{
///    "title":{"type":"string","value":"Hi"},
///    "style":{"type":"object","value":{"color":{"type":"string","value":"#fff"}}},
///    "image":{"type":"file"}, "ok":{"type":"action"}}},
///  "track":{"type":"function","isVisual":false,"arguments":{"event":{"type":"string","value":"x"}}}}
/// ```
/// One presenter serves every template and one every function; a lookup by
/// name can supply per-template presenters (a scenario's `templates.presenter`).
public struct JSONTemplateProducer: TemplateProducer {
    /// Finds the presenter of a definition: (name, kind) → presenter.
    public typealias PresenterLookup = (String, CustomTemplate.Kind) -> (any TemplatePresenter)?

    /// The definitions.
    public let definitions: JSONValue
    private let lookup: PresenterLookup

    /// Definitions from a JSON value with one presenter for templates and one for functions.
    public init(
        definitions: JSONValue, templatePresenter: (any TemplatePresenter)?,
        functionPresenter: (any TemplatePresenter)?
    ) {
        self.definitions = definitions
        self.lookup = { _, kind in kind == .template ? templatePresenter : functionPresenter }
    }

    /// Definitions from a JSON value with presenters found by name.
    public init(definitions: JSONValue, presenter lookup: @escaping PresenterLookup) {
        self.definitions = definitions
        self.lookup = lookup
    }

    /// Definitions from JSON text; unparsable or empty text is an error. As the SDK
    /// (`length == 0`), only an empty text is "empty": whitespace does not parse.
    public init(
        text: String, templatePresenter: (any TemplatePresenter)?, functionPresenter: (any TemplatePresenter)?
    ) throws(TemplateError) {
        guard !text.isEmpty else { throw .jsonEmpty }
        let value: JSONValue
        do { value = try JSONDocument(text: text).value } catch { throw .jsonParse(error.description) }
        self.init(definitions: value, templatePresenter: templatePresenter, functionPresenter: functionPresenter)
    }

    public func defineTemplates(configuration: TemplatesConfiguration) throws -> [CustomTemplate] {
        try templates()
    }

    /// Parses every definition, in document order.
    public func templates() throws(TemplateError) -> [CustomTemplate] {
        // `{}` defines nothing, as in the SDK; an empty text is refused by `init(text:)`.
        guard case .object(let root) = definitions else { throw .jsonEmpty }
        var result: [CustomTemplate] = []
        for (key, definition) in root {
            result.append(try template(key: key, definition: definition))
        }
        return result
    }

    /// Every problem of every definition (not only the first), each with the JSON path of the
    /// member it is about (`Banner.arguments.title`), for `ctlua check`.
    public func problems() -> [(path: JSONPath, error: TemplateError)] {
        guard case .object(let root) = definitions, !root.isEmpty else { return [(.root, .jsonEmpty)] }
        var found: [(path: JSONPath, error: TemplateError)] = []
        for (key, definition) in root {
            guard case .object(let object) = definition else {
                found.append((.root.key(key), .jsonNotAnObject(path: .root.key(key))))
                continue
            }
            let typeName = object["type"]?.stringValue ?? object["type"].map { "\($0)" } ?? "nil"
            let builder: TemplateBuilder
            switch typeName {
            case "template": builder = CustomTemplateBuilder()
            case "function": builder = AppFunctionBuilder(isVisual: object["isVisual"]?.boolValue ?? false)
            default:
                found.append((JSONPath.root.key(key).key("type"), .unknownTemplateType(type: typeName, template: key)))
                continue
            }
            do { try builder.setName(key) } catch { found.append((.root.key(key), error)) }
            let before = found.count
            if let arguments = object["arguments"] {
                guard case .object(let args) = arguments else {
                    found.append((JSONPath.root.key(key).key("arguments"), .jsonNotAnObject(path: JSONPath.root.key(key).key("arguments"))))
                    continue
                }
                for (name, argument) in args {
                    do { try add(name, argument, to: builder, template: key) } catch {
                        found.append((JSONPath.root.key(key).key("arguments").key(name), error))
                    }
                }
            }
            guard found.count == before else { continue }
            builder.setPresenter(lookup(key, builder.kind) ?? CheckOnlyPresenter())
            do { _ = try builder.build() } catch { found.append((.root.key(key), error)) }
        }
        return found
    }

    private func template(key: String, definition: JSONValue) throws(TemplateError) -> CustomTemplate {
        guard case .object(let object) = definition else { throw .jsonNotAnObject(path: .root.key(key)) }
        let typeName = Self.format(object["type"])
        let builder: TemplateBuilder
        switch typeName {
        case "template": builder = CustomTemplateBuilder()
        case "function": builder = AppFunctionBuilder(isVisual: object["isVisual"].map(FrequencyCaps.boolValue) ?? false)
        default: throw .unknownTemplateType(type: typeName, template: key)
        }
        // The SDK requires the presenter before it reads the arguments.
        guard let presenter = lookup(key, builder.kind) else {
            throw .noPresenter(template: key, kind: builder.kind.wireName)
        }
        try builder.setName(key)
        if let arguments = object["arguments"] {
            guard case .object(let args) = arguments else { throw .jsonNotAnObject(path: JSONPath.root.key(key).key("arguments")) }
            for (name, argument) in args {
                do {
                    try add(name, argument, to: builder, template: key)
                } catch where error.jsonPath == nil {
                    throw .inDefinition(path: JSONPath.root.key(key).key("arguments").key(name), error: error)
                }
            }
        }
        builder.setPresenter(presenter)
        return try builder.build()
    }

    /// `%@` of a JSON value as the SDK's messages show it: `(null)` when missing.
    static func format(_ value: JSONValue?) -> String {
        switch value {
        case nil, .null?: return "(null)"
        case .string(let s)?: return s
        case let v?: return (try? v.encoded()) ?? "(null)"
        }
    }

    private func add(_ name: String, _ argument: JSONValue, to builder: TemplateBuilder, template: String)
        throws(TemplateError)
    {
        guard case .object(let object) = argument else {
            throw .jsonNotAnObject(path: JSONPath.root.key(template).key("arguments").key(name))
        }
        let type = Self.format(object["type"])
        let value = object["value"]
        switch type {
        case "boolean":
            // `[value boolValue]`: no value is false; strings and numbers convert.
            try builder.addArgument(name, type: .boolean, defaultValue: .bool(value.map(FrequencyCaps.boolValue) ?? false))
        case "string", "number":
            try builder.addArgument(name, type: TemplateArgumentType(rawValue: type)!, defaultValue: value)
        case "file":
            if value != nil { throw .fileWithValue(argument: name, template: template) }
            try builder.addFileArgument(name)
        case "action":
            if value != nil { throw .actionWithValue(argument: name, template: template) }
            if case .function = builder.kind { throw .functionActionArgument(argument: name, template: template) }
            try builder.addArgument(name, type: .action, defaultValue: nil)
        case "object":
            guard case .object(let members)? = value else {
                if value == nil || value == .null { throw .emptyDictionary(argument: name) }
                throw .unknownArgumentType(type: "object", argument: name, template: template)
            }
            guard !members.isEmpty else { throw .emptyDictionary(argument: name) }
            try builder.addArgument(name, dictionary: try dictionary(members, path: name, template: template))
        default:
            throw .unknownArgumentType(type: type, argument: name, template: template)
        }
    }

    /// Converts `{"k": {"type": .., "value": ..}}` members into a plain dictionary default.
    private func dictionary(_ members: JSONObject, path: String, template: String) throws(TemplateError) -> JSONObject {
        var out = JSONObject()
        for (key, member) in members {
            let full = path + "." + key
            guard case .object(let object) = member else {
                throw .jsonNotAnObject(path: JSONPath.root.key(template).key("arguments").key(full))
            }
            let type = Self.format(object["type"])
            switch type {
            case "string", "number", "boolean":
                // A member without a value is left out (the SDK sets nil: nothing).
                guard let value = object["value"], value != .null else { continue }
                out[key] = value
            case "object":
                // An empty (or missing) nested object defines nothing.
                let nested = object["value"]?.objectValue ?? [:]
                out[key] = .object(try dictionary(nested, path: full, template: template))
            default:
                throw .nestedFileOrAction(type: type, argument: key, template: template)
            }
        }
        return out
    }
}

/// Stands in for a presenter while definitions are only checked.
private final class CheckOnlyPresenter: TemplatePresenter {
    func onPresent(context: CustomTemplateContext) throws {}
}
