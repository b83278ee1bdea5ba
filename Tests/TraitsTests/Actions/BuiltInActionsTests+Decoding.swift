import JSON
import Testing
@testable import Traits

/// The SDK's action configs are synthesized `Decodable`s read with `try?`
/// (`AppcuesExperiencePluginConfiguration.decode`): they decode all or nothing. One member of
/// the wrong type makes the whole config absent: `AppcuesContinueAction` then continues to the
/// next step, `AppcuesLinkAction`'s init returns nil (no action).
extension BuiltInActionsTests {
    /// `AppcuesContinueAction.Config` (`index: Int?`, `offset: Int?`, `stepID: UUID?`): a wrong
    /// member anywhere is `.offset(1)`, even beside a valid one.
    @Test(arguments: [
        (#"{"index": 2}"#, StepReference.index(2)),
        (#"{"index": 2.0}"#, .index(2)),
        (#"{"index": null, "offset": -1}"#, .offset(-1)),
        (#"{"index": "2"}"#, .offset(1)),
        (#"{"index": 1.5}"#, .offset(1)),
        (#"{"index": 2, "stepID": "not-a-uuid"}"#, .offset(1)),
        (#"{"offset": -1, "index": true}"#, .offset(1)),
        (#"{"stepID": 7}"#, .offset(1)),
        (#"{"offset": 1e300}"#, .offset(1)),
        (#"{"index": 2, "unknown": "ignored"}"#, .index(2)),
        (#"[]"#, .offset(1)),
        (#""text""#, .offset(1)),
    ])
    func continue_testInitDecodesAllOrNothing(config: String, expected: StepReference) throws {
        let h = try TraitsHarness()
        let action = try Self.make(h, "@appcues/continue", config) as? ContinueAction
        #expect(action?.stepReference == expected, "\(config)")
    }

    /// `AppcuesLinkAction.Config` (`url: URL`, `openExternally: Bool?`): a wrong member makes no action.
    @Test(arguments: [
        (#"{"url": "https://appcues.com", "openExternally": "yes"}"#, false),
        (#"{"url": "https://appcues.com", "openExternally": 1}"#, false),
        (#"{"url": 7}"#, false),
        (#"{"url": ""}"#, false),
        (#"{"openExternally": true}"#, false),
        (#"{"url": "https://appcues.com", "openExternally": null}"#, true),
        (#"{"url": "https://appcues.com", "extra": [1]}"#, true),
    ])
    func link_testInitDecodesAllOrNothing(config: String, made: Bool) throws {
        let h = try TraitsHarness()
        #expect((try Self.make(h, "@appcues/link", config) != nil) == made, "\(config)")
    }

    /// Through an experience: a continue button whose config has a wrong `stepID` beside a valid
    /// `index` goes to the next step (the SDK's absent config), not to the index.
    @Test func continue_aWrongMemberContinuesToTheNextStep() throws {
        let h = try TraitsHarness.showing(F.experience([
            F.buttonStep(11, [F.action("tap", "@appcues/continue", #"{"index": 2, "stepID": 5}"#)]),
            F.step(12, content: F.text(1200, "Two")), F.step(13, content: F.text(1300, "Three")),
        ]))
        try h.tap(11 * 1000 + 21)
        #expect(h.analytics("step_seen").last?["stepIndex"] == .string("1,0"))
    }
}
