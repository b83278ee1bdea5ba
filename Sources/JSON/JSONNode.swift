/// A value of a document together with where it is: its ``JSONPath`` and the ``JSONReader`` that
/// locates problems in the document's text. Reading through nodes names each value once:
///
/// ```swift
/// let step = reader.node                      // the root, at `$`
/// let name = try step["name"].string()        // a problem names `name`, with its line and column
/// for item in try step["items"].array() { try item["id"].string(nonEmpty: true) }   // `items[2].id`
/// ```
///
/// A node may stand for an absent member (``isAbsent``): the optional readers then give nil, the
/// required ones a `missing required key` problem at its path.
public struct JSONNode: Sendable {
    /// The value, nil when the member is absent.
    public let value: JSONValue?
    /// Where the value is (or would be) in the document.
    public let path: JSONPath
    /// The reader of the document: the file and text that locate problems.
    public let reader: JSONReader

    public init(_ value: JSONValue?, at path: JSONPath, in reader: JSONReader) {
        self.value = value
        self.path = path
        self.reader = reader
    }

    /// The member absent (nil) or null.
    public var isAbsent: Bool { value?.isNull ?? true }

    /// The member `key` of an object (an absent node when this is not an object or has no such member).
    public subscript(key: String) -> JSONNode {
        JSONNode(value?.objectValue?[key], at: path.key(key), in: reader)
    }

    /// The element `index` of an array (an absent node when there is none).
    public subscript(index: Int) -> JSONNode {
        let array = value?.arrayValue
        return JSONNode(array.flatMap { index >= 0 && index < $0.count ? $0[index] : nil }, at: path.index(index), in: reader)
    }

    /// A problem about this value, located at it.
    public func problem(_ message: String) -> LocatedProblem { reader.problem(message, at: path) }

    /// Every problem `shape` finds in the value (none when absent).
    public func check(_ shape: ValueShape) -> [LocatedProblem] {
        guard let value else { return [] }
        return reader.check(value, shape, at: path)
    }

    // MARK: Required values

    public func object() throws(LocatedProblem) -> JSONObject { try reader.object(value, at: path) }

    /// The members of an object, each a node, in the document's order.
    public func members() throws(LocatedProblem) -> [(key: String, node: JSONNode)] {
        try object().elements.map { (key: $0.key, node: JSONNode($0.value, at: path.key($0.key), in: reader)) }
    }

    /// The elements of an array, each a node; `expected` says what kind in a problem.
    public func array(expected: String = "an array") throws(LocatedProblem) -> [JSONNode] {
        try reader.array(value, at: path, expected: expected).enumerated().map { JSONNode($1, at: path.index($0), in: reader) }
    }

    public func string(nonEmpty: Bool = false) throws(LocatedProblem) -> String { try reader.string(value, at: path, nonEmpty: nonEmpty) }
    public func integer() throws(LocatedProblem) -> Int { try reader.integer(value, at: path) }
    public func number() throws(LocatedProblem) -> Double { try reader.number(value, at: path) }
    public func strings() throws(LocatedProblem) -> [String] { try reader.strings(value, at: path) }

    /// A boolean (absent or null: `fallback`).
    public func bool(default fallback: Bool) throws(LocatedProblem) -> Bool { try reader.bool(value, at: path, default: fallback) }

    /// The value itself, whatever it is (a problem when absent): data handed on as it is.
    public func any() throws(LocatedProblem) -> JSONValue {
        guard let value else { throw problem("missing required key") }
        return value
    }

    // MARK: Optional values (nil when absent or null)

    public func optionalString(nonEmpty: Bool = false) throws(LocatedProblem) -> String? {
        try reader.optionalString(value, at: path, nonEmpty: nonEmpty)
    }
    public func optionalObject() throws(LocatedProblem) -> JSONObject? { try reader.optionalObject(value, at: path) }
    public func optionalArray(expected: String = "an array") throws(LocatedProblem) -> [JSONNode]? {
        isAbsent ? nil : try array(expected: expected)
    }
    public func optionalInteger() throws(LocatedProblem) -> Int? { try reader.optionalInteger(value, at: path) }
    public func optionalNumber() throws(LocatedProblem) -> Double? { try reader.optionalNumber(value, at: path) }
    public func optionalBool() throws(LocatedProblem) -> Bool? { isAbsent ? nil : try bool(default: false) }
    public func optionalStrings() throws(LocatedProblem) -> [String]? { isAbsent ? nil : try strings() }

    /// Rejects members the format does not know, with the closest known one.
    public func known(_ keys: Set<String>) throws(LocatedProblem) { try reader.known(try object(), keys, at: path) }
}

extension JSONReader {
    /// The document's root, as a node.
    public var node: JSONNode { JSONNode(root, at: .root, in: self) }

    /// `value`, found at `path` of this reader's document, as a node.
    public func node(_ value: JSONValue?, at path: JSONPath) -> JSONNode { JSONNode(value, at: path, in: self) }
}
