import JSON
import Testing
@testable import SystemKit

struct PositionedJSONParserTests {
    private func parse(_ text: String) throws(JSONSyntaxError) -> ParsedJSON { try PositionedJSONParser.parse(Array(text.utf8)) }

    @Test func keepsKeyOrderAndNumberKinds() throws {
        let parsed = try parse(#"{"z": 1, "a": 1.0, "m": [true, null, "x\u00e9\ud83d\ude00"], "big": 12345678901234567890}"#)
        #expect(parsed.value.objectValue?.keys.elements == ["z", "a", "m", "big"])
        #expect(parsed.value["z"] == .integer(1))
        #expect(parsed.value["a"] == .double(1.0))
        #expect(parsed.value["m"] == [true, nil, "xé😀"])
        #expect(parsed.value["big"] == .double(1.2345678901234567e19))
    }

    @Test func recordsPositionsByPath() throws {
        let parsed = try parse("{\n  \"steps\": [\n    {\"tap\": \"ok\"}\n  ]\n}")
        #expect(parsed.positions[JSONPath.root.key("steps")] == SourcePosition(line: 2, column: 12))
        #expect(parsed.positions[JSONPath.root.key("steps").index(0).key("tap")] == SourcePosition(line: 3, column: 13))
    }

    @Test(arguments: [
        ("{\"a\": 1,}", 1, 9, "expected a string key"),
        ("{\n  \"a\": tru\n}", 2, 8, "invalid literal"),
        ("[1, 2", 1, 6, "expected ',' or ']'"),
        ("{\"a\": \"x", 1, 9, "unterminated string"),
        ("{\"a\": 1} x", 1, 10, "unexpected content"),
        ("{\"a\": 1, \"a\": 2}", 1, 10, "duplicate key"),
        ("[01]", 1, 3, "leading zero"),
        ("[1e999]", 1, 2, "out of range"),
        ("\"\\ud800\"", 1, 8, "unpaired surrogate"),
        ("", 1, 1, "unexpected end of input"),
        ("[\"\u{01}\"]", 1, 3, "control character"),
    ])
    func syntaxErrorsHaveLineAndColumn(text: String, line: Int, column: Int, message: String) {
        do {
            _ = try parse(text)
            Issue.record("no error for \(text)")
        } catch {
            #expect(error.position == SourcePosition(line: line, column: column), "\(text): \(error)")
            #expect(error.message.contains(message), "\(error.message)")
        }
    }

    @Test func rejectsInvalidUTF8AndDeepNesting() {
        #expect(throws: JSONSyntaxError.self) { try PositionedJSONParser.parse([0x22, 0xFF, 0x22]) }
        #expect(throws: JSONSyntaxError.self) { try parse(String(repeating: "[", count: 10_000)) }
    }
}
