/// What a failure report shows as the expected or the actual side: a JSON value, kept as a value
/// until a reporter formats it, or prose where the thing shown is not a value (`no templates
/// system`, `missing`, `3 events`).
///
/// The two are distinct cases, never told apart by trying to parse text: prose that happens to be
/// valid JSON (`null`, `3`) stays prose, and a value is never flattened to text and read back.
/// A string literal is prose: `expected: "nothing"`.
public enum FailureValue: Sendable, Equatable, ExpressibleByStringInterpolation {
    /// A JSON value (a pattern, a view, an event): reporters write it as JSON and diff it by path.
    case json(JSONValue)
    /// Words about what is (or is not) there; shown as written.
    case prose(String)

    public init(stringLiteral value: String) { self = .prose(value) }
    public init(stringInterpolation: DefaultStringInterpolation) { self = .prose(String(stringInterpolation: stringInterpolation)) }

    /// The value, when this is one.
    public var value: JSONValue? {
        if case .json(let value) = self { return value }
        return nil
    }

    /// One line for reports: compact JSON text of a value, the prose as written.
    public var text: String {
        switch self {
        case .json(let value): return JSONWriter.text(value)
        case .prose(let prose): return prose
        }
    }
}
