import JSON
import Testing
@testable import Traits

/// The optional members of the SDK's component models (`ExperienceComponent.swift`): a present
/// value of the wrong type fails the SDK's `Decodable` for the whole experience, so ctlua refuses
/// it too, with the member's path (issue 35 item 3). Absent or null, each is accepted.
@Suite struct ComponentMembersTests {
    static let id = "0C9F3C52-5A5E-4D4B-9D7C-1B0F0E5F9A01"
    static let label = #"{"id": "0C9F3C52-5A5E-4D4B-9D7C-1B0F0E5F9A02", "text": "L"}"#

    /// A valid component of `type` with `member` set to `value` (JSON text).
    static func component(_ type: String, _ member: String, _ value: String) -> String {
        let base: String
        switch type {
        case "stack": base = #""orientation": "horizontal", "items": []"#
        case "text": base = #""text": "hi""#
        case "image": base = #""imageUrl": "https://cdn.example/a.png""#
        case "embed": base = #""embed": "<p>x</p>""#
        case "textInput": base = #""label": \#(label)"#
        case "optionSelect": base = #""label": \#(label), "selectMode": "single", "options": []"#
        default: base = ""
        }
        return #"{"type": "\#(type)", "id": "\#(id)", \#(base.isEmpty ? "" : base + ", ")"\#(member)": \#(value)}"#
    }

    func problem(_ text: String) -> String? {
        do { _ = try ExperienceComponent.decode(try JSONValue.decode(text), path: JSONPath.root.key("content")) } catch let problem as LocatedProblem {
            return problem.description
        } catch { return "\(error)" }
        return nil
    }

