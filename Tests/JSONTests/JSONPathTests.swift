import JSON
import Testing

@Suite("JSONPath")
struct JSONPathTests {
    @Test(
        "renders like the C encoder",
        arguments: [
            ([], "$"), ([.key("a"), .index(3)], "$.a[3]"), ([.key("odd key")], #"$["odd key"]"#),
            ([.key("a\"b\\c")], #"$["a\"b\\c"]"#), ([.key("\n")], #"$["\u000a"]"#), ([.key("é")], #"$["é"]"#),
        ] as [([JSONPath.Component], String)])
    func render(components: [JSONPath.Component], expected: String) {
        #expect(JSONPath(components).description == expected)
    }
}
