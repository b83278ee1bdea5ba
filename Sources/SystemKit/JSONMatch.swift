import Engine
import JSON

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

    /// Guards against doubles hiding a difference between two large integers.
    private static func sameInteger(_ a: JSONValue, _ b: JSONValue) -> Bool {
        if case .integer(let x) = a, case .integer(let y) = b { return x == y }
        return true
    }

    /// True when the event satisfies the pattern: each named field (`type` and `t` included) matches.
    public static func matches(_ pattern: JSONObject, event: TranscriptEvent) -> Bool {
        pattern.allSatisfy { key, member in matches(member, event[key]) }
    }
}

