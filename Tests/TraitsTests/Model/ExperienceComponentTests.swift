import JSON
import Testing
@testable import Traits

/// Step content decoded as the SDK's `ExperienceComponent`: each type's required keys, UUID ids,
/// unknown types, `block`, text spans, form models; problems name the JSON path.
@Suite struct ExperienceComponentTests {
    static let id = "0C9F3C52-5A5E-4D4B-9D7C-1B0F0E5F9A01"

    func decode(_ text: String) throws -> ExperienceComponent {
        try ExperienceComponent.decode(try JSONValue.decode(text), path: JSONPath.root.key("content"))
    }

    func problem(_ text: String) -> String? {
        do { _ = try decode(text) } catch let problem as LocatedProblem { return problem.description } catch { return "\(error)" }
        return nil
    }

    @Test func idsAreLowerCasedUUIDsAndBlocksStandForTheirContent() throws {
        let text = try decode(#"{"type": "block", "content": {"type": "text", "id": "\#(Self.id)", "spans": [{"text": "a"}, {"text": "b"}]}}"#)
        #expect(text.type == "text" && text.id == Self.id.lowercased())
        #expect(text.properties["text"] == .string("ab"))
    }

    @Test(arguments: [
        (#"{"type": "video", "id": "0C9F3C52-5A5E-4D4B-9D7C-1B0F0E5F9A01"}"#, "content.type: unknown type 'video'"),
        (#"{"type": "text", "text": "x"}"#, "content.id: missing required key (expected a string)"),
        (#"{"type": "text", "id": "t1", "text": "x"}"#, "content.id: attempted to decode UUID from invalid UUID string 't1'"),
        (#"{"type": "text", "id": "0C9F3C52-5A5E-4D4B-9D7C-1B0F0E5F9A01"}"#, "content.text: no text or spans defined"),
        (#"{"type": "stack", "id": "0C9F3C52-5A5E-4D4B-9D7C-1B0F0E5F9A01", "items": []}"#, "content.orientation: missing required key (expected a string)"),
        (#"{"type": "stack", "id": "0C9F3C52-5A5E-4D4B-9D7C-1B0F0E5F9A01", "orientation": "diagonal", "items": []}"#,
         "content.orientation: cannot initialize Orientation from invalid String value diagonal"),
        (#"{"type": "box", "id": "0C9F3C52-5A5E-4D4B-9D7C-1B0F0E5F9A01"}"#, "content.items: missing required key (expected an array)"),
        (#"{"type": "button", "id": "0C9F3C52-5A5E-4D4B-9D7C-1B0F0E5F9A01"}"#, "content.content: missing required key"),
        (#"{"type": "image", "id": "0C9F3C52-5A5E-4D4B-9D7C-1B0F0E5F9A01"}"#, "content.imageUrl: missing required key (expected a string)"),
        (#"{"type": "embed", "id": "0C9F3C52-5A5E-4D4B-9D7C-1B0F0E5F9A01"}"#, "content.embed: missing required key (expected a string)"),
        (#"{"type": "customComponent", "id": "0C9F3C52-5A5E-4D4B-9D7C-1B0F0E5F9A01"}"#, "content.identifier: missing required key (expected a string)"),
        (#"{"type": "textInput", "id": "0C9F3C52-5A5E-4D4B-9D7C-1B0F0E5F9A01"}"#, "content.label: missing required key"),
        (#"{"type": "optionSelect", "id": "0C9F3C52-5A5E-4D4B-9D7C-1B0F0E5F9A01", "label": {"id": "0C9F3C52-5A5E-4D4B-9D7C-1B0F0E5F9A02", "text": "L"}, "selectMode": "some", "options": []}"#,
         "content.selectMode: cannot initialize SelectMode from invalid String value some"),
        (#"{"type": "optionSelect", "id": "0C9F3C52-5A5E-4D4B-9D7C-1B0F0E5F9A01", "label": {"id": "0C9F3C52-5A5E-4D4B-9D7C-1B0F0E5F9A02", "text": "L"}, "selectMode": "single", "options": [{"value": "a"}]}"#,
         "content.options[0].content: missing required key"),
        (#"{"type": "stack", "id": "0C9F3C52-5A5E-4D4B-9D7C-1B0F0E5F9A01", "orientation": "vertical", "items": [{"type": "spacer"}]}"#,
         "content.items[0].id: missing required key (expected a string)"),
    ])
    func failsAsTheSDKFails(text: String, message: String) {
        #expect(problem(text) == message)
    }

    @Test func nestingIsBounded() {
        var text = #"{"type": "spacer", "id": "\#(Self.id)"}"#
        for _ in 0..<100 { text = #"{"type": "box", "id": "\#(Self.id)", "items": [\#(text)]}"# }
        #expect(problem(text)?.hasSuffix("components nested deeper than 64") == true)
    }

    @Test func formModelsCarryTheirRules() throws {
        let select = try decode(#"""
            {"type": "optionSelect", "id": "\#(Self.id)", "label": {"id": "\#(Self.id)", "text": "Pick"}, "selectMode": "multi",
             "minSelections": 1, "maxSelections": 2, "defaultValue": ["a"], "attributeName": "pick",
             "options": [{"value": "a", "content": {"type": "text", "id": "\#(Self.id)", "text": "A"}}, {"value": "b", "content": {"type": "text", "id": "\#(Self.id)", "text": "B"}}]}
            """#)
        let form = try #require(select.form)
        #expect(form.kind == "optionSelect" && form.label == "Pick" && form.selectMode == .multi)
        #expect(form.minSelections == 1 && form.maxSelections == 2 && form.defaultValue == ["a"] && form.required)
        #expect(form.options.map(\.value) == ["a", "b"])
        #expect(select.textDescription == "Pick")
        let button = try decode(#"{"type": "button", "id": "\#(Self.id)", "content": {"type": "stack", "id": "\#(Self.id)", "orientation": "horizontal", "items": [{"type": "text", "id": "\#(Self.id)", "text": "Go"}, {"type": "text", "id": "\#(Self.id)", "text": "on"}]}}"#)
        #expect(button.textDescription == "Go on")
    }
}
