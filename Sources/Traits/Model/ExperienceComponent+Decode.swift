import Foundation
import JSON

extension ExperienceComponent {
    /// Deepest component nesting decoded (a hostile document is refused, not a stack overflow).
    public static let maxDepth = 64

    /// Decodes a component as the SDK does: `type` and a UUID `id` required; each type its own
    /// required keys (stack: `orientation`, `items`; box: `items`; text: `text` or `spans`;
    /// button: `content`; image: `imageUrl`; embed: `embed`; optionSelect: `label`, `selectMode`,
    /// `options`; textInput: `label`; customComponent: `identifier`); `block` is its `content`.
    public static func decode(_ json: JSONValue, reader: JSONReader = JSONReader(value: .null), path: JSONPath = .root,
                              depth: Int = 0) throws(LocatedProblem) -> ExperienceComponent {
        guard depth < maxDepth else { throw reader.problem("components nested deeper than \(maxDepth)", at: path) }
        let object = try reader.object(json, at: path)
        let type = try reader.string(object["type"], at: path.key("type"))
        if type == "block" {
            return try decode(object["content"] ?? .null, reader: reader, path: path.key("content"), depth: depth + 1)
        }
        let known = ["stack", "box", "text", "button", "image", "spacer", "embed", "optionSelect", "textInput", "customComponent"]
        guard known.contains(type) else { throw reader.problem("unknown type '\(type)'", at: path.key("type")) }
        let id = try reader.uuid(object["id"], at: path.key("id"))
        var component = ExperienceComponent(type: type, id: id, properties: [:], children: [], form: nil)
        // The optional members the SDK decodes too: one of the wrong type fails the whole experience.
        try ComponentMembers.check(object, type: type, reader, path)
        if let style = try reader.optionalObject(object["style"], at: path.key("style")) { component.properties["style"] = .object(style) }
        func items() throws(LocatedProblem) -> [ExperienceComponent] {
            var result: [ExperienceComponent] = []
            for (index, item) in try reader.array(object["items"], at: path.key("items")).enumerated() {
                result.append(try decode(item, reader: reader, path: path.key("items").index(index), depth: depth + 1))
            }
            return result
        }
        switch type {
        case "stack":
            component.properties["orientation"] = .string(try reader.enumeration(object["orientation"], ["horizontal", "vertical"],
                                                                                  "Orientation", at: path.key("orientation")))
            // `sticky` (checked with the optional members) lays the stack out fixed at the step's top or bottom.
            if let sticky = object["sticky"]?.stringValue { component.properties["sticky"] = .string(sticky) }
            component.children = try items()
        case "box":
            component.children = try items()
        case "text":
            component.properties["text"] = .string(try text(object, reader, path))
        case "button":
            guard let content = object["content"] else { throw reader.problem("missing required key", at: path.key("content")) }
            component.children = [try decode(content, reader: reader, path: path.key("content"), depth: depth + 1)]
        case "image":
            let url = try reader.string(object["imageUrl"], at: path.key("imageUrl"))
            guard !url.isEmpty, URL(string: url) != nil else { throw reader.problem("invalid URL string", at: path.key("imageUrl")) }
            component.properties["imageUrl"] = .string(url)
            if let label = object["accessibilityLabel"]?.stringValue { component.properties["accessibilityLabel"] = .string(label) }
        case "embed":
            component.properties["embed"] = .string(try reader.string(object["embed"], at: path.key("embed")))
        case "spacer":
            if let spacing = object["spacing"]?.doubleValue { component.properties["spacing"] = .double(spacing) }
        case "customComponent":
            component.properties["identifier"] = .string(try reader.string(object["identifier"], at: path.key("identifier")))
            if let config = object["config"] { component.properties["config"] = config }
        case "optionSelect":
            try decodeOptionSelect(object, reader, path, depth, into: &component)
        default:  // textInput
            try decodeTextInput(object, reader, path, into: &component)
        }
        return component
    }

    /// A text model's text: its `spans` joined, or its `text` (`no text or spans defined`).
    static func text(_ object: JSONObject, _ reader: JSONReader, _ path: JSONPath) throws(LocatedProblem) -> String {
        if let spans = try reader.optionalArray(object["spans"], at: path.key("spans")) {
            var text = ""
            for (index, span) in spans.enumerated() {
                let spanPath = path.key("spans").index(index)
                text += try reader.string(try reader.object(span, at: spanPath)["text"], at: spanPath.key("text"))
            }
            return text
        }
        if let text = try reader.optionalString(object["text"], at: path.key("text")) { return text }
        throw reader.problem("no text or spans defined", at: path.key("text"))
    }

    /// A nested text model (`label`, `errorLabel`, `placeholder`): a UUID id and a text.
    static func textModel(_ object: JSONObject, _ key: String, _ reader: JSONReader, _ path: JSONPath) throws(LocatedProblem) -> String? {
        guard let model = try reader.optionalObject(object[key], at: path.key(key)) else { return nil }
        _ = try reader.uuid(model["id"], at: path.key(key).key("id"))
        return try text(model, reader, path.key(key))
    }
}
