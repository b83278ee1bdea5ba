import Foundation
import JSON

extension ExperienceComponent {
    /// Deepest component nesting decoded (a hostile document is refused, not a stack overflow).
    public static let maxDepth = 64

    /// Decodes a component as the SDK does: `type` and a UUID `id` required; each type its own
    /// required keys (stack: `orientation`, `items`; box: `items`; text: `text` or `spans`;
    /// button: `content`; image: `imageUrl`; embed: `embed`; optionSelect: `label`, `selectMode`,
    /// `options`; textInput: `label`; customComponent: `identifier`); `block` is its `content`.
    public static func decode(_ json: JSONValue, path: String, depth: Int = 0) throws(ExperienceDecodingError) -> ExperienceComponent {
        guard depth < maxDepth else { throw ExperienceDecodingError(path: path, message: "components nested deeper than \(maxDepth)") }
        let object = try Decoding.object(json, path)
        let type = try Decoding.string(object, "type", path)
        if type == "block" {
            guard let content = object["content"] else { throw Decoding.missing(path, "content") }
            return try decode(content, path: path + ".content", depth: depth + 1)
        }
        let known = ["stack", "box", "text", "button", "image", "spacer", "embed", "optionSelect", "textInput", "customComponent"]
        guard known.contains(type) else { throw ExperienceDecodingError(path: path + ".type", message: "unknown type '\(type)'") }
        let id = try Decoding.uuid(object, "id", path)
        var component = ExperienceComponent(type: type, id: id, properties: [:], children: [], form: nil)
        if let style = object["style"] { component.properties["style"] = try Decoding.objectValue(style, path + ".style") }
        func items() throws(ExperienceDecodingError) -> [ExperienceComponent] {
            let array = try Decoding.array(object, "items", path)
            var result: [ExperienceComponent] = []
            for (index, item) in array.enumerated() { result.append(try decode(item, path: "\(path).items[\(index)]", depth: depth + 1)) }
            return result
        }
        switch type {
        case "stack":
            let orientation = try Decoding.string(object, "orientation", path)
            guard orientation == "horizontal" || orientation == "vertical" else {
                throw ExperienceDecodingError(path: path + ".orientation", message: "cannot initialize Orientation from invalid String value \(orientation)")
            }
            component.properties["orientation"] = .string(orientation)
            component.children = try items()
        case "box":
            component.children = try items()
        case "text":
            component.properties["text"] = .string(try text(object, path))
        case "button":
            guard let content = object["content"] else { throw Decoding.missing(path, "content") }
            component.children = [try decode(content, path: path + ".content", depth: depth + 1)]
        case "image":
            let url = try Decoding.string(object, "imageUrl", path)
            guard URL(string: url) != nil, !url.isEmpty else {
                throw ExperienceDecodingError(path: path + ".imageUrl", message: "invalid URL string")
            }
            component.properties["imageUrl"] = .string(url)
            if let label = object["accessibilityLabel"]?.stringValue { component.properties["accessibilityLabel"] = .string(label) }
        case "embed":
            component.properties["embed"] = .string(try Decoding.string(object, "embed", path))
        case "spacer":
            if let spacing = object["spacing"]?.doubleValue { component.properties["spacing"] = .double(spacing) }
        case "customComponent":
            component.properties["identifier"] = .string(try Decoding.string(object, "identifier", path))
            if let config = object["config"] { component.properties["config"] = config }
        case "optionSelect":
            try decodeOptionSelect(object, path, depth, into: &component)
        default:  // textInput
            try decodeTextInput(object, path, into: &component)
        }
        return component
    }

    /// A text model's text: its `spans` joined, or its `text` (`no text or spans defined`).
    static func text(_ object: JSONObject, _ path: String) throws(ExperienceDecodingError) -> String {
        if let spans = object["spans"], !spans.isNull {
            guard case .array(let items) = spans else { throw Decoding.mismatch(path + ".spans", "an array", spans) }
            var text = ""
            for (index, span) in items.enumerated() { text += try Decoding.string(try Decoding.object(span, "\(path).spans[\(index)]"), "text", "\(path).spans[\(index)]") }
            return text
        }
        if let text = object["text"], !text.isNull {
            guard case .string(let string) = text else { throw Decoding.mismatch(path + ".text", "a string", text) }
            return string
        }
        throw ExperienceDecodingError(path: path + ".text", message: "no text or spans defined")
    }

    /// A nested text model (`label`, `errorLabel`, `placeholder`): a UUID id and a text.
    static func textModel(_ object: JSONObject, _ key: String, _ path: String) throws(ExperienceDecodingError) -> String? {
        guard let value = object[key], !value.isNull else { return nil }
        let model = try Decoding.object(value, "\(path).\(key)")
        _ = try Decoding.uuid(model, "id", "\(path).\(key)")
        return try text(model, "\(path).\(key)")
    }
}
