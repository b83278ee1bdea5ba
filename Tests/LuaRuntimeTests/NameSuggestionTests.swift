import LuaRuntime
import Testing

/// The closest known name, and the one unknown-key message (issue 35, item 1).
@Suite struct NameSuggestionTests {
    @Test(arguments: [
        ("showLoadr", "showLoader", 1), ("exectue", "execute", 1), ("onPresnt", "onPresent", 1), ("nmae", "name", 1),
        ("ab", "ba", 1), ("", "abc", 3), ("kitten", "sitting", 3), ("same", "same", 0), ("ca", "abc", 3),
    ])
    func theDistanceCountsTranspositionsAsOneEdit(_ a: String, _ b: String, _ expected: Int) {
        #expect(NameSuggestion.distance(a, b) == expected)
        #expect(NameSuggestion.distance(b, a) == expected)
    }

    @Test func aCloseNameIsSuggestedAndAFarOneIsNot() {
        let keys = ["isModal", "showLoader", "completion", "onProcessEnded", "projectId", "workspaceId"]
        #expect(NameSuggestion.closest(to: "showLoadr", among: keys) == "showLoader")
        #expect(NameSuggestion.closest(to: "ShowLoader", among: keys) == "showLoader")   // case only
        #expect(NameSuggestion.closest(to: "ismodal", among: keys) == "isModal")
        #expect(NameSuggestion.closest(to: "colour", among: keys) == nil)
        #expect(NameSuggestion.closest(to: "x", among: ["id", "on"]) == nil)           // two edits of a short name: not close
        #expect(NameSuggestion.closest(to: "xz", among: ["x", "y"]) == "x")
        #expect(NameSuggestion.closest(to: "name", among: ["name", "nmae"]) == nil)    // a known name is not unknown
        #expect(NameSuggestion.closest(to: "cpn", among: ["email", "min", "max"]) == nil)   // two edits of three letters
        #expect(NameSuggestion.closest(to: "dismissRequest", among: ["dismissRequested"]) == "dismissRequested")
        #expect(NameSuggestion.closest(to: "anything", among: []) == nil)
    }

    @Test func tiesGoToTheFirstInSortedOrder() {
        #expect(NameSuggestion.closest(to: "cat", among: ["cot", "bat"]) == "bat")
    }

    @Test func theMessageNamesTheKeyTheCloseKeyAndTheKnownKeys() {
        #expect(NameSuggestion.unknownKey("showLoadr", known: ["showLoader", "isModal"], quote: NameSuggestion.luaQuote)
                == "unknown key 'showLoadr' (did you mean 'showLoader'? known: isModal, showLoader)")
        #expect(NameSuggestion.unknownKey("colour", known: ["showLoader", "isModal"], quote: { "\"\($0)\"" })
                == "unknown key \"colour\" (known: isModal, showLoader)")
        #expect(NameSuggestion.unknown("step", "tpa", " in a test", known: ["tap"], quote: NameSuggestion.luaQuote)
                == "unknown step 'tpa' in a test (did you mean 'tap'? known: tap)")
        #expect(NameSuggestion.unknownKey("a", known: [String](), quote: NameSuggestion.luaQuote) == "unknown key 'a' (known: none)")
    }
}
