import LuaRuntime

/// The expected shape of a value in a scenario file; checking returns every problem found.
public indirect enum ValueShape: Sendable {
    case any
    case string
    case boolean
    case number
    /// A number ≥ 0 (durations).
    case nonNegativeNumber
    case object
    case array
    case null
    case arrayOf(ValueShape)
    /// An object whose members all have this shape.
    case objectOf(ValueShape)
    /// An object with known members; unknown members are errors, `required` ones must be present.
    case record(members: [String: ValueShape], required: Set<String>)
    case anyOf([ValueShape])
    /// A validator of your own: returns (path, message) pairs.
    case custom(@Sendable (JSONValue, JSONPath) -> [(JSONPath, String)])
    /// A shape with a name of its own for the reference (`an in-app, an array of in-apps or a response`).
    case named(String, ValueShape)

    /// The name used in messages: `expected a number, got string`.
    public var expectation: String {
        switch self {
        case .any: return "any value"
        case .string: return "a string"
        case .boolean: return "a boolean"
        case .number: return "a number"
        case .nonNegativeNumber: return "a non-negative number"
        case .object, .objectOf, .record: return "an object"
        case .array, .arrayOf: return "an array"
        case .null: return "null"
        case .anyOf(let shapes): return shapes.map(\.expectation).joined(separator: " or ")
        case .custom: return "a valid value"
        case .named(_, let shape): return shape.expectation
        }
    }

    /// The shape as the reference describes it: `an array of objects`, `an object of strings`.
    public var documentation: String {
        func plural(_ shape: ValueShape) -> String {
            switch shape {
            case .any: return "any values"
            case .string: return "strings"
            case .boolean: return "booleans"
            case .number, .nonNegativeNumber: return "numbers"
            case .object, .objectOf, .record: return "objects"
            case .array, .arrayOf: return "arrays"
            case .null: return "nulls"
            default: return "values (\(shape.documentation))"
            }
        }
        switch self {
        case .arrayOf(let element): return "an array of \(plural(element))"
        case .objectOf(let member): return "an object of \(plural(member))"
        case .record(let members, let required):
            let keys = members.keys.sorted().map { required.contains($0) ? "`\($0)`" : "`\($0)`?" }
            return "an object {\(keys.joined(separator: ", "))}"
        case .anyOf(let shapes): return shapes.map(\.documentation).joined(separator: " or ")
        case .named(let name, _): return name
        default: return expectation
        }
    }

    /// Every problem of `value` at `path`, empty when it fits.
    public func check(_ value: JSONValue, at path: JSONPath) -> [(JSONPath, String)] {
        let mismatch = [(path, "expected \(expectation), got \(value.typeName)")]
        switch self {
        case .any: return []
        case .string: return value.stringValue == nil ? mismatch : []
        case .boolean: return value.boolValue == nil ? mismatch : []
        case .number: return value.doubleValue == nil ? mismatch : []
        case .nonNegativeNumber:
            guard let number = value.doubleValue else { return mismatch }
            return number >= 0 && number.isFinite ? [] : [(path, "expected a non-negative number, got \(number)")]
        case .object: return value.objectValue == nil ? mismatch : []
        case .array: return value.arrayValue == nil ? mismatch : []
        case .null: return value.isNull ? [] : mismatch
        case .arrayOf(let element):
            guard let items = value.arrayValue else { return mismatch }
            return items.enumerated().flatMap { element.check($1, at: path.index($0)) }
        case .objectOf(let member):
            guard let object = value.objectValue else { return mismatch }
            return object.flatMap { member.check($1, at: path.key($0)) }
        case .record(let members, let required):
            guard let object = value.objectValue else { return mismatch }
            var problems: [(JSONPath, String)] = []
            for (key, item) in object {
                if let shape = members[key] {
                    problems += shape.check(item, at: path.key(key))
                } else {
                    problems.append((path.key(key), NameSuggestion.unknownKey(key, known: members.keys, quote: JSONWriter.quote)))
                }
            }
            for key in required.sorted() where object[key] == nil {
                problems.append((path.key(key), "missing required key"))
            }
            return problems
        case .anyOf(let shapes):
            for shape in shapes where shape.check(value, at: path).isEmpty { return [] }
            return mismatch
        case .custom(let check): return check(value, path)
        case .named(_, let shape): return shape.check(value, at: path)
        }
    }
}
