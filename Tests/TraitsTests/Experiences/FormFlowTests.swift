import JSON
import Testing
@testable import Traits

/// Forms in an experience: typing and selecting, `@appcues/submit-form` blocking an incomplete
/// form and publishing a complete one, `@appcues/conditional` branching on the answers.
@Suite struct FormFlowTests {
    typealias F = ExperienceFixture

    static let formContent = F.stack(111, [
        #"{"type": "textInput", "id": "\#(F.id(112))", "label": \#(F.text(1120, "Name")), "required": true, "attributeName": "name", "maxLength": 5}"#,
        #"{"type": "optionSelect", "id": "\#(F.id(113))", "label": \#(F.text(1130, "Ready?")), "selectMode": "single", "minSelections": 1,"# +
            #""options": [{"value": "yes", "content": \#(F.text(1131, "Yes"))}, {"value": "no", "content": \#(F.text(1132, "No"))}]}"#,
        F.button(114, "Submit"),
    ])
    static let branches = #"{"checks": [{"condition": {"survey": {"block": "\#(F.id(113))", "operator": "==", "value": "yes"}},"# +
        #""actions": [{"on": "tap", "type": "@appcues/continue", "config": {"stepID": "\#(F.id(21))"}}]},"# +
        #"{"actions": [{"on": "tap", "type": "@appcues/continue", "config": {"stepID": "\#(F.id(31))"}}]}]}"#
    static let json = F.experience([
        F.step(11, content: formContent, actions: [114: [F.action("tap", "@appcues/submit-form"), F.action("tap", "@appcues/conditional", branches)]]),
        F.step(21, content: F.text(2100, "Welcome aboard")),
        F.step(31, content: F.text(3100, "Maybe later")),
    ])

    @Test func anIncompleteFormBlocksTheActionsAfterTheSubmitAndShowsErrors() throws {
        let h = try TraitsHarness.showing(Self.json)
        try h.tap(114)
        #expect(h.system.renderer.current?.stepIndex == .init(group: 0, item: 0))
        #expect(h.system.renderer.componentView(F.id(112))?["error"] == .bool(true))
        #expect(h.system.renderer.componentView(F.id(113))?["error"] == .bool(true))
        #expect(h.analytics.last == "step_interaction")
        #expect(h.events("profile.updated").isEmpty)
    }

    @Test(arguments: [("yes", 1), ("no", 2)])
    func aCompleteFormSubmitsThenBranches(answer: String, group: Int) throws {
        let h = try TraitsHarness.showing(Self.json)
        try h.lua("traits.type('\(F.id(112))', 'Ada Lovelace') traits.select('\(F.id(113))', '\(answer)')")
        #expect(h.system.renderer.componentView(F.id(112))?["value"] == .string("Ada L"), "cut at maxLength")
        #expect(h.system.renderer.componentView(F.id(113))?["selected"] == .array([.string(answer)]))
        try h.tap(114)
        #expect(h.system.renderer.current?.stepIndex == .init(group: group, item: 0))
        #expect(h.system.renderer.profile["name"] == .string("Ada L"))
        #expect(h.system.renderer.profile["_appcuesForm_ready"] == .string(answer))
        let form = h.analytics("step_interaction").first { $0["interactionType"] == .string("Form Submitted") }
        let response = try #require(form?["interactionData"]?["formResponse"]?.arrayValue)
        #expect(response.map { $0["label"] } == [.string("Name"), .string("Ready?")])
        #expect(response.map { $0["fieldRequired"] } == [.bool(true), .bool(true)])
        #expect(response.last?["position"] == .string(answer == "yes" ? "0" : "1"))
    }

    @Test func selectingAnUnknownOptionNamesTheOptions() throws {
        let h = try TraitsHarness.showing(Self.json)
        #expect(throws: (any Error).self) { try h.lua("traits.select('\(F.id(113))', 'maybe')") }
        do { try h.lua("traits.select('\(F.id(113))', 'maybe')") } catch {
            #expect("\(error)".contains("has no option 'maybe' (options: yes, no)"))
        }
    }

    @Test func theJSONTapStepReachesExperienceButtons() throws {
        let h = try TraitsHarness.showing(F.tour)
        try h.engine.ui.tap(id: F.id(1011))
        h.engine.settle()
        #expect(h.system.renderer.current?.stepIndex == .init(group: 0, item: 1))
        #expect(throws: (any Error).self) { try h.engine.ui.tap(id: F.id(4242)) }
        #expect(throws: (any Error).self, "a kind is not an id") { try h.engine.ui.tap(id: "button") }
        try h.engine.ui.tap(id: F.id(1012).uppercased())
        h.engine.settle()
        #expect(h.system.renderer.current?.stepIndex == .init(group: 1, item: 0), "UUIDs in any case")
    }

    /// A conditional's condition nested past the bound refuses the action (it is dropped).
    @Test func aDeeplyNestedConditionIsRefused() throws {
        var clause = #"{"survey": {"block": "\#(F.id(113))", "operator": "==", "value": "yes"}}"#
        for _ in 0..<100 { clause = #"{"not": \#(clause)}"# }
        #expect(throws: ActionError("condition nested deeper than 64")) { _ = try Clause(try JSONValue.decode(clause)) }
        #expect(ConditionalAction.checks(try JSONValue.decode(#"{"checks": [{"condition": \#(clause), "actions": []}]}"#)) == nil)
    }
}
