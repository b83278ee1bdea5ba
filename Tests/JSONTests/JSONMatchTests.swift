import JSON
import Testing

struct JSONMatchTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var pattern: JSONValue
        var value: JSONValue
        var matches: Bool
        var testDescription: String { "\(JSONWriter.text(pattern)) vs \(JSONWriter.text(value))" }
    }

    // Computed, not a global `let`: LeakSanitizer cannot see through the tag bits Swift stores in
    // JSONValue pointers, so JSON values kept in globals until exit read as leaks.
    static var cases: [Case] { [
        Case(pattern: ["a": 1], value: ["a": 1, "b": 2], matches: true),
        Case(pattern: ["a": 1], value: ["a": 1.0], matches: true),
        Case(pattern: ["a": 1.5], value: ["a": 1], matches: false),
        Case(pattern: ["a": ["x": "y"]], value: ["a": ["x": "y", "z": 1]], matches: true),
        Case(pattern: ["a": ["x": "y"]], value: ["a": ["x": "n"]], matches: false),
        Case(pattern: ["a": [1, ["k": true]]], value: ["a": [1.0, ["k": true, "j": nil]]], matches: true),
        Case(pattern: ["a": [1]], value: ["a": [1, 2]], matches: false),
        Case(pattern: ["missing": nil], value: ["a": 1], matches: false),
        Case(pattern: ["a": nil], value: ["a": nil], matches: true),
        Case(pattern: ["a": "1"], value: ["a": 1], matches: false),
        Case(pattern: .integer(9_007_199_254_740_993), value: .integer(9_007_199_254_740_992), matches: false),
    ] }

    @Test(arguments: cases)
    func partialDeepMatch(_ c: Case) {
        #expect(JSONMatch.matches(c.pattern, c.value) == c.matches)
    }
}
