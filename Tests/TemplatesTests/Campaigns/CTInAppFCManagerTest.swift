import JSON
@testable import Templates
import Testing

// Ported from the CleverTap iOS SDK 7.7.0 unit tests `CleverTapSDKTests/InApps/CTInAppFCManagerTest.m`:
// 18 of its 21 cases, same names and outcomes, as a table: one row per SDK case, named after it,
// whose steps replay the SDK test's calls in order (a failure names the case and the check). The
// SDK's `CTInAppFCManagerMock` (global caps set to their reset values 1/1) is a `FrequencyCaps`
// before any response. Not ported: `testLocalInAppCount` (local push-primer in-apps),
// `testDelegatesAdded` (no delegate manager); `testSwitchUser` is in SwitchUserTests.swift.

/// One SDK case of `CTInAppFCManagerTest.m`: steps run in order on a fresh fixture, about the
/// in-app last given by `.inApp` (campaign "1").
typealias FCCase = SDKCase<FCStep>

/// A step of an ``FCCase``.
enum FCStep: Sendable {
    /// The caps `FrequencyCaps` checks.
    enum Cap: Sendable { case session, lifetime, daily, frequencyLimits }

    /// The in-app the next steps are about.
    case inApp(JSONValue)
    /// `globalSessionMax` / `maxPerDayCount` (the response's caps).
    case sessionMax(Int), dayMax(Int)
    /// The impression manager's session counts (`sessionTotal`, per campaign).
    case sessionTotal(Int), session([String: Int])
    /// `didShow:` of the in-app.
    case didShow
    /// `recordImpression:` of a campaign, `times` times.
    case record(String, times: Int = 1)
    /// The impression manager's own `recordImpression:` (no counts).
    case recordImpression(String)
    /// `incrementTriggerCount` of a campaign.
    case trigger(String)
    /// `removeStaleInAppCounts:` with these stale campaign ids.
    case removeStale([JSONValue])
    /// `resetDailyCounters:` with the day's key.
    case resetDaily(String)

    /// Checks: a campaign's stored impressions, `shownToday`, its `[today, lifetime]` counts
    /// (nil: none) or that it has some, its trigger count, the batch header (key order ignored, as
    /// `isEqualToDictionary:`), the in-app's `mdc`, whether a cap is maxed out, `canShow:`.
    case stored(String, Int), shownToday(Int), counts(String, [Int]?), hasCounts(String), triggers(String, Int)
    case header(JSONObject), maxPerSession(Int), maxedOut(Cap, Bool), canShow(Bool)
}

@Suite struct CTInAppFCManagerTest {
    @Test(arguments: cases)
    func sdkCase(_ sdkCase: FCCase) {
        let data = CampaignData()
        let now: Double = 1_715_774_400
        let impressions = ImpressionManager(data: data, now: { now })
        let fc = FrequencyCaps(data: data, impressions: impressions, now: { now })
        var inApp: JSONValue = .null
        let checks = SDKChecks(sdkCase.sdk)
        for step in sdkCase.steps {
            switch step {
            case .inApp(let value): inApp = value
            case .sessionMax(let max): data.perSessionMax = max
            case .dayMax(let max): data.perDayMax = max
            case .sessionTotal(let total): impressions.sessionTotal = total
            case .session(let counts): impressions.session = counts
            case .didShow: fc.didShow(inApp)
            case .record(let id, let times): for _ in 0..<times { fc.recordImpression(id) }
            case .recordImpression(let id): impressions.record(id)
            case .trigger(let id): data.incrementTrigger(id)
            case .removeStale(let stale): fc.removeStale(stale)
            case .resetDaily(let day): fc.resetDailyCounters(day)
            case .stored(let id, let n): checks.expect(impressions.impressions(id).count, n, "impressions of \(id)")
            case .shownToday(let n): checks.expect(data.shownToday, n, "shownToday")
            case .counts(let id, let counts): checks.expect(data.counts[id], counts, "counts of \(id)")
            case .hasCounts(let id): checks.expect(data.counts[id] != nil, true, "counts of \(id) kept")
            case .triggers(let id, let n): checks.expect(data.triggerCount(id), n, "trigger count of \(id)")
            case .header(let expected):
                checks.expect(canonical(.object(fc.batchHeader)), canonical(.object(expected)), "batch header")
            case .maxPerSession(let n): checks.expect(FrequencyCaps.maxPerSession(inApp), n, "maxPerSession")
            case .maxedOut(let cap, let expected): checks.expect(Self.maxedOut(cap, inApp, fc), expected, "\(cap) maxed out")
            case .canShow(let expected): checks.expect(fc.canShow(inApp), expected, "canShow")
            }
        }
    }

    static func maxedOut(_ cap: FCStep.Cap, _ inApp: JSONValue, _ fc: FrequencyCaps) -> Bool {
        switch cap {
        case .session: fc.hasSessionCapacityMaxedOut(inApp)
        case .lifetime: fc.hasLifetimeCapacityMaxedOut(inApp)
        case .daily: fc.hasDailyCapacityMaxedOut(inApp)
        case .frequencyLimits: fc.hasFrequencyLimitsMaxedOut(inApp)
        }
    }
}

