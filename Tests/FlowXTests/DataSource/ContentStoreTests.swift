import Engine
import JSON
import Testing
@testable import FlowX

@Suite struct ContentStoreTests {
    func makeStore() throws -> (ContentStore, Transcript) {
        let transcript = Transcript(clock: { 0 })
        let store = ContentStore(transcript: transcript)
        try store.setEnumerations(try json("""
            {"countries": [{"code": "RO", "content": "Romania", "order": 2, "childContentDescription": {"name": "counties"}},
                           {"code": "MD", "content": "Moldova", "order": 1}],
             "counties": [{"code": "CJ", "content": "Cluj"}]}
            """))
        return (store, transcript)
    }

    @Test func tagsAndMediaGiveNilForUnknownKeys() {
        let store = ContentStore(transcript: Transcript(clock: { 0 }))
        store.setTags(["hello": "Salut"])
        store.setMedia(["logo": "https://cdn/logo.png"])
        #expect(store.tag("hello") == "Salut" && store.tag("bye") == nil)
        #expect(store.mediaURL("logo") == "https://cdn/logo.png" && store.mediaURL("icon") == nil)
    }

    @Test func enumerationsAreOrderedCachedAndCheckedAgainstTheirParent() throws {
        let (store, transcript) = try makeStore()
        #expect(store.enumeration("countries", parent: nil, language: "en")?.map(\.code) == ["MD", "RO"])
        #expect(store.enumeration("countries", parent: nil, language: "en")?.count == 2)
        #expect(store.enumeration("counties", parent: "countries", language: "en")?.first?.content == "Cluj")
        #expect(store.enumeration("countries", parent: "counties", language: "en") == nil)
        #expect(store.enumeration("planets", parent: nil, language: "en") == nil)
        #expect(store.enumeration("countries", parent: nil, language: "ro")?.count == 2)
        let cached = transcript.events.map { $0["cached"] == true }
        #expect(cached == [false, true, false, false, false, false])
        #expect(transcript.events[3]["found"] == false)
    }

    @Test func malformedEnumerationsNameThePath() throws {
        let (store, _) = try makeStore()
        #expect(throws: LocatedProblem(path: JSONPath.root.key("countries").index(1).key("code"), message: "missing required key (expected a string)")) {
            try store.setEnumerations(try json(#"{"countries": [{"code": "RO"}, {"content": "x"}]}"#))
        }
    }
}

/// Issue 22, item 8: enumeration items as the SDK's Codable models decode them.
@Suite struct EnumerationItemDecodingTests {
    // Issue 22: "EnumerationItem and the other Codable models ignore unknown keys and leave missing
    // optional fields empty (no invented values)". Swift's Codable ignores keys a model does not
    // declare and decodes a missing Optional as nil.
    @Test func unknownKeysAreIgnoredAndMissingFieldsStayEmpty() throws {
        let store = ContentStore(transcript: Transcript(clock: { 0 }))
        try store.setEnumerations(try json("""
            {"e": [{"code": "B", "translations": {"ro": "Bee"}, "childContentDescription": {"name": "sub", "extra": 1}},
                   {"code": "A", "order": 1, "content": "Ay", "type": "enum"}]}
            """))
        let items = try #require(store.enumeration("e", parent: nil, language: "en"))
        #expect(items.map(\.code) == ["A", "B"])   // an item without an order comes after ordered ones
        #expect(items[1].content == nil && items[1].type == nil && items[1].order == nil && items[1].childName == "sub")
        #expect(items[1].json == ["code": "B", "childContentDescription": ["name": "sub"]])
        #expect(items[0].json == ["code": "A", "type": "enum", "order": 1, "content": "Ay"])
    }
}
