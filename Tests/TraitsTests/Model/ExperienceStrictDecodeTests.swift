import JSON
import Testing
@testable import Traits

/// Strict decoding (`strict: true`, `traits.strict(true)`, `{"show": {..., "strict": true}}`):
/// the experience and step levels as the SDK's `Decodable` models require them (UUID ids,
/// `name`, `type`, `traits`, `steps`; a group's `children`, `traits`, `actions`; a step's
/// `traits`, `actions`, `content`), each failure located (path, line:column) and worded as the
/// SDK's `experience_error`.
@Suite struct ExperienceStrictDecodeTests {
    typealias F = ExperienceFixture

    func problem(_ text: String) -> StrictDecodingFailure? {
        guard let reader = try? JSONReader(file: "x.json", bytes: Array(text.utf8)) else { return nil }
        do throws(StrictDecodingFailure) { try Experience.checkStrictly(reader) } catch { return error }
        return nil
    }

    /// Takes the fixture tour (a valid SDK experience) and removes or replaces one member.
    static func tour(replacing old: String, with new: String) -> String {
        precondition(F.tour.contains(old), old)
        return F.tour.replacingOccurrences(of: old, with: new)
    }

    @Test func aValidExperienceDecodesStrictly() throws {
        let experience = try Experience.decode(JSONReader(file: nil, bytes: Array(F.tour.utf8)), strict: true)
        #expect(experience.steps.count == 2)
        #expect(try Experience.decode(JSONReader(file: nil, bytes: Array(F.tour.utf8))) == experience, "strictness changes nothing for a valid one")
    }

    @Test(arguments: [
        (tour(replacing: #""id": "\#(F.id(1))", "#, with: ""), "id", "missing required key (expected a string)", "Expected key 'id' not found at codingPath: "),
        (tour(replacing: #""id": "\#(F.id(1))""#, with: #""id": "e""#), "id", "attempted to decode UUID from invalid UUID string 'e'",
         "Attempted to decode UUID from invalid UUID string. codingPath: id"),
        (tour(replacing: #""name": "Tour", "#, with: ""), "name", "missing required key (expected a string)", "Expected key 'name' not found at codingPath: "),
        (tour(replacing: #""type": "mobile", "#, with: ""), "type", "missing required key (expected a string)", "Expected key 'type' not found at codingPath: "),
        (tour(replacing: #""traits": [{"type": "@t/present"}], "#, with: ""), "traits", "missing required key (expected an array)",
         "Expected key 'traits' not found at codingPath: "),
        (tour(replacing: #""id": "\#(F.id(10))""#, with: #""id": "group-1""#), "steps[0].id", "attempted to decode UUID from invalid UUID string 'group-1'",
         "Attempted to decode UUID from invalid UUID string. codingPath: steps.0.id"),
        (tour(replacing: #""id": "\#(F.id(12))", "type": "modal""#, with: #""id": "\#(F.id(12))""#), "steps[0].children[1].type",
         "missing required key (expected a string)", "Expected key 'type' not found at codingPath: steps.0.children.1"),
        (tour(replacing: #""id": "\#(F.id(13))", "type": "modal", "traits": [], "#, with: #""id": "\#(F.id(13))", "type": "modal", "#),
         "steps[1].traits", "missing required key (expected an array)", "Expected key 'traits' not found at codingPath: steps.1"),
        (tour(replacing: #""type": "group", "traits": [], "actions": {}"#, with: #""type": "group", "traits": []"#), "steps[0].actions",
         "missing required key (expected an object)", "Expected key 'actions' not found at codingPath: steps.0"),
        (tour(replacing: #", "content": \#(F.button(1013, "Done"))"#, with: ""), "steps[1].content", "missing required key (expected an object)",
         "Expected key 'content' not found at codingPath: steps.1"),
        (tour(replacing: #""type": "mobile""#, with: #""type": 7"#), "type", "expected a string, got number",
         "Expected to decode String but found number instead. codingPath: type"),
    ])
    func requiredMembers(text: String, path: String, message: String, sdk: String) throws {
        let failure = try #require(problem(text))
        #expect(failure.problem.path?.description == path)
        #expect(failure.problem.message == message)
        #expect(failure.problem.file == "x.json")
        #expect(failure.problem.position != nil, "a line and column")
        #expect(failure.sdkMessage == "Error parsing Experience JSON data: " + sdk)
        #expect(throws: failure.problem) { try Experience.decode(JSONReader(file: "x.json", bytes: Array(text.utf8)), strict: true) }
    }

    /// A strict failure with a UUID id is a failed experience: `experience_error` with the SDK's
    /// words, and the Lua error names the path, line and column.
    @Test func aFailedStrictShowReportsExperienceError() throws {
        let h = try TraitsHarness()
        let text = Self.tour(replacing: #", "content": \#(F.button(1013, "Done"))"#, with: "")
        let results = try h.lua(presentLua + "\nreturn pcall(traits.show, [==[\(text)]==], 1, 1, {strict = true})")
        #expect(results.first?.boolValue == false)
        let message = try #require(results.last?.stringValue)
        #expect(message.hasSuffix("invalid experience: 1:944: steps[1].content: missing required key (expected an object)"), "\(message)")
        #expect(h.analytics == ["experience_error"])
        #expect(h.analytics("experience_error").first?["message"] == .string("Error parsing Experience JSON data: Expected key 'content' not found at codingPath: steps.1"))
        #expect(h.analytics("experience_error").first?["experienceId"] == .string(F.id(1)))
    }

    /// `traits.strict(true)` makes every show strict (and returns the former setting); a
    /// non-UUID id is no experience at all: no analytics, as the SDK cannot decode even its skeleton.
    @Test func strictSwitchAppliesToEveryShow() throws {
        let h = try TraitsHarness()
        let former = try h.lua(presentLua + "\nreturn traits.strict(true)")
        #expect(former.first?.boolValue == false)
        let results = try h.lua(#"return pcall(traits.show, {id = "e", name = "n", type = "mobile", traits = {}, steps = {}})"#)
        #expect(results.first?.boolValue == false)
        #expect(results.last?.stringValue?.contains("invalid experience: id: attempted to decode UUID from invalid UUID string 'e'") == true)
        #expect(h.analytics.isEmpty)
        #expect(try h.lua("return traits.strict(false)").first?.boolValue == true)
        #expect(try h.lua(#"return traits.show{id = "e", steps = {{id = "s", type = "m", traits = {{type = "@t/present"}}}}}"#).first?.boolValue == true)
    }
}
