/// Where a pattern and a value part, for failure reports that point at the difference (as Jest's
/// `toMatchObject` does): one entry per path, leaves rather than whole subtrees.
extension JSONMatch {
    /// One difference: the path from the compared root, what the pattern wants, what is there.
    public struct Difference: Sendable, Equatable {
        public var path: JSONPath
        /// The pattern's value there, or words (`an element matching ...`).
        public var expected: FailureValue
        /// The value there, or words (`missing`, `2 elements`).
        public var actual: FailureValue

        public init(path: JSONPath, expected: FailureValue, actual: FailureValue) {
            self.path = path
            self.expected = expected
            self.actual = actual
        }
    }

    /// The differences between `pattern` and `value` under ``matches(_:_:)``'s rule, in the
    /// pattern's order; empty exactly when `matches` is true. `path` prefixes each path.
    public static func differences(_ pattern: JSONValue, _ value: JSONValue?, at path: JSONPath = .root) -> [Difference] {
        guard let value else {
            return [Difference(path: path, expected: .json(pattern), actual: "missing")]
        }
        if let (op, patterns) = arrayOperator(pattern), case .array(let actual) = value {
            var out = unmatched(patterns, in: actual).map {
                Difference(path: path, expected: "an element matching \(JSONWriter.text(patterns[$0])) (\(op.rawValue))",
                           actual: "none of \(actual.count) element\(actual.count == 1 ? "" : "s") matches")
            }
            if op == .anyOrder, patterns.count != actual.count {
                out.append(Difference(path: path, expected: "\(patterns.count) elements, in any order", actual: "\(actual.count) elements"))
            }
            return out
        }
        switch (pattern, value) {
        case (.object(let expected), .object(let actual)):
            return expected.elements.flatMap { key, member in differences(member, actual[key], at: path.key(key)) }
        case (.array(let expected), .array(let actual)):
            var out: [Difference] = []
            if expected.count != actual.count {
                out.append(Difference(
                    path: path,
                    expected: "\(expected.count) element\(expected.count == 1 ? "" : "s") (arrays match by position; {\"$contains\": [...]} matches in any order)",
                    actual: "\(actual.count) element\(actual.count == 1 ? "" : "s")"))
            }
            for i in 0..<min(expected.count, actual.count) {
                out += differences(expected[i], actual[i], at: path.index(i))
            }
            return out
        default:
            return matches(pattern, value) ? [] : [Difference(path: path, expected: .json(pattern), actual: .json(value))]
        }
    }
}
