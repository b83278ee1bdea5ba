import Collections
import OrderedCollections

/// An ordered JSON object: keys keep the order in which they were decoded or inserted.
public typealias JSONObject = OrderedDictionary<String, JSONValue>

/// A JSON document as a Swift value.
///
/// Integers and floats are kept apart (`1` is `.integer(1)`, `1.0` is `.double(1.0)`),
/// objects keep their key order, and strings may contain NUL.
public enum JSONValue: Sendable, Hashable {
    case null
    case bool(Bool)
    case integer(Int64)
    case double(Double)
    case string(String)
    case array([JSONValue])
    case object(JSONObject)
}

extension JSONValue {
    /// The string payload, or nil for any other case.
    @inlinable
    public var stringValue: String? { if case .string(let s) = self { return s } else { return nil } }
    /// The boolean payload, or nil for any other case.
    @inlinable
    public var boolValue: Bool? { if case .bool(let b) = self { return b } else { return nil } }
    /// The integer payload (also an integral double in Int64's range, -2^63 included, 2^63 not), or nil.
    public var integerValue: Int64? {
        switch self {
        case .integer(let i): return i
        case .double(let d): return Int64(exactly: d)
        default: return nil
        }
    }
    /// Any number as a double, or nil.
    public var doubleValue: Double? {
        switch self {
        case .integer(let i): return Double(i)
        case .double(let d): return d
        default: return nil
        }
    }
    /// The array payload, or nil.
    @inlinable
    public var arrayValue: [JSONValue]? { if case .array(let a) = self { return a } else { return nil } }
    /// The object payload, or nil.
    @inlinable
    public var objectValue: JSONObject? { if case .object(let o) = self { return o } else { return nil } }
    /// True for `.null`.
    public var isNull: Bool { self == .null }

    /// The member `key` of an object, or nil (also for non-objects).
    @inlinable
    public subscript(key: String) -> JSONValue? {
        if case .object(let o) = self { return o[key] }
        return nil
    }

    /// The JSON type name used in messages: `null`, `boolean`, `number`, `string`, `array`, `object`.
    public var typeName: String {
        switch self {
        case .null: return "null"
        case .bool: return "boolean"
        case .integer, .double: return "number"
        case .string: return "string"
        case .array: return "array"
        case .object: return "object"
        }
    }
}

extension JSONValue: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByStringLiteral, ExpressibleByArrayLiteral,
    ExpressibleByDictionaryLiteral
{
    public init(nilLiteral: ()) { self = .null }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(integerLiteral value: Int64) { self = .integer(value) }
    public init(floatLiteral value: Double) { self = .double(value) }
    public init(stringLiteral value: String) { self = .string(value) }
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(JSONObject(elements, uniquingKeysWith: { _, last in last }))
    }
}

extension JSONValue {
    /// About how many bytes the value takes in memory (string bytes plus a fixed cost per
    /// value): what the engine charges when it keeps a value a script made.
    public var estimatedSize: Int {
        switch self {
        case .null, .bool, .integer, .double: return 16
        case .string(let s): return 32 + s.utf8.count
        case .array(let a): return a.reduce(32) { $0 + 8 + $1.estimatedSize }
        case .object(let o): return o.reduce(64) { $0 + 48 + $1.key.utf8.count + $1.value.estimatedSize }
        }
    }
}

extension JSONValue {
    /// This value with every object's keys in sorted (code point) order, recursively.
    public func sortingObjectKeys() -> JSONValue {
        switch self {
        case .object(let object):
            var sorted = JSONObject(minimumCapacity: object.count)
            for key in object.keys.sorted() { sorted[key] = object[key]!.sortingObjectKeys() }
            return .object(sorted)
        case .array(let array):
            return .array(array.map { $0.sortingObjectKeys() })
        default:
            return self
        }
    }
}
