import Engine
import JSON
@testable import Templates
import Testing

// Ported from the CleverTap iOS SDK 7.7.0 unit tests `CleverTapSDKTests/CTInAppTimerTest.m`
// (9 cases, same names and outcomes) on ctlua's campaign timers, which run on the virtual clock
// (`Campaigns.scheduleDelayed`/`scheduleInAction`). `start` is scheduling; `remainingTime` is
// `due - now`; `isPaused` is being among the timers `app.background` remembers; `cancel` (which
// the SDK's timer manager does when it drops every timer) is `app.reset`: the timer and its
// completion are gone and nothing remains to resume.
@Suite struct CTInAppTimerTest {
    static var key: Campaigns.TimerKey { Campaigns.TimerKey(kind: "delayed", ti: "1") }

    static func started(_ delay: Int64) throws -> CampaignsFixture {
        let f = try CampaignsFixture()
        f.harness.controller.suspend()
        f.campaigns.scheduleDelayed([["ti": 1, "delayAfterTrigger": .integer(delay)]])
        return f
    }

    // MARK: - init

    @Test func test_initWithDelay_storesDelay() throws {
        let f = try Self.started(5)
        #expect(f.campaigns.timers[Self.key]?.delay == 5)
    }

    @Test func test_initWithDelay_remainingTimeEqualsDelay() throws {
        let f = try Self.started(5)
        #expect(f.campaigns.timers[Self.key].map { $0.due - f.campaigns.now } == 5)
        #expect(f.campaigns.state["timers"] == [["ti": "1", "kind": "delayed", "due": 5.0]])
    }

    @Test func test_initWithDelay_isPausedIsFalse() throws {
        let f = try Self.started(5)
        #expect(f.campaigns.pausedTimers.isEmpty)
        #expect(f.campaigns.timers[Self.key] != nil)
    }

    // MARK: - cancel (sync)

    @Test func test_cancel_clearsCompletionHandler() throws {
        let f = try Self.started(1)
        f.campaigns.reset()
        f.harness.clock.advance(by: 2)
        #expect(f.harness.events("inapp.fired").isEmpty)
    }

    @Test func test_cancel_remainingTimeIsZero() throws {
        let f = try Self.started(1)
        f.campaigns.reset()
        #expect(f.campaigns.timers[Self.key] == nil)
        #expect(f.campaigns.state["timers"] == [])
    }

    @Test func test_cancel_isPausedIsFalse() throws {
        let f = try Self.started(1)
        f.campaigns.reset()
        #expect(f.campaigns.pausedTimers.isEmpty)
        f.campaigns.background()
        #expect(f.campaigns.pausedTimers.isEmpty, "nothing left to pause")
    }

    // MARK: - start (async)

    @Test func test_start_completionHandlerCalledAfterDelay() throws {
        let f = try Self.started(5)
        f.harness.clock.advance(by: 4.999)
        #expect(f.harness.events("inapp.fired").isEmpty)
        f.harness.clock.advance(by: 0.001)
        #expect(f.harness.events("inapp.fired").map { $0["ti"] } == ["1"])
    }

    @Test func test_cancel_beforeFiring_completionNotCalled() throws {
        let f = try Self.started(5)
        f.harness.clock.advance(by: 1)
        f.campaigns.reset()
        f.harness.clock.advance(by: 10)
        #expect(f.harness.events("inapp.fired").isEmpty)
        #expect(f.inappNotifs.isEmpty)
    }

    @Test func test_startTwice_completionCalledOnce() throws {
        let f = try CampaignsFixture()
        f.campaigns.scheduleInAction([["ti": 1, "inactionDuration": 5]])
        f.harness.clock.advance(by: 1)
        f.campaigns.scheduleInAction([["ti": 1, "inactionDuration": 5]])   // a running timer is kept
        f.harness.clock.advance(by: 10)
        #expect(f.harness.events("inapp.fired").map(\.t) == [5])
        #expect(f.harness.events("inapp.fetch").count == 1)
    }
}
