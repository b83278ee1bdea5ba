import JSON
import Testing

@Suite("JSONPath")
struct JSONPathTests {
    @Test(
        "renders as a JSONPath expression, like the C encoder",
        arguments: [
            ([], "$"), ([.key("a"), .index(3)], "$.a[3]"), ([.key("odd key")], #"$["odd key"]"#),
            ([.key("a\"b\\c")], #"$["a\"b\\c"]"#), ([.key("\n")], #"$["\u000a"]"#), ([.key("é")], #"$["é"]"#),
        ] as [([JSONPath.Component], String)])
    func expression(components: [JSONPath.Component], expected: String) {
        #expect(JSONPath(components).expression == expected)
    }

    @Test(
        "renders the way messages name a value",
        arguments: [
            ([], "$"), ([.key("steps"), .index(3), .key("deliver"), .key("vars")], "steps[3].deliver.vars"),
            ([.index(0), .key("id")], "[0].id"), ([.key("files"), .key("a b")], #"files["a b"]"#),
            ([.key("_x9")], "_x9"), ([.key("9x")], #"["9x"]"#), ([.key("")], #"[""]"#),
        ] as [([JSONPath.Component], String)])
    func description(components: [JSONPath.Component], expected: String) {
        #expect(JSONPath(components).description == expected)
    }

    @Test func buildsByKeyAndIndex() {
        let path = JSONPath.root.key("steps").index(2)
        #expect(path == JSONPath([.key("steps"), .index(2)]))
        #expect(path.parent == JSONPath.root.key("steps"))
        #expect(JSONPath.root.parent == .root)
    }
}
