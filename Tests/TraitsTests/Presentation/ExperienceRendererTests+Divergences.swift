import JSON
import Testing
@testable import Traits

/// Smaller divergences from the SDK, each after the source statement it follows.
extension ExperienceRendererTests {
    /// `FailedExperience.skeletonExperience` keeps `publishedAt` and `context`: a failed
    /// experience's `experience_error` carries `version`, `localeName` and `localeId`.
    @Test func failedExperienceErrorCarriesTheSkeletonsVersionAndLocale() throws {
        let failed = F.tour.replacingOccurrences(of: #""name": "Tour", "#, with: "")
            .replacingOccurrences(of: #""steps": ["#, with: #""context": {"localeId": "fr", "localeName": "French"}, "steps": ["#)
        let h = try TraitsHarness()
        try h.lua(presentLua + "\ntraits.qualify([==[{\"performed_qualification\": true, \"experiences\": [\(failed)]}]==])")
        let error = try #require(h.analytics("experience_error").first)
        #expect(error["version"] == .integer(7))
        #expect(error["localeName"] == .string("French"))
        #expect(error["localeId"] == .string("fr"))
    }

    /// `FailedExperience` decodes `context` as `Experience.Context?`: a context of the wrong
    /// shape fails the skeleton, and the experience is skipped (no `experience_error`).
    @Test func aFailedExperienceWithAWrongContextIsSkipped() throws {
        let failed = F.tour.replacingOccurrences(of: #""name": "Tour", "#, with: "")
            .replacingOccurrences(of: #""steps": ["#, with: #""context": {"localeId": 5}, "steps": ["#)
        let h = try TraitsHarness()
        try h.lua(presentLua + "\ntraits.qualify([==[{\"performed_qualification\": true, \"experiences\": [\(failed)]}]==])")
        #expect(h.analytics.isEmpty)
    }

    /// `ExperienceStateMachine.canDisplay`: `let id = experience.id.uuidString`, upper case.
    @Test func canDisplayExperienceReceivesTheUUIDStringUpperCased() throws {
        let id = "4c7e6b6a-2f0d-4e1b-9a3c-5d6e7f8a9b0c"
        let h = try TraitsHarness()
        try h.lua(presentLua + "\ntraits.delegate{canDisplayExperience = function(id) print('seen ' .. id) return true end}\n"
                  + "traits.show([==[\(F.tour.replacingOccurrences(of: F.id(1), with: id))]==])")
        #expect(h.events("log", ["message"]).contains("log message=\"seen \(id.uppercased())\""), "\(h.events("log", ["message"]))")
    }

    /// `Clause.description` and `Clause.Operator.description`, as `@appcues/conditional` logs them.
    @Test(arguments: [
        (Clause.token(token: "premium", op: .equals, value: "premium"), "premium equals premium"),
        (.and([.token(token: "a", op: .contains, value: "b"), .token(token: "c", op: .isGreaterOrEqual, value: "1")]),
         "a contains b AND c is greater than or equal to 1"),
        (.or([.token(token: "a", op: .doesntStartWith, value: "b"), .unknown]), "a doesn't start with b OR unknown clause"),
        (.not(.token(token: "x", op: .isntOneOf, value: "y")), "NOT x isn't one of y"),
        (.survey(block: "4c7e6b6a-2f0d-4e1b-9a3c-5d6e7f8a9b0c", op: .matchesRegex, value: "^a"),
         "4C7E6B6A-2F0D-4E1B-9A3C-5D6E7F8A9B0C matches regex ^a"),
    ])
    func clauseDescriptionIsTheSDKs(clause: Clause, description: String) {
        #expect(clause.description == description)
    }

    /// The conditional's log names the satisfied clause as the SDK's logger does.
    @Test func theConditionalLogsTheClauseDescription() throws {
        let h = try TraitsHarness.showing(F.tour)
        try h.lua(#"""
        traits.runActions{{type = "@appcues/conditional", config = {checks = {
          {condition = {token = {token = "premium", operator = "==", value = "premium"}}, actions = {{on = "tap", type = "@appcues/track", config = {eventName = "p"}}}}}}}}
        """#)
        h.engine.settle()
        #expect(h.events("log", ["message"]).contains(#"log message="@appcues/conditional satisfied premium equals premium, adding 1 action(s) to queue""#),
                "\(h.events("log", ["message"]))")
    }
}
