/// The matching rule of expectations: a pattern matches a value when every member it names
/// matches, recursively (partial for objects, element-wise for arrays), and numbers compare by
/// value (`1` matches `1.0`).
public enum JSONMatch {
    /// True when `value` satisfies `pattern`.
    public static func matches(_ pattern: JSONValue, _ value: JSONValue?) -> Bool {
        guard let value else { return false }
        switch (pattern, value) {
        case (.object(let expected), .object(let actual)):
            return expected.allSatisfy { key, member in matches(member, actual[key]) }
        case (.array(let expected), .array(let actual)):
            return expected.count == actual.count && zip(expected, actual).allSatisfy { matches($0, $1) }
        case (.integer, .integer), (.integer, .double), (.double, .integer), (.double, .double):
            return pattern.doubleValue == value.doubleValue && sameInteger(pattern, value)
        default:
            return pattern == value
        }
    }

    /// True when `a` and `b` are the same JSON value: objects with the same keys, arrays of the same
    /// length, members equal recursively, numbers by value (`1` equals `1.0`).
    public static func equals(_ a: JSONValue, _ b: JSONValue) -> Bool {
        switch (a, b) {
        case (.object(let x), .object(let y)):
            return x.count == y.count && x.allSatisfy { key, member in y[key].map { equals(member, $0) } ?? false }
        case (.array(let x), .array(let y)):
            return x.count == y.count && zip(x, y).allSatisfy { equals($0, $1) }
        case (.integer, .integer), (.integer, .double), (.double, .integer), (.double, .double):
            return a.doubleValue == b.doubleValue && sameInteger(a, b)
        default:
            return a == b
        }
    }

    /// Guards against doubles hiding a difference between two large integers.
    private static func sameInteger(_ a: JSONValue, _ b: JSONValue) -> Bool {
        if case .integer(let x) = a, case .integer(let y) = b { return x == y }
        return true
    }
}
