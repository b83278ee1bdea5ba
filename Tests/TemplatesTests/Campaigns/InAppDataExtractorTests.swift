import Engine
import JSON
@testable import Templates
import Testing

// Ported from the CleverTap iOS SDK 7.7.0 unit tests `CleverTapSDKTests/InAppDataExtractorTests.swift`
// (`DelayedInAppDataExtractorTests` 17 cases, `InActionDataExtractorTests` 12): 26 of 29, same
// names and outcomes, on the virtual clock. ctlua has no result objects: what the SDK's extractor
// builds for the display manager is what the transcript shows when a timer ends:
// - delayed success (`CTDelayedInAppResult success`, data = the stored in-app) ⇒ `inapp.fired`,
//   then the in-app queued (`inapp.queued`) with its TTL updated;
// - delayed error (the in-app is not in the delayed store, "Data not found") ⇒ `inapp.skipped`
//   with reason `delayed-not-found`;
// - discarded (timer ended while in background) ⇒ `inapp.skipped` with reason `background`;
// - in-action ready to fetch ⇒ `inapp.fetch` with `tgtId`.
// `extractDelay` is `DurationPartitioner.delay`/`.inaction`; the SDK's 0 (no delay) is nil.
// Not ported: the three `InActionDataExtractorTests.test_createErrorResult_*` cases. The SDK
// builds an in-action error only when its in-memory cache misses the id at the end of the timer,
// which needs `cancelAllScheduling` (user switch) while a timer runs; ctlua has no such path (its
// timers and cache go together), so there is no in-action error to observe.

/// A fixture whose queue keeps what timers add (rendering suspended).
private func suspendedFixture() throws -> CampaignsFixture {
    let f = try CampaignsFixture()
    f.harness.controller.suspend()
    return f
}

private func delayedInApp(_ ti: Int64, _ delay: Int64 = 30) -> JSONValue {
    ["ti": .integer(ti), "delayAfterTrigger": .integer(delay), "wzrk_ttl_offset": 600]
}

/// Schedules `inApp` as delayed and lets its timer end.
private func fireDelayed(_ f: CampaignsFixture, _ inApp: JSONValue) {
    f.campaigns.scheduleDelayed([inApp])
    f.harness.clock.advance(by: Double(DurationPartitioner.delay(inApp) ?? 0))
}

/// Schedules two delayed in-apps in two calls: the second call replaces the delayed store, so
/// the first timer finds nothing (`DelayedInAppStorageStrategy`).
private func fireMissing(_ f: CampaignsFixture, ti: Int64) {
    f.campaigns.scheduleDelayed([delayedInApp(ti, 10)])
    f.campaigns.scheduleDelayed([delayedInApp(ti + 1, 20)])
    f.harness.clock.advance(by: 10)
}

/// Schedules an in-app and lets its timer end while the app is in background.
private func fireInBackground(_ f: CampaignsFixture, _ inApp: JSONValue, inAction: Bool = false) {
    if inAction { f.campaigns.scheduleInAction([inApp]) } else { f.campaigns.scheduleDelayed([inApp]) }
    f.campaigns.background()
    f.harness.clock.advance(by: 2000)
    f.campaigns.foreground()
}

@Suite struct DelayedInAppDataExtractorTests {
    // MARK: - extractDelay

    @Test func test_extractDelay_withIntValue_returnsTimeInterval() {
        #expect(DurationPartitioner.delay(["delayAfterTrigger": 30]) == 30)
    }

    @Test func test_extractDelay_missingKey_returnsZero() {
        #expect(DurationPartitioner.delay(["type": "interstitial"]) == nil)
    }

    @Test func test_extractDelay_emptyDict_returnsZero() {
        #expect(DurationPartitioner.delay([:]) == nil)
    }

    @Test func test_extractDelay_maxDelay_returnsCorrectValue() {
        #expect(DurationPartitioner.delay(["delayAfterTrigger": 1200]) == 1200)
    }

    // MARK: - createSuccessResult

    @Test func test_createSuccessResult_returnsDelayedInAppResult() throws {
        let f = try suspendedFixture()
        fireDelayed(f, delayedInApp(1))
        #expect(f.harness.events("inapp.fired").map { $0["kind"] } == ["delayed"])
    }

    @Test func test_createSuccessResult_typeIsSuccess() throws {
        let f = try suspendedFixture()
        fireDelayed(f, delayedInApp(1))
        #expect(f.harness.events("inapp.queued").count == 1)
        #expect(f.harness.events("inapp.skipped").isEmpty)
    }

    @Test func test_createSuccessResult_setsResultId() throws {
        let f = try suspendedFixture()
        fireDelayed(f, delayedInApp(77))
        #expect(f.harness.events("inapp.fired").map { $0["ti"] } == ["77"])
        #expect(f.harness.events("inapp.queued").map { $0["ti"] } == [77])
    }

    @Test func test_createSuccessResult_setsData() throws {
        let f = try suspendedFixture()
        let inApp: JSONValue = ["ti": 1, "delayAfterTrigger": 30, "answer": 42]
        fireDelayed(f, inApp)
        #expect(f.inappNotifs == [inApp], "the stored in-app (no offset: no TTL)")
        #expect(f.inappNotifs.first?["answer"] == 42)
        #expect(f.data.delayedStore == [], "taken out of the delayed store")
    }

    // MARK: - createErrorResult

