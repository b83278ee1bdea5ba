import JSON
import Testing
@testable import Traits

/// Strict decoding, the default as in the SDK (`strict: false`, `traits.strict(false)` and
/// `{"show": {..., "strict": false}}` are ctlua's own lenient opt-out): the experience and step
/// levels as the SDK's `Decodable` models require them (UUID ids, `name`, `type`, `traits`,
/// `steps`; a group's `children`, `traits`, `actions`; a step's `traits`, `actions`,
/// `content`), each failure located (path, line:column) and worded as the SDK's `experience_error`.
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
        // A single step failing past its id and type: the SDK then decodes it as a group, and reports the missing `children`.
        (tour(replacing: #""id": "\#(F.id(13))", "type": "modal", "traits": [], "#, with: #""id": "\#(F.id(13))", "type": "modal", "#),
         "steps[1].traits", "missing required key (expected an array)", "Expected key 'children' not found at codingPath: steps.1"),
        (tour(replacing: #""id": "\#(F.id(13))""#, with: #""id": "done""#), "steps[1].id", "attempted to decode UUID from invalid UUID string 'done'",
         "Attempted to decode UUID from invalid UUID string. codingPath: steps.1.id"),
        (tour(replacing: #""type": "group", "traits": [], "actions": {}"#, with: #""type": "group", "traits": []"#), "steps[0].actions",
         "missing required key (expected an object)", "Expected key 'actions' not found at codingPath: steps.0"),
        (tour(replacing: #", "content": \#(F.button(1013, "Done"))"#, with: ""), "steps[1].content", "missing required key (expected an object)",
         "Expected key 'children' not found at codingPath: steps.1"),
        (tour(replacing: #", "content": \#(F.button(1012, "Next"))"#, with: ""), "steps[0].children[1].content", "missing required key (expected an object)",
         "Expected key 'content' not found at codingPath: steps.0.children.1"),
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
        let results = try h.lua(presentLua + "\nreturn pcall(traits.show, [==[\(text)]==])")
        #expect(results.first?.boolValue == false)
        let message = try #require(results.last?.stringValue)
        #expect(message.hasSuffix("invalid experience: 1:944: steps[1].content: missing required key (expected an object)"), "\(message)")
        #expect(h.analytics == ["experience_error"])
        #expect(h.analytics("experience_error").first?["message"] == .string("Error parsing Experience JSON data: Expected key 'children' not found at codingPath: steps.1"))
        #expect(h.analytics("experience_error").first?["experienceId"] == .string(F.id(1)))
    }

    /// Strict is the default (`traits.strict()` reads true); a non-UUID id is no experience at
    /// all: no analytics, as the SDK cannot decode even its skeleton (`FailedExperience.id` is a
    /// UUID). `traits.strict(false)` (ctlua's own) makes later shows lenient and returns the former setting.
    @Test func strictIsTheDefaultAndTheSwitchOptsOut() throws {
        let h = try TraitsHarness()
        #expect(try h.lua(presentLua + "\nreturn traits.strict()").first?.boolValue == true)
        let results = try h.lua(#"return pcall(traits.show, {id = "e", name = "n", type = "mobile", traits = {}, steps = {}})"#)
        #expect(results.first?.boolValue == false)
        #expect(results.last?.stringValue?.contains("invalid experience: id: attempted to decode UUID from invalid UUID string 'e'") == true)
        #expect(h.analytics.isEmpty)
        #expect(try h.lua("return traits.strict(false)").first?.boolValue == true)
        #expect(try h.lua(#"return traits.show{id = "e", steps = {{id = "s", type = "m", traits = {{type = "@t/present"}}}}}"#).first?.boolValue == true)
        #expect(try h.lua("return traits.strict(true)").first?.boolValue == false)
    }

    /// With no option, a step id that is not a UUID fails the experience as the SDK fails it:
    /// `experience_error` (and `experience.error`) with the SDK's message, nothing shown. The
    /// lenient default of old showed it.
    @Test func aNonUUIDStepIdFailsByDefault() throws {
        let h = try TraitsHarness()
        let text = Self.tour(replacing: #""id": "\#(F.id(11))""#, with: #""id": "welcome""#)
        let results = try h.lua(presentLua + "\nreturn pcall(traits.show, [==[\(text)]==])")
        #expect(results.first?.boolValue == false)
        #expect(results.last?.stringValue?.contains("invalid experience: 1:259: steps[0].children[0].id: attempted to decode UUID from invalid UUID string 'welcome'") == true,
                "\(results.last?.stringValue ?? "")")
        #expect(h.analytics == ["experience_error"])
        let properties = try #require(h.analytics("experience_error").first)
        #expect(properties["message"] == .string("Error parsing Experience JSON data: Attempted to decode UUID from invalid UUID string. codingPath: steps.0.children.0.id"))
        #expect(properties["experienceId"] == .string(F.id(1)))
        #expect(properties["experienceName"] == .string("Tour"))
        #expect(h.events("experience.error").count == 1)
        #expect(h.system.renderer.current == nil)
        #expect(h.events("step.presented").isEmpty)
    }

    /// The SDK's `FailedExperience` needs a UUID id and, when present, a string name and type: a
    /// failed experience whose name is a number is skipped (no analytics), as the SDK skips it.
    @Test func aFailedExperienceWithoutItsSkeletonIsSkipped() throws {
        let h = try TraitsHarness()
        let text = Self.tour(replacing: #""name": "Tour""#, with: #""name": 7"#)
        let results = try h.lua(presentLua + "\nreturn pcall(traits.show, [==[\(text)]==])")
        #expect(results.first?.boolValue == false)
        #expect(results.last?.stringValue?.contains("name: expected a string, got number") == true)
        #expect(h.analytics.isEmpty)
        #expect(h.events("experience.error").isEmpty)
    }

    /// The same from a scenario's `show` step and from JSON text: no `strict` key, strict.
    @Test func aShowStepIsStrictByDefault() throws {
        let h = try TraitsHarness()
        try h.lua(presentLua)
        let bad = try JSONReader(file: "x.json", bytes: Array(Self.tour(replacing: #""id": "\#(F.id(13))""#, with: #""id": "done""#).utf8))
        #expect(throws: LocatedProblem.self) { try h.system.show(bad) }
        #expect(h.analytics("experience_error").first?["message"] == .string("Error parsing Experience JSON data: Attempted to decode UUID from invalid UUID string. codingPath: steps.1.id"))
        let lenient = try TraitsHarness()
        try lenient.lua(presentLua)
        #expect(try lenient.system.show(bad, strict: false))
        #expect(lenient.analytics.contains("experience_started"))
    }

    /// A served experience launched by `@appcues/launch-experience` decodes strictly too: one
    /// with a non-UUID step id is a failed experience (`experience_error`); one whose own id is
    /// not a UUID is skipped, as the SDK skips what it cannot decode at all.
    @Test func servedExperiencesAreStrict() throws {
        let served = Self.tour(replacing: #""id": "\#(F.id(1))""#, with: #""id": "\#(F.id(2))""#)
            .replacingOccurrences(of: #""id": "\#(F.id(11))""#, with: #""id": "welcome""#)
        let h = try TraitsHarness()
        try h.lua(presentLua + "\ntraits.serve([==[\(served)]==])")
        try h.lua(#"traits.serve{id = "not-a-uuid", name = "n", type = "mobile", traits = {}, steps = {}}"#)
        h.system.renderer.launchExperience(id: "not-a-uuid", trigger: "launch_action") {}
        #expect(h.analytics.isEmpty)
        #expect(h.events("log", ["message"]).contains { $0.contains("does not decode, not even its id") })
        h.system.renderer.launchExperience(id: F.id(2), trigger: "launch_action") {}
        h.engine.settle()
        #expect(h.analytics == ["experience_error"])
        #expect(h.analytics("experience_error").first?["experienceId"] == .string(F.id(2)))
        #expect(h.analytics("experience_error").first?["message"] == .string("Error parsing Experience JSON data: Attempted to decode UUID from invalid UUID string. codingPath: steps.0.children.0.id"))
    }
}
