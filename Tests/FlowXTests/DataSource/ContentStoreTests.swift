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
