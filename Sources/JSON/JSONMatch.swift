/// The matching rule of expectations: a pattern matches a value when every member it names
/// matches, recursively (partial for objects, element-wise for arrays), and numbers compare by
/// value (`1` matches `1.0`).
///
/// Two operators match arrays in any order, for lists that grow (a trait adding a view): an object
/// pattern with the single member `$contains` or `$anyOrder` (an array of patterns), matched
/// against an array. `{"$contains": [p, ...]}`: each pattern matches a different element, in any
/// order, other elements allowed. `{"$anyOrder": [p, ...]}`: the same, and the array has exactly as
/// many elements as patterns. Against an object such a pattern keeps its plain meaning (a member
/// named `$contains`), so no pattern written before changes meaning.
public enum JSONMatch {
    /// True when `value` satisfies `pattern`.
    public static func matches(_ pattern: JSONValue, _ value: JSONValue?) -> Bool {
        guard let value else { return false }
        if let (op, patterns) = arrayOperator(pattern), case .array(let actual) = value {
            return unmatched(patterns, in: actual).isEmpty && (op == .contains || patterns.count == actual.count)
        }
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

    /// `$contains` or `$anyOrder`.
    public enum ArrayOperator: String, Sendable {
        case contains = "$contains"
        case anyOrder = "$anyOrder"
    }

    /// The operator and its patterns when `pattern` is `{"$contains": [...]}` or `{"$anyOrder": [...]}`.
    public static func arrayOperator(_ pattern: JSONValue) -> (ArrayOperator, [JSONValue])? {
        guard case .object(let object) = pattern, object.count == 1, let (key, value) = object.elements.first,
              let op = ArrayOperator(rawValue: key), case .array(let patterns) = value else { return nil }
        return (op, patterns)
    }

    /// The indices of `patterns` left without an element of `actual` when each pattern takes a
    /// different element (a maximum bipartite matching, so the order of patterns does not matter).
    static func unmatched(_ patterns: [JSONValue], in actual: [JSONValue]) -> [Int] {
        let fits = patterns.map { pattern in actual.indices.filter { matches(pattern, actual[$0]) } }
        var owner = [Int?](repeating: nil, count: actual.count)
        func assign(_ p: Int, _ seen: inout Set<Int>) -> Bool {
            for element in fits[p] where !seen.contains(element) {
                seen.insert(element)
                if let other = owner[element] {
                    if !assign(other, &seen) { continue }
                }
                owner[element] = p
                return true
            }
            return false
        }
        var left: [Int] = []
        for p in patterns.indices {
            var seen = Set<Int>()
            if !assign(p, &seen) { left.append(p) }
        }
        return left
    }

    /// Guards against doubles hiding a difference between two large integers.
    private static func sameInteger(_ a: JSONValue, _ b: JSONValue) -> Bool {
        if case .integer(let x) = a, case .integer(let y) = b { return x == y }
        return true
    }
}
