import Engine
import JSON
@testable import Templates
import Testing

// Ported from the CleverTap iOS SDK 7.7.0 unit tests `CleverTapSDKTests/CTTimerResultTest.m` (4 cases),
// `CTDelayedInAppResultTest.m` (6) and `CTInActionResultTest.m` (4): 7 of 14, same names and
// outcomes. ctlua has no result objects; each result the SDK's scheduler hands to the display
// manager is what the transcript shows when a campaign timer ends (see `InAppDataExtractorTests`):
// completed/success = `inapp.fired` (+ the in-app queued, or `inapp.fetch` for in-action),
// data not found = `inapp.skipped` `delayed-not-found`, discarded = `inapp.skipped` `background`.
// Not ported, because the SDK itself never builds these results, so no behaviour follows from them:
// - `CTTimerResultTest`: `test_error_setsTypeIdAndException`, `test_error_withNilException_setsNilException`
//   (`InAppTimerManager` only reports completed or discarded timers);
// - `CTDelayedInAppResultTest`: `test_success_withNilData_setsNilData` (success is built only with
//   the found in-app), `test_error_withNilException_setsNilException` (the extractor always passes
//   an error), `test_discarded_withNilMessage_setsNilMessage` (always a message);
// - `CTInActionResultTest`: `test_error_setsTypeIdAndMessage` (a cache miss needs a user switch
//   during a timer), `test_cancelled_setsTypeIdAndMessage` (the extractor's cancelled result is a
//   discarded one).

private func fixture() throws -> CampaignsFixture {
    let f = try CampaignsFixture()
    f.harness.controller.suspend()
    return f
}

/// Schedules, goes to background and comes back after the timer's end.
private func discard(_ f: CampaignsFixture, _ inApp: JSONValue, inAction: Bool) {
    if inAction { f.campaigns.scheduleInAction([inApp]) } else { f.campaigns.scheduleDelayed([inApp]) }
    f.harness.clock.advance(by: 1)
    f.campaigns.background()
    f.harness.clock.advance(by: 100)
    f.campaigns.foreground()
}

@Suite struct CTTimerResultTest {
    @Test func test_completed_setsTypeIdAndScheduledAt() throws {
        let f = try fixture()
        f.harness.clock.advance(by: 42)
        f.campaigns.scheduleDelayed([["ti": "id1", "delayAfterTrigger": 10]])
        f.harness.clock.advance(by: 10)
        let scheduled = f.harness.events("inapp.scheduled")
        let fired = f.harness.events("inapp.fired")
        #expect(fired.map { $0["ti"] } == ["id1"])
        #expect(scheduled.map(\.t) == [42], "scheduled at")
        #expect(fired.map(\.t) == [52] && fired.first?["due"] == scheduled.first?["due"])
        #expect(f.harness.events("inapp.skipped").isEmpty, "no error")
    }

    @Test func test_discarded_setsTypeAndId() throws {
        let f = try fixture()
        discard(f, ["ti": "id3", "delayAfterTrigger": 10], inAction: false)
        #expect(f.harness.events("inapp.skipped").map { $0["reason"] } == ["background"])
        #expect(f.harness.events("inapp.skipped").map { $0["ti"] } == ["id3"])
        #expect(f.harness.events("inapp.fired").isEmpty)
    }
}

@Suite struct CTDelayedInAppResultTest {
    @Test func test_success_setsTypeIdAndData() throws {
        let f = try fixture()
        let inApp: JSONValue = ["ti": "id1", "delayAfterTrigger": 10, "k": "v"]
        f.campaigns.scheduleDelayed([inApp])
        f.harness.clock.advance(by: 10)
        #expect(f.harness.events("inapp.fired").map { $0["ti"] } == ["id1"])
        #expect(f.inappNotifs == [inApp])
        #expect(f.harness.events("inapp.skipped").isEmpty)
    }

    @Test func test_error_setsTypeReasonAndException() throws {
        let f = try fixture()
        f.campaigns.scheduleDelayed([["ti": "id2", "delayAfterTrigger": 10]])
        f.data.delayedStore = []   // the data is not found when the timer ends
        f.harness.clock.advance(by: 10)
        let skipped = f.harness.events("inapp.skipped")
        #expect(skipped.map { $0["reason"] } == ["delayed-not-found"])
        #expect(skipped.map { $0["ti"] } == ["id2"])
        #expect(skipped.first?["message"] != nil)
        #expect(f.inappNotifs.isEmpty)
    }

    @Test func test_discarded_setsTypeIdAndMessage() throws {
        let f = try fixture()
        discard(f, ["ti": "id3", "delayAfterTrigger": 10], inAction: false)
        let skipped = f.harness.events("inapp.skipped")
        #expect(skipped.map { $0["reason"] } == ["background"])
        #expect(skipped.map { $0["ti"] } == ["id3"])
        #expect(skipped.first?["message"] == "Timer ended while the app was in background.")
        #expect(f.inappNotifs.isEmpty, "no data")
    }
}

@Suite struct CTInActionResultTest {
    @Test func test_readyToFetch_setsTypeIdAndData() throws {
        let f = try fixture()
        f.campaigns.scheduleInAction([["ti": "action1", "inactionDuration": 10, "key": "value"]])
        #expect(f.campaigns.inActionCache["action1"]?["key"] == "value")
        f.harness.clock.advance(by: 10)
        #expect(f.harness.events("inapp.fetch").map { $0["tgtId"] } == ["action1"])
        #expect(f.harness.events("inapp.skipped").isEmpty)
    }

    @Test func test_discarded_setsTypeIdAndMessage() throws {
        let f = try fixture()
        discard(f, ["ti": "action4", "inactionDuration": 10], inAction: true)
        let skipped = f.harness.events("inapp.skipped")
        #expect(skipped.map { $0["reason"] } == ["background"])
        #expect(skipped.map { $0["ti"] } == ["action4"])
        #expect(skipped.first?["message"] != nil)
        #expect(f.harness.events("inapp.fetch").isEmpty, "no data to fetch")
    }
}