    /// Each wrongly-typed optional member: (component type, member, value, the problem).
    static let refused: [(String, String, String, String)] = [
        ("stack", "distribution", #""spread""#, "content.distribution: cannot initialize Distribution from invalid String value spread"),
        ("stack", "sticky", #""middle""#, "content.sticky: cannot initialize StickyEdge from invalid String value middle"),
        ("stack", "spacing", #""8""#, "content.spacing: expected a number, got string"),
        ("stack", "style", #""bold""#, "content.style: expected an object, got string"),
        ("text", "style", #"{"foregroundColor": {"dark": "black"}}"#, "content.style.foregroundColor.light: missing required key"),
        ("text", "style", #"{"fontSize": "big"}"#, "content.style.fontSize: expected a number, got string"),
        ("text", "style", #"{"textAlignment": 1}"#, "content.style.textAlignment: expected a string, got number"),
        ("text", "style", #"{"backgroundGradient": {"colors": [], "startPoint": "top"}}"#, "content.style.backgroundGradient.endPoint: missing required key"),
        ("text", "style", #"{"backgroundImage": {"imageUrl": ""}}"#, "content.style.backgroundImage.imageUrl: invalid URL string"),
        ("text", "style", #"{"shadow": {"color": {"light": "black"}, "radius": 1, "x": 0}}"#, "content.style.shadow.y: missing required key"),
        ("text", "spans", #"[{"text": "a", "style": {"fontSize": "12"}}]"#, "content.spans[0].style.fontSize: expected a number, got string"),
        ("image", "contentMode", #"1"#, "content.contentMode: expected a string, got number"),
        ("image", "intrinsicSize", #"{"width": 10}"#, "content.intrinsicSize.height: missing required key"),
        ("image", "blurHash", #"[]"#, "content.blurHash: expected a string, got array"),
        ("spacer", "spacing", #""wide""#, "content.spacing: expected a number, got string"),
        ("optionSelect", "attributeName", #"7"#, "content.attributeName: expected a string, got number"),
        ("image", "accessibilityLabel", #"false"#, "content.accessibilityLabel: expected a string, got boolean"),
        ("embed", "intrinsicSize", #"{"width": "10", "height": 5}"#, "content.intrinsicSize.width: expected a number, got string"),
        ("spacer", "style", #"[]"#, "content.style: expected an object, got array"),
        ("textInput", "dataType", #""password""#, "content.dataType: cannot initialize DataType from invalid String value password"),
        ("textInput", "numberOfLines", #""two""#, "content.numberOfLines: expected a whole number, got string"),
        ("textInput", "numberOfLines", #"1.5"#, "content.numberOfLines: parsed JSON number 1.5 does not fit in Int"),
        ("textInput", "maxLength", #""10""#, "content.maxLength: expected a whole number, got string"),
        ("textInput", "required", #""yes""#, "content.required: expected a boolean, got string"),
        ("textInput", "cursorColor", #"{"dark": "white"}"#, "content.cursorColor.light: missing required key"),
        ("textInput", "textFieldStyle", #"{"borderWidth": "1"}"#, "content.textFieldStyle.borderWidth: expected a number, got string"),
        ("textInput", "placeholder", #"{"id": "0C9F3C52-5A5E-4D4B-9D7C-1B0F0E5F9A03"}"#, "content.placeholder.text: no text or spans defined"),
        ("textInput", "errorLabel", #"{"id": "x", "text": "e"}"#, "content.errorLabel.id: attempted to decode UUID from invalid UUID string 'x'"),
        ("textInput", "defaultValue", #"3"#, "content.defaultValue: expected a string, got number"),
        ("textInput", "attributeName", #"{}"#, "content.attributeName: expected a string, got object"),
        ("optionSelect", "displayFormat", #""grid""#, "content.displayFormat: cannot initialize DisplayFormat from invalid String value grid"),
        ("optionSelect", "controlPosition", #""left""#, "content.controlPosition: cannot initialize ControlPosition from invalid String value left"),
        ("optionSelect", "minSelections", #"-1"#, "content.minSelections: parsed JSON number -1 does not fit in UInt"),
        ("optionSelect", "maxSelections", #""2""#, "content.maxSelections: expected a whole number, got string"),
        ("optionSelect", "selectedColor", #""white""#, "content.selectedColor: expected an object, got string"),
        ("optionSelect", "unselectedColor", #"{"light": 1}"#, "content.unselectedColor.light: expected a string, got number"),
        ("optionSelect", "accentColor", #"{}"#, "content.accentColor.light: missing required key"),
        ("optionSelect", "pickerStyle", #"{"marginTop": true}"#, "content.pickerStyle.marginTop: expected a number, got boolean"),
        ("optionSelect", "leadingFill", #"1"#, "content.leadingFill: expected a boolean, got number"),
        ("optionSelect", "randomizeOptionOrder", #""no""#, "content.randomizeOptionOrder: expected a boolean, got string"),
        ("optionSelect", "defaultValue", #"["a", 2]"#, "content.defaultValue[1]: expected a string, got number"),
        ("optionSelect", "errorLabel", #""oops""#, "content.errorLabel: expected an object, got string"),
    ]

    @Test(arguments: refused)
    func aWronglyTypedOptionalMemberIsRefusedAsTheSDKRefusesIt(type: String, member: String, value: String, message: String) {
        #expect(problem(Self.component(type, member, value)) == message, "\(type).\(member) = \(value)")
    }

    /// Every member the table lists, of every type, is covered by a refused case above.
    @Test func everyOptionalMemberHasACase() {
        let covered = Set(Self.refused.map { "\($0.0).\($0.1)" })
        let members = ComponentMembers.byType.flatMap { type, members in members.map { "\(type).\($0.key)" } }
        #expect(Set(members).subtracting(covered).sorted() == [], "members without a refused case")
    }

    /// Absent, null or of the right type, each is accepted (the SDK's `decodeIfPresent`).
    @Test(arguments: [
        ("stack", "distribution", #""equal""#), ("stack", "distribution", "null"), ("stack", "sticky", #""top""#),
        ("stack", "spacing", "8.5"), ("text", "style", #"{"foregroundColor": {"light": "black"}, "fontSize": 12, "textAlignment": "center"}"#),
        ("image", "intrinsicSize", #"{"width": 10, "height": 20}"#), ("textInput", "dataType", #""email""#),
        ("textInput", "numberOfLines", "2"), ("textInput", "numberOfLines", "2.0"), ("textInput", "cursorColor", #"{"light": "black", "dark": null}"#),
        ("optionSelect", "displayFormat", #""nps""#), ("optionSelect", "minSelections", "0"),
        ("optionSelect", "selectedColor", #"{"light": "white", "dark": "black"}"#),
    ])
    func aRightlyTypedMemberIsAccepted(type: String, member: String, value: String) {
        #expect(problem(Self.component(type, member, value)) == nil, "\(type).\(member) = \(value)")
    }
}
