import JSON

/// Where an expected JSON value and the actual one differ, by JSON path: the expected/actual
/// table of a failure in the HTML report. Objects compare by the members the expected value
/// names (expectations are partial patterns), arrays element by element, numbers by value.
public enum JSONDiff {
    /// One difference: the path (from the expectation's value), and each side as JSON text
    /// (nil: absent on that side).
    public struct Difference: Sendable, Equatable {
        public var path: JSONPath
        public var expected: String?
        public var actual: String?
    }

    /// The differences of two JSON texts; nil when either is not JSON (a prose `actual` such as
    /// `views shown: [...]`): the report then shows both texts as they are.
    public static func differences(expected: String, actual: String) -> [Difference]? {
        guard let a = try? JSONDocument(text: expected).value, let b = try? JSONDocument(text: actual).value else { return nil }
        var out: [Difference] = []
        walk(a, b, .root, into: &out)
        return out
    }

    /// At most this many differences are listed.
    public static let limit = 200

    static func walk(_ expected: JSONValue, _ actual: JSONValue, _ path: JSONPath, into out: inout [Difference]) {
        guard out.count < limit else { return }
        switch (expected, actual) {
        case (.object(let e), .object(let a)):
            for (key, value) in e {
                if let other = a[key] { walk(value, other, path.key(key), into: &out) } else {
                    out.append(Difference(path: path.key(key), expected: JSONWriter.text(value), actual: nil))
                }
            }
        case (.array(let e), .array(let a)):
            for i in 0..<max(e.count, a.count) {
                if i < e.count, i < a.count {
                    walk(e[i], a[i], path.index(i), into: &out)
                } else if i < e.count {
                    out.append(Difference(path: path.index(i), expected: JSONWriter.text(e[i]), actual: nil))
                } else {
                    out.append(Difference(path: path.index(i), expected: nil, actual: JSONWriter.text(a[i])))
                }
            }
        default:
            if !JSONMatch.equals(expected, actual) {
                out.append(Difference(path: path, expected: JSONWriter.text(expected), actual: JSONWriter.text(actual)))
            }
        }
    }
}
