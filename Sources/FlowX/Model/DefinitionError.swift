import JSON
import OrderedCollections
import SystemKit

/// A malformed form or process definition: the file (when there is one), the JSON path and what
/// is wrong: `loan.json: screens[1].forms[0].fields[2].validators[0].name: expected a string, got number`.
public struct DefinitionError: Error, Equatable, CustomStringConvertible {
    /// The definition file, or nil for one given inline (a scenario, Lua).
    public var file: String?
    /// Where in the document (`$` for the root).
    public var path: SystemKit.JSONPath
    public var message: String

    public init(file: String? = nil, path: SystemKit.JSONPath, message: String) {
        self.file = file
        self.path = path
        self.message = message
    }

    public var description: String {
        (file.map { "\($0): " } ?? "") + "\(path): \(message)"
    }
}

/// Reads a JSON document member by member, naming the path of anything wrong.
struct DefinitionReader {
    var file: String?
    /// The document came from a Lua table, where `{}` cannot say whether it is an empty array:
    /// an empty object is then accepted where an array is expected.
    var fromLua = false

    func fail(_ path: SystemKit.JSONPath, _ message: String) -> DefinitionError {
        DefinitionError(file: file, path: path, message: message)
    }

    func object(_ value: JSONValue?, _ path: SystemKit.JSONPath) throws(DefinitionError) -> JSONObject {
        guard let value else { throw fail(path, "missing (expected an object)") }
        guard case .object(let o) = value else { throw fail(path, "expected an object, got \(value.typeName)") }
        return o
    }

    func array(_ value: JSONValue?, _ path: SystemKit.JSONPath) throws(DefinitionError) -> [JSONValue] {
        guard let value else { throw fail(path, "missing (expected an array)") }
        if fromLua, value == .object([:]) { return [] }
        guard case .array(let a) = value else { throw fail(path, "expected an array, got \(value.typeName)") }
        return a
    }

    func string(_ value: JSONValue?, _ path: SystemKit.JSONPath) throws(DefinitionError) -> String {
        guard let value else { throw fail(path, "missing (expected a string)") }
        guard case .string(let s) = value else { throw fail(path, "expected a string, got \(value.typeName)") }
        guard !s.isEmpty else { throw fail(path, "expected a non-empty string") }
        return s
    }

    func optionalString(_ value: JSONValue?, _ path: SystemKit.JSONPath) throws(DefinitionError) -> String? {
        guard let value, value != .null else { return nil }
        return try string(value, path)
    }

    func bool(_ value: JSONValue?, _ path: SystemKit.JSONPath, default fallback: Bool) throws(DefinitionError) -> Bool {
        guard let value, value != .null else { return fallback }
        guard case .bool(let b) = value else { throw fail(path, "expected a boolean, got \(value.typeName)") }
        return b
    }

    func optionalInt(_ value: JSONValue?, _ path: SystemKit.JSONPath) throws(DefinitionError) -> Int? {
        guard let value, value != .null else { return nil }
        guard let i = value.integerValue, i >= 1, i < 1_000_000 else { throw fail(path, "expected a whole number ≥ 1, got \(JSONWriter.text(value))") }
        return Int(i)
    }

    /// Validator parameters: strings; numbers and booleans are written out as the renderer's editor stores them.
    func params(_ value: JSONValue?, _ path: SystemKit.JSONPath) throws(DefinitionError) -> [String] {
        guard let value, value != .null else { return [] }
        var result: [String] = []
        for (i, element) in try array(value, path).enumerated() {
            switch element {
            case .string(let s): result.append(s)
            case .integer, .double, .bool: result.append(BuiltInValidator.text(element))
            default: throw fail(path.index(i), "expected a string, got \(element.typeName)")
            }
        }
        return result
    }

    /// Rejects members this format does not know (a typo would otherwise be silently ignored).
    func known(_ object: JSONObject, _ keys: Set<String>, _ path: SystemKit.JSONPath) throws(DefinitionError) {
        for key in object.keys where !keys.contains(key) {
            throw fail(path.key(key), "unknown member (expected one of \(keys.sorted().joined(separator: ", ")))")
        }
    }
}
