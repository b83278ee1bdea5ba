import LuaRuntime

/// Reads a JSON document member by member and names what is wrong as a ``LocatedProblem``:
/// the file, the JSON path, and (for a document read from text) the line and column.
///
/// Every system decodes its files with it, so every problem reads the same:
/// `river.json:3:9: [0].id: expected a string, got number`.
///
/// ```swift
/// let reader = JSONReader(file: "loan.json", document: try JSONDocument(bytes: bytes))
/// let root = try reader.object(reader.document.value, at: .root)
/// try reader.known(root, ["name", "steps"], at: .root)
/// let name = try reader.string(root["name"], at: .root.key("name"))
/// ```
public struct JSONReader: Sendable {
    /// The file named in problems; nil for a document given inline.
    public var file: String?
    /// The document read (its value is the root); positions come from its text.
    public var document: JSONDocument
    /// The document came from a Lua table, where `{}` cannot say whether it is an empty array:
    /// an empty object is then accepted where an array is expected.
    public var emptyObjectIsArray: Bool

    public init(file: String? = nil, document: JSONDocument, emptyObjectIsArray: Bool = false) {
        self.file = file
        self.document = document
        self.emptyObjectIsArray = emptyObjectIsArray
    }

    /// A reader of a value that has no text (no positions).
    public init(file: String? = nil, value: JSONValue, emptyObjectIsArray: Bool = false) {
        self.init(file: file, document: JSONDocument(value: value), emptyObjectIsArray: emptyObjectIsArray)
    }

    /// Parses `bytes` for reading; a syntax error is a problem at its line and column.
    public init(file: String?, bytes: [UInt8]) throws(LocatedProblem) {
        do { self.init(file: file, document: try JSONDocument(bytes: bytes)) } catch {
            throw LocatedProblem(file: file, syntax: error)
        }
    }

    /// The root value.
    public var root: JSONValue { document.value }

    /// A problem about the value at `path`, located at it (or its nearest ancestor in the text).
    public func problem(_ message: String, at path: JSONPath) -> LocatedProblem {
        LocatedProblem(file: file, path: path, position: document.nearestPosition(of: path), message: message)
    }

    /// Every problem ``ValueShape/check(_:at:)`` finds in `value`, located.
    public func check(_ value: JSONValue, _ shape: ValueShape, at path: JSONPath) -> [LocatedProblem] {
        shape.check(value, at: path).map { problem($1, at: $0) }
    }

    public func object(_ value: JSONValue?, at path: JSONPath) throws(LocatedProblem) -> JSONObject {
        guard let value else { throw problem("missing required key (expected an object)", at: path) }
        guard case .object(let object) = value else { throw mismatch("an object", value, at: path) }
        return object
    }

    /// An array; `expected` says what kind in a problem (`an array of screens`).
    public func array(_ value: JSONValue?, at path: JSONPath, expected: String = "an array") throws(LocatedProblem) -> [JSONValue] {
        guard let value else { throw problem("missing required key (expected \(expected))", at: path) }
        if emptyObjectIsArray, value == .object([:]) { return [] }
        guard case .array(let array) = value else { throw mismatch(expected, value, at: path) }
        return array
    }

    /// A string; with `nonEmpty`, `""` is a problem too.
    public func string(_ value: JSONValue?, at path: JSONPath, nonEmpty: Bool = false) throws(LocatedProblem) -> String {
        guard let value else { throw problem("missing required key (expected a string)", at: path) }
        guard case .string(let string) = value else { throw mismatch("a string", value, at: path) }
        if nonEmpty, string.isEmpty { throw problem("expected a non-empty string", at: path) }
        return string
    }

    /// A string, or nil when absent or null.
    public func optionalString(_ value: JSONValue?, at path: JSONPath, nonEmpty: Bool = false) throws(LocatedProblem) -> String? {
        guard let value, value != .null else { return nil }
        return try string(value, at: path, nonEmpty: nonEmpty)
    }

    /// An object, or nil when absent or null.
    public func optionalObject(_ value: JSONValue?, at path: JSONPath) throws(LocatedProblem) -> JSONObject? {
        guard let value, value != .null else { return nil }
        return try object(value, at: path)
    }

    /// An array, or nil when absent or null.
    public func optionalArray(_ value: JSONValue?, at path: JSONPath) throws(LocatedProblem) -> [JSONValue]? {
        guard let value, value != .null else { return nil }
        return try array(value, at: path)
    }

    /// A boolean; `fallback` when absent or null.
    public func bool(_ value: JSONValue?, at path: JSONPath, default fallback: Bool) throws(LocatedProblem) -> Bool {
        guard let value, value != .null else { return fallback }
        guard case .bool(let flag) = value else { throw mismatch("a boolean", value, at: path) }
        return flag
    }

    /// Rejects members the format does not know (a typo would otherwise be silently ignored).
    public func known(_ object: JSONObject, _ keys: Set<String>, at path: JSONPath) throws(LocatedProblem) {
        for key in object.keys where !keys.contains(key) {
            throw problem(NameSuggestion.unknownKey(key, known: keys, quote: JSONWriter.quote), at: path.key(key))
        }
    }

    private func mismatch(_ expected: String, _ value: JSONValue, at path: JSONPath) -> LocatedProblem {
        problem("expected \(expected), got \(value.typeName)", at: path)
    }
}
