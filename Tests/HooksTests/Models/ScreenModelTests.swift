import JSON
import Testing
@testable import Hooks

@Suite struct ScreenModelTests {
    @Test func readsPreloadAndPostloadHooksInOrder() throws {
        let screens = try ScreenModel.parseRiver(try JSONValue.decode("""
            [{"id": "home", "name": "Home", "type": "general", "general": {"is_flow_blocker": true}, "hooks": {
                "preload_plugins": [{"identifier": "login", "type": "login", "screen_id": "login-screen", "weight": 1},
                                    {"identifier": "analytics_hook", "type": "general"}],
                "postload_plugins": [{"identifier": "after", "type": "general"}]}},
             {"id": "bare"}, {"id": "empty", "hooks": {}}, {"id": "nulls", "hooks": null}]
            """))
        #expect(screens.map(\.id) == ["home", "bare", "empty", "nulls"])
        let home = screens[0]
        #expect(home.preloadPlugins == [HookEntry(identifier: "login", type: "login", screenId: "login-screen", weight: 1),
                                        HookEntry(identifier: "analytics_hook", type: "general")])
        #expect(home.postloadPlugins.map(\.identifier) == ["after"])
        #expect(home.general["is_flow_blocker"] == true && home.name == "Home")
        #expect(screens[1...].allSatisfy { $0.preloadPlugins.isEmpty && $0.postloadPlugins.isEmpty })
    }

    @Test func malformedEntriesAreIgnoredAsTheSDKIgnoresThem() throws {
        let screens = try ScreenModel.parseRiver(try JSONValue.decode("""
            [{"id": "s", "hooks": {"preload_plugins": [
                {"identifier": 1, "type": "general"}, {"identifier": "a", "type": 2}, {"identifier": "b"},
                {"type": "general"}, "text", null, {"identifier": "ok", "type": "general"},
                {"identifier": "numeric", "type": "general", "screen_id": 12}]}}]
            """))
        // Non-string identifier or type: ignored. A numeric screen_id is dropped: the entry stays as a plain hook.
        #expect(screens[0].preloadPlugins == [HookEntry(identifier: "ok", type: "general"), HookEntry(identifier: "numeric", type: "general")])
        #expect(screens[0].ignoredEntries == 6)
    }

    @Test(arguments: [
        (#"{"id": "x"}"#, "river.json: $: expected an array of screens, got object"),
        (#"[{"id": 5}]"#, "river.json: [0].id: expected a string, got number"),
        (#"[{"name": "x"}]"#, "river.json: [0].id: missing required key (expected a string)"),
        (#"[{"id": "a"}, {"id": "a"}]"#, "river.json: [1].id: duplicate screen id \"a\""),
        (#"[{"id": "a", "hooks": []}]"#, "river.json: [0].hooks: expected an object, got array"),
        (#"[{"id": "a", "hooks": {"preload_plugins": {"identifier": "x"}}}]"#, "river.json: [0].hooks.preload_plugins: expected an array, got object"),
        (#"[{"id": "a"}, {"id": "b", "hooks": {"postload_plugins": "x"}}]"#, "river.json: [1].hooks.postload_plugins: expected an array, got string"),
        (#"[{"id": "a", "general": 3}]"#, "river.json: [0].general: expected an object, got number"),
    ])
    func malformedRiverNamesTheFileAndPath(text: String, message: String) throws {
        let error = #expect(throws: LocatedProblem.self) { try ScreenModel.parseRiver(try JSONDocument(text: text).value) }
        #expect(error?.description == message)
    }

    @Test func theFileNameIsTheOneGiven() throws {
        let error = #expect(throws: LocatedProblem.self) { try ScreenModel.parseRiver([1], file: "fixtures/river.json") }
        #expect(error?.description == "fixtures/river.json: [0]: expected a screen object, got number")
    }

    /// Read from text, a problem has the line and column of the value.
    @Test func problemsInAFileHaveALineAndColumn() throws {
        let reader = try JSONReader(file: "river.json", bytes: Array("[\n  {\"id\": \"a\"},\n  {\"id\": 7}\n]".utf8))
        let error = #expect(throws: LocatedProblem.self) { try ScreenModel.parseRiver(reader) }
        #expect(error?.description == "river.json:3:10: [1].id: expected a string, got number")
    }
}
