import Foundation
import JSON

/// The optional members of the SDK's component models (`ExperienceComponent.swift`: each
/// model's `let x: T?`, its `Style`, `DynamicColor`, `RawGradient`, `RawShadow`,
/// `BackgroundImage`, `IntrinsicSize` and `String` enums), with the type each is decoded as.
///
/// The SDK's synthesized `Decodable` reads an optional member with `decodeIfPresent`: absent or
/// null is nil, but a present value of the wrong type (`distribution: "spread"`, `numberOfLines:
/// "two"`, a `foregroundColor` without `light`) throws, and the whole experience fails to
/// decode: nothing is shown. ctlua refuses the same members, with their path.
enum ComponentMembers {
    /// What a member is decoded as.
    indirect enum Kind: Sendable {
        case string, double, int, uint, bool, url
        /// A `String` enum: its Swift name and raw values.
        case enumeration(String, [String])
        /// A struct: its members in declaration order.
        case model([Member])
        case array(Kind)
        /// A nested `TextModel` (`label`, `errorLabel`, `placeholder`): a UUID `id`, `text` or `spans`.
        case text
    }

    /// One member: its key, type, and whether it may be absent (or null).
    struct Member: Sendable {
        var key: String
        var kind: Kind
        var optional: Bool
        init(_ key: String, _ kind: Kind, optional: Bool = true) {
            self.key = key
            self.kind = kind
            self.optional = optional
        }
    }

    static let dynamicColor = Kind.model([Member("light", .string, optional: false), Member("dark", .string)])
    static let intrinsicSize = Kind.model([Member("width", .double, optional: false), Member("height", .double, optional: false)])
    static let style = Kind.model(
        [Member("verticalAlignment", .string), Member("horizontalAlignment", .string)]
            + ["paddingTop", "paddingLeading", "paddingBottom", "paddingTrailing",
               "marginTop", "marginLeading", "marginBottom", "marginTrailing", "height", "width"].map { Member($0, .double) }
            + [Member("fontName", .string), Member("fontSize", .double), Member("letterSpacing", .double), Member("lineHeight", .double),
               Member("textAlignment", .string), Member("foregroundColor", dynamicColor), Member("backgroundColor", dynamicColor),
               Member("backgroundGradient", .model([Member("colors", .array(dynamicColor), optional: false),
                                                    Member("startPoint", .string, optional: false),
                                                    Member("endPoint", .string, optional: false)])),
               Member("backgroundImage", .model([Member("imageUrl", .url, optional: false), Member("blurHash", .string),
                                                 Member("contentMode", .string), Member("verticalAlignment", .string),
                                                 Member("horizontalAlignment", .string), Member("intrinsicSize", intrinsicSize)])),
               Member("shadow", .model([Member("color", dynamicColor, optional: false), Member("radius", .double, optional: false),
                                        Member("x", .double, optional: false), Member("y", .double, optional: false)])),
               Member("cornerRadius", .double), Member("borderColor", dynamicColor), Member("borderWidth", .double)])

    /// The optional members of each component type, beside `style` (every model has one).
    static let byType: [String: [Member]] = [
        "stack": [Member("distribution", .enumeration("Distribution", ["center", "equal"])), Member("spacing", .double),
                  Member("sticky", .enumeration("StickyEdge", ["top", "bottom"]))],
        "text": [Member("spans", .array(.model([Member("text", .string, optional: false), Member("style", style)])))],
        "image": [Member("blurHash", .string), Member("contentMode", .string), Member("intrinsicSize", intrinsicSize),
                  Member("accessibilityLabel", .string)],
        "embed": [Member("intrinsicSize", intrinsicSize)],
        "spacer": [Member("spacing", .double)],
        "textInput": [Member("errorLabel", .text), Member("placeholder", .text), Member("defaultValue", .string),
                      Member("required", .bool), Member("numberOfLines", .int), Member("maxLength", .int),
                      Member("dataType", .enumeration("DataType", ["text", "number", "email", "phone", "name", "address", "url"])),
                      Member("textFieldStyle", style), Member("cursorColor", dynamicColor), Member("attributeName", .string)],
        "optionSelect": [Member("errorLabel", .text), Member("defaultValue", .array(.string)), Member("minSelections", .uint),
                         Member("maxSelections", .uint),
                         Member("controlPosition", .enumeration("ControlPosition", ["leading", "trailing", "top", "bottom", "hidden"])),
                         Member("displayFormat", .enumeration("DisplayFormat", ["verticalList", "horizontalList", "picker", "nps"])),
                         Member("selectedColor", dynamicColor), Member("unselectedColor", dynamicColor), Member("accentColor", dynamicColor),
                         Member("pickerStyle", style), Member("attributeName", .string), Member("leadingFill", .bool),
                         Member("randomizeOptionOrder", .bool)],
    ]

    /// Checks the optional members of a component of `type` (and its `style`) as the SDK decodes them.
    static func check(_ object: JSONObject, type: String, _ reader: JSONReader, _ path: JSONPath) throws(LocatedProblem) {
        try check(object, [Member("style", style)] + (byType[type] ?? []), reader, path)
    }

    static func check(_ object: JSONObject, _ members: [Member], _ reader: JSONReader, _ path: JSONPath) throws(LocatedProblem) {
        for member in members {
            let value = object[member.key]
            if value == nil || value == .null {
                if member.optional { continue }
                throw reader.problem(value == nil ? "missing required key" : "expected a value, got null", at: path.key(member.key))
            }
            try check(value ?? .null, member.kind, reader, path.key(member.key))
        }
    }

    /// `value` decoded as `kind`: the SDK's `DecodingError`, worded for people, at `path`.
    static func check(_ value: JSONValue, _ kind: Kind, _ reader: JSONReader, _ path: JSONPath) throws(LocatedProblem) {
        switch kind {
        case .string:
            _ = try reader.string(value, at: path)
        case .double:
            switch value {
            case .integer, .double: break
            default: throw reader.problem("expected a number, got \(value.typeName)", at: path)
            }
        case .int, .uint:
            let whole: Int64?
            switch value {
            case .integer(let n): whole = n
            case .double(let d): whole = Int64(exactly: d)
            default: throw reader.problem("expected a whole number, got \(value.typeName)", at: path)
            }
            guard let whole else { throw reader.problem("parsed JSON number \(JSONWriter.text(value)) does not fit in Int", at: path) }
            if case .uint = kind, whole < 0 {
                throw reader.problem("parsed JSON number \(whole) does not fit in UInt", at: path)
            }
        case .bool:
            guard case .bool = value else { throw reader.problem("expected a boolean, got \(value.typeName)", at: path) }
        case .url:
            let text = try reader.string(value, at: path)
            guard !text.isEmpty, URL(string: text) != nil else { throw reader.problem("invalid URL string", at: path) }
        case .enumeration(let name, let allowed):
            _ = try reader.enumeration(value, allowed, name, at: path)
        case .model(let members):
            try check(try reader.object(value, at: path), members, reader, path)
        case .array(let element):
            for (index, item) in try reader.array(value, at: path).enumerated() { try check(item, element, reader, path.index(index)) }
        case .text:
            let model = try reader.object(value, at: path)
            _ = try reader.uuid(model["id"], at: path.key("id"))
            try check(model, [Member("style", style)] + (byType["text"] ?? []), reader, path)
            _ = try ExperienceComponent.text(model, reader, path)
        }
    }
}
