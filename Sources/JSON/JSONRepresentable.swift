/// A type that carries its own JSON form: ``json`` writes it, ``init(json:)`` reads it back, so
/// `T(json: value.json) == value`. Messages between processes (`ctlua test` and its workers)
/// and reports are built from these forms, never from a codec written beside the type.
public protocol JSONRepresentable {
    /// The value as JSON.
    var json: JSONValue { get }
    /// Reads the value back from its JSON form; a problem names the JSON path of what is wrong.
    init(json: JSONValue) throws(LocatedProblem)
}

extension JSONReader {
    /// An integer (a double with an integral value is accepted).
    public func integer(_ value: JSONValue?, at path: JSONPath) throws(LocatedProblem) -> Int {
        guard let value else { throw problem("missing required key (expected an integer)", at: path) }
        guard let integer = value.integerValue, let int = Int(exactly: integer) else {
            throw problem("expected an integer, got \(value.typeName)", at: path)
        }
        return int
    }

    /// An integer, or nil when absent or null.
    public func optionalInteger(_ value: JSONValue?, at path: JSONPath) throws(LocatedProblem) -> Int? {
        guard let value, value != .null else { return nil }
        return try integer(value, at: path)
    }

    /// A number.
    public func number(_ value: JSONValue?, at path: JSONPath) throws(LocatedProblem) -> Double {
        guard let value else { throw problem("missing required key (expected a number)", at: path) }
        guard let number = value.doubleValue else { throw problem("expected a number, got \(value.typeName)", at: path) }
        return number
    }

    /// A number, or nil when absent or null.
    public func optionalNumber(_ value: JSONValue?, at path: JSONPath) throws(LocatedProblem) -> Double? {
        guard let value, value != .null else { return nil }
        return try number(value, at: path)
    }

    /// An array of strings.
    public func strings(_ value: JSONValue?, at path: JSONPath) throws(LocatedProblem) -> [String] {
        var strings: [String] = []
        for (i, item) in try array(value, at: path, expected: "an array of strings").enumerated() {
            strings.append(try string(item, at: path.index(i)))
        }
        return strings
    }
}

extension LocatedProblem {
    /// The same problem about a value read on its own that sits at `prefix` in a larger
    /// document: its path is prefixed (a member's ``JSONRepresentable/init(json:)``).
    public func under(_ prefix: JSONPath) -> LocatedProblem {
        var copy = self
        copy.path = JSONPath(prefix.components + (path?.components ?? []))
        return copy
    }
}