extension CTInAppFCManagerTest {
    /// A legacy in-app: its caps in the window (`w`) of an HTML in-app.
    static func legacy(mdc: Int) -> JSONValue {
        ["ti": 1, "w": ["dk": false, "sc": true, "pos": "c", "xp": 90, "yp": 85, "mdc": .integer(Int64(mdc))], "d": ["html": ""]]
    }

    static let cases: [FCCase] = [
        FCCase("testDidShow", [
            .inApp(["ti": 1]),
            .didShow, .stored("1", 1), .shownToday(1), .counts("1", [1, 1]),
            .didShow, .stored("1", 2), .shownToday(2), .counts("1", [2, 2]),
        ]),
        FCCase("testRecordImpression", [
            .record("1", times: 2), .record("2"),
            .shownToday(3), .stored("1", 2), .counts("1", [2, 2]), .stored("2", 1), .counts("2", [1, 1]),
        ]),
        FCCase("testRemoveStaleInAppCounts", [
            .inApp(["ti": 1]), .didShow, .hasCounts("1"),
            .removeStale([1]), .counts("1", nil),
        ]),
        FCCase("testRemoveStaleInAppCountsRemovesTriggersAndImpressions", [
            .trigger("1"), .inApp(["ti": 1]), .didShow, .hasCounts("1"), .stored("1", 1),
            .removeStale([1]), .counts("1", nil), .stored("1", 0), .triggers("1", 0),
        ]),
        FCCase("testResetDailyCounters", [
            .record("1", times: 2), .record("2"),
            .resetDaily("20231119"), .counts("1", [0, 2]), .counts("2", [0, 1]),
        ]),
        FCCase("testOnBatchHeaderCreationForQueue", [
            .record("1", times: 3), .record("2"),
            .header(["af.LIAMC": 0, "imp": 4, "tlc": [["1", 3, 3], ["2", 1, 1]]]),
        ]),
        FCCase("testSessionCapacityMaxedOutGlobal", [
            .inApp(["ti": 1]), .sessionMax(5), .maxPerSession(-1),
            .record("1", times: 4), .maxedOut(.session, false),
            .record("1"), .maxedOut(.session, true),
        ]),
        FCCase("testSessionCapacityMaxedOutGlobalLegacy", [
            .inApp(legacy(mdc: 1000)), .sessionMax(5), .maxPerSession(1000),
            .record("1", times: 4), .maxedOut(.session, false),
            .record("1"), .maxedOut(.session, true),
        ]),
        FCCase("testSessionCapacityMaxedOutInApp", [
            .sessionMax(2000), .sessionTotal(0),
            .inApp(["ti": 1]), .session([:]), .maxPerSession(-1), .maxedOut(.session, false),
            .session(["1": 2]), .maxedOut(.session, false),
            .session(["1": 1000]), .maxedOut(.session, true),
            .inApp(["ti": 1, "mdc": 1]), .maxPerSession(1),
            .session([:]), .maxedOut(.session, false),
            .session(["1": 1]), .maxedOut(.session, true),
            .inApp(["ti": 1, "mdc": 3]), .maxPerSession(3),
            .session(["1": 2]), .maxedOut(.session, false),
            .session(["1": 3]), .maxedOut(.session, true),
        ]),
        FCCase("testSessionCapacityMaxedOutInAppLegacy", [
            .sessionMax(2000), .sessionTotal(0),
            .inApp(legacy(mdc: 3)), .maxPerSession(3),
            .session(["1": 2]), .maxedOut(.session, false),
            .session(["1": 3]), .maxedOut(.session, true),
        ]),
        FCCase("testLifetimeCapacityMaxedOut", [
            .inApp(["ti": 1, "tlc": 5]), .maxedOut(.lifetime, false),
            .record("1", times: 4), .maxedOut(.lifetime, false),
            .record("1"), .maxedOut(.lifetime, true),
        ]),
        FCCase("testDailyCapacityMaxedOutGlobalDefault", [
            // Before any response the global daily cap is 1.
            .inApp(["ti": 1]), .maxedOut(.daily, false),
            .record("1"), .maxedOut(.daily, true),
        ]),
        FCCase("testDailyCapacityMaxedOutGlobal", [
            .dayMax(5), .inApp(["ti": 1, "tdc": 10]), .maxedOut(.daily, false),
            .record("1", times: 4), .maxedOut(.daily, false),
            .record("1"), .maxedOut(.daily, true),
        ]),
        FCCase("testDailyCapacityMaxedOutInApp", [
            .dayMax(10), .inApp(["ti": 1, "tdc": 5]),
            .record("1", times: 4), .maxedOut(.daily, false),
            .record("1"), .maxedOut(.daily, true),
        ]),
        FCCase("testHasInAppFrequencyLimitsMaxedOut", [
            .inApp(["ti": 1, "frequencyLimits": [["type": "ever", "limit": 2]]]),
            .recordImpression("1"), .maxedOut(.frequencyLimits, false),
            .recordImpression("1"), .maxedOut(.frequencyLimits, true),
        ]),
        FCCase("testCanShowExcludeCaps", [.inApp(["ti": 1, "efc": 1, "tdc": 1]), .record("1"), .canShow(true)]),
        FCCase("testCanShowExcludeGlobalCaps", [.inApp(["ti": 1, "excludeGlobalFCaps": 1, "tdc": 1]), .record("1"), .canShow(true)]),
        FCCase("testCanShowMaxedOut", [.inApp(["ti": 1, "tdc": 1]), .record("1"), .canShow(false)]),
    ]
}
