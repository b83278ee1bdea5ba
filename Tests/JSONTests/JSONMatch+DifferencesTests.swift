import JSON
import Testing

/// `$contains` / `$anyOrder` and the per-path differences that failure reports print.
struct JSONMatchDifferencesTests {
    private func json(_ text: String) throws -> JSONValue { try JSONDocument(text: text).value }

    @Test func containsMatchesElementsInAnyOrderAmongOthers() throws {
        let children = try json(#"[{"kind":"backdrop"},{"kind":"view","id":"skip"},{"kind":"container","currentPage":1}]"#)
        #expect(JSONMatch.matches(try json(#"{"$contains":[{"kind":"container"},{"id":"skip"}]}"#), children))
        #expect(!JSONMatch.matches(try json(#"{"$contains":[{"id":"next"}]}"#), children))
        // Each pattern takes a different element: two patterns cannot share the one `skip`.
        #expect(!JSONMatch.matches(try json(#"{"$contains":[{"id":"skip"},{"id":"skip"}]}"#), children))
        // A greedy first choice would take the container for the first pattern and fail the second.
        #expect(JSONMatch.matches(try json(#"{"$contains":[{},{"kind":"container"},{"kind":"backdrop"}]}"#), children))
    }

    @Test func anyOrderNeedsEveryElement() throws {
        let array = try json(#"[1, 2, 3]"#)
        #expect(JSONMatch.matches(try json(#"{"$anyOrder":[3, 1, 2]}"#), array))
        #expect(!JSONMatch.matches(try json(#"{"$anyOrder":[3, 1]}"#), array))
        #expect(JSONMatch.differences(try json(#"{"$anyOrder":[3, 1]}"#), array)
                == [.init(path: .root, expected: "2 elements, in any order", actual: "3 elements")])
    }

    @Test func anOperatorAgainstAnObjectKeepsItsPlainMeaning() throws {
        // A pattern written before the operators existed: a member named `$contains`.
        #expect(JSONMatch.matches(try json(#"{"$contains":[1]}"#), try json(#"{"$contains":[1],"x":2}"#)))
        #expect(!JSONMatch.matches(try json(#"{"$contains":[1]}"#), try json(#"{"x":[1]}"#)))
        // Plain arrays stay positional and exact-length.
        #expect(!JSONMatch.matches(try json("[2, 1]"), try json("[1, 2]")))
    }

    @Test func differencesNameThePathOfEachLeaf() throws {
        let pattern = try json(#"{"kind":"wrapper","children":[{"kind":"backdrop"},{"kind":"container","currentPage":2,"title":"Hi"}]}"#)
        let tree = try json(#"{"kind":"wrapper","id":"w","children":[{"kind":"backdrop"},{"kind":"container","currentPage":1}]}"#)
        let found = JSONMatch.differences(pattern, tree, at: JSONPath.root.key("tree"))
        #expect(found == [
            .init(path: JSONPath.root.key("tree").key("children").index(1).key("currentPage"), expected: .json(.integer(2)), actual: .json(.integer(1))),
            .init(path: JSONPath.root.key("tree").key("children").index(1).key("title"), expected: .json(.string("Hi")), actual: "missing"),
        ])
        #expect(found.map(\.path.description) == ["tree.children[1].currentPage", "tree.children[1].title"])
        #expect(JSONMatch.differences(pattern, pattern).isEmpty)
    }

    @Test func aLengthDifferenceSaysHowToMatchInAnyOrder() throws {
        let found = JSONMatch.differences(try json("[1]"), try json("[1, 2]"))
        #expect(found.count == 1)
        #expect(found.first?.expected.text.contains("$contains") == true)
        #expect(found.first?.actual == "2 elements")
    }

    @Test func anUnmatchedContainsPatternIsReported() throws {
        let found = JSONMatch.differences(try json(#"{"$contains":[{"id":"a"},{"id":"zz"}]}"#), try json(#"[{"id":"a"},{"id":"b"}]"#))
        #expect(found == [.init(path: .root, expected: #"an element matching {"id":"zz"} ($contains)"#, actual: "none of 2 elements matches")])
    }
}

/// `JSONPath(description:)` reads back what `description` writes.
struct JSONPathDescriptionTests {
    @Test(arguments: [
        JSONPath.root, JSONPath.root.key("steps").index(3).key("expect").key("ui").key("banner.title").key("text"),
        JSONPath.root.key("events").index(1), JSONPath.root.key("a b").key("\"q\"\\").index(0).index(12), JSONPath.root.key("é"), JSONPath.root.index(2).key("x"),
    ])
    func aDescriptionReadsBack(_ path: JSONPath) {
        #expect(JSONPath(description: path.description) == path, "\(path)")
    }

    @Test(arguments: ["error event", "", "a.", "a[", "a[x]", "a[\"x\"", "[", "a..b", "a[1]b"])
    func textThatIsNoPathIsNil(_ text: String) {
        #expect(JSONPath(description: text) == nil, "\(text)")
    }
}