    @Test func test_createErrorResult_returnsDelayedInAppResult() throws {
        let f = try suspendedFixture()
        fireMissing(f, ti: 1)
        #expect(f.harness.events("inapp.skipped").count == 1)
        #expect(f.inappNotifs.isEmpty)
    }

    @Test func test_createErrorResult_typeIsError() throws {
        let f = try suspendedFixture()
        fireMissing(f, ti: 1)
        #expect(f.harness.events("inapp.skipped").map { $0["reason"] } == ["delayed-not-found"])
    }

    @Test func test_createErrorResult_setsResultId() throws {
        let f = try suspendedFixture()
        fireMissing(f, ti: 40)
        #expect(f.harness.events("inapp.skipped").map { $0["ti"] } == ["40"])
    }

    @Test func test_createErrorResult_hasNonNilException() throws {
        let f = try suspendedFixture()
        fireMissing(f, ti: 1)
        #expect(f.harness.events("inapp.skipped").first?["message"]?.stringValue?.isEmpty == false)
    }

    @Test func test_createErrorResult_exceptionDomainIsDelayedInAppError() throws {
        // The SDK's error domain names the delayed kind; ctlua's skip says the delayed store.
        let f = try suspendedFixture()
        fireMissing(f, ti: 1)
        #expect(f.harness.events("inapp.skipped").first?["message"] == "Delayed in-app not found in the delayed store.")
    }

    // MARK: - createDiscardedResult

    @Test func test_createDiscardedResult_returnsDelayedInAppResult() throws {
        let f = try suspendedFixture()
        fireInBackground(f, delayedInApp(3))
        #expect(f.harness.events("inapp.skipped").count == 1)
        #expect(f.harness.events("inapp.fired").isEmpty && f.inappNotifs.isEmpty)
    }

    @Test func test_createDiscardedResult_typeIsDiscarded() throws {
        let f = try suspendedFixture()
        fireInBackground(f, delayedInApp(3))
        #expect(f.harness.events("inapp.skipped").map { $0["reason"] } == ["background"])
        #expect(f.data.delayedStore == [], "its stored data is removed")
    }

    @Test func test_createDiscardedResult_setsResultId() throws {
        let f = try suspendedFixture()
        fireInBackground(f, delayedInApp(33))
        #expect(f.harness.events("inapp.skipped").map { $0["ti"] } == ["33"])
    }

    @Test func test_createDiscardedResult_messageIsNotNil() throws {
        let f = try suspendedFixture()
        fireInBackground(f, delayedInApp(3))
        #expect(f.harness.events("inapp.skipped").first?["message"] == "Timer ended while the app was in background.")
    }
}

@Suite struct InActionDataExtractorTests {
    static func inAction(_ ti: Int64, _ duration: Int64 = 60) -> JSONValue {
        ["ti": .integer(ti), "inactionDuration": .integer(duration)]
    }

    static func fire(_ f: CampaignsFixture, _ inApp: JSONValue) {
        f.campaigns.scheduleInAction([inApp])
        f.harness.clock.advance(by: Double(DurationPartitioner.inaction(inApp) ?? 0))
    }

    // MARK: - extractDelay

    @Test func test_extractDelay_intValue_returnsTimeInterval() {
        #expect(DurationPartitioner.inaction(["inactionDuration": 60]) == 60)
    }

    @Test func test_extractDelay_doubleValue_returnsTimeInterval() {
        #expect(DurationPartitioner.inaction(["inactionDuration": .double(45.0)]) == 45)
        #expect(DurationPartitioner.inaction(["inactionDuration": .double(45.5)]) == nil, "not a whole number of seconds")
    }

    @Test func test_extractDelay_missingKey_returnsZero() {
        #expect(DurationPartitioner.inaction([:]) == nil)
    }

    // MARK: - createSuccessResult

    @Test func test_createSuccessResult_returnsInActionResult() throws {
        let f = try suspendedFixture()
        Self.fire(f, Self.inAction(1))
        #expect(f.harness.events("inapp.fired").map { $0["kind"] } == ["inaction"])
    }

    @Test func test_createSuccessResult_typeIsReadyToFetch() throws {
        let f = try suspendedFixture()
        Self.fire(f, Self.inAction(1))
        #expect(f.harness.events("inapp.fetch").count == 1)
        #expect(f.inappNotifs.isEmpty, "the server sends the content")
    }

    @Test func test_createSuccessResult_setsId() throws {
        let f = try suspendedFixture()
        Self.fire(f, Self.inAction(1700000001))
        #expect(f.harness.events("inapp.fetch").map { $0["tgtId"] } == [1700000001])
    }

    // MARK: - createDiscardedResult

    @Test func test_createDiscardedResult_returnsInActionResult() throws {
        let f = try suspendedFixture()
        fireInBackground(f, Self.inAction(3), inAction: true)
        #expect(f.harness.events("inapp.skipped").count == 1)
        #expect(f.harness.events("inapp.fetch").isEmpty)
    }

    @Test func test_createDiscardedResult_typeIsDiscarded() throws {
        let f = try suspendedFixture()
        fireInBackground(f, Self.inAction(3), inAction: true)
        #expect(f.harness.events("inapp.skipped").map { $0["reason"] } == ["background"])
        #expect(f.campaigns.inActionCache.isEmpty)
    }

    @Test func test_createDiscardedResult_setsId() throws {
        let f = try suspendedFixture()
        fireInBackground(f, Self.inAction(9), inAction: true)
        #expect(f.harness.events("inapp.skipped").map { $0["ti"] } == ["9"])
    }
}
