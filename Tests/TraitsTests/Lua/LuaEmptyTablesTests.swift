import JSON
import Testing
@testable import Traits

/// An empty Lua table where the SDK expects an array is an empty array (`{}` converts to JSON
/// `{}`): in an experience shown from Lua, in a conditional's `checks` and `actions`, in
/// `traits.runActions`; and `traits.show("file.json")` says that only the `show` step reads files.
@Suite struct LuaEmptyTablesTests {
    typealias F = ExperienceFixture

    /// A conditional whose first check has `actions = {}` (an empty Lua table) and whose else
    /// check tracks: the SDK decodes `[]` there, so the first check is satisfied and runs no
    /// action (the conditional is not dropped, the else does not run).
    @Test func anEmptyTableInAConditionalsActionsIsAnEmptyArray() throws {
        let h = try TraitsHarness()
        try h.lua(presentLua + #"""
        traits.show{id = "00000000-0000-4000-8000-000000000001", name = "T", type = "mobile", traits = {{type = "@t/present"}},
          steps = {{id = "00000000-0000-4000-8000-000000000011", type = "modal", traits = {},
            actions = {["00000000-0000-4000-8000-000000000012"] = {{on = "tap", type = "@appcues/conditional", config = {checks = {
              {condition = {token = {token = "a", operator = "==", value = "a"}}, actions = {}},
              {actions = {{on = "tap", type = "@appcues/track", config = {eventName = "else"}}}}}}}}},
            content = {type = "button", id = "00000000-0000-4000-8000-000000000012", content = {type = "text", id = "00000000-0000-4000-8000-000000000013", text = "Go"}}}}}
        traits.tap("00000000-0000-4000-8000-000000000012")
        """#)
        #expect(h.events("log", ["message"]).contains(#"log message="@appcues/conditional satisfied a equals a, adding 0 action(s) to queue""#),
                "\(h.events("log", ["message"]))")
        #expect(!h.engine.transcript.events.contains { $0["name"]?.stringValue == "else" })
    }

    /// The same from JSON text: `{}` where the SDK's decoder expects an array fails the
    /// conditional's config, which the SDK drops (no action made, nothing logged by it).
    @Test func jsonTextKeepsTheSDKsDecoding() throws {
        let normalized = LuaEmptyTables.actions(.array([.object(["type": .string("@appcues/conditional"),
                                                                 "config": .object(["checks": .object([:])])])]))
        #expect(normalized.arrayValue?.first?["config"]?["checks"] == .array([]))
        #expect(LuaEmptyTables.actions(.object([:])) == .array([]))
        #expect(LuaEmptyTables.actions(.object(["a": .integer(1)])) == .object(["a": .integer(1)]), "a non-empty object is left as it is")
    }

    /// `traits.runActions({})` runs nothing and is no error.
    @Test func runActionsTakesAnEmptyTable() throws {
        let h = try TraitsHarness.showing(F.tour)
        try h.lua("traits.runActions({})")
        #expect(h.analytics("step_interaction").count == 1, "the interaction is still recorded, with no action")
    }

    /// `traits.show("tour.json")` is a file name, not JSON text: the error says only the `show` step reads files.
    @Test func showAFileNameSaysOnlyTheShowStepReadsFiles() throws {
        let h = try TraitsHarness()
        let result = try h.lua("return pcall(traits.show, 'fixtures/tour.json')")
        #expect(result.first?.boolValue == false)
        #expect(result.last?.stringValue?.contains("only the `show` step reads files") == true, "\(result.last?.stringValue ?? "")")
    }

    /// Hostile: conditionals nested far deeper than the walk are left as they are, within the limits.
    @Test func deeplyNestedConditionalsAreBounded() throws {
        var action: JSONValue = .object(["type": .string("@appcues/track"), "config": .object(["eventName": .string("x")])])
        for _ in 0..<500 {
            action = .object(["type": .string("@appcues/conditional"),
                              "config": .object(["checks": .array([.object(["actions": .array([action])])])])])
        }
        let normalized = LuaEmptyTables.actions(.array([action]))
        #expect(normalized.arrayValue?.count == 1)
    }
}
