import JSON
@testable import Templates
import Testing

// Ported from the CleverTap iOS SDK 7.7.0 unit tests `CleverTapSDKTests/InApps/CTInAppFCManagerTest.m`:
// 18 of its 21 cases, same names and outcomes. The SDK's `CTInAppFCManagerMock` (global caps set
// to their reset values 1/1) is a `FrequencyCaps` before any response. Not ported:
// `testLocalInAppCount` (local push-primer in-apps), `testDelegatesAdded` (no delegate manager);
// `testSwitchUser` is in SwitchUserTests.swift.
@Suite struct CTInAppFCManagerTest {
    final class Fixture {
        var now: Double = 1_715_774_400
        let data = CampaignData()
        lazy var impressions = ImpressionManager(data: data, now: { [unowned self] in self.now })
        lazy var fc = FrequencyCaps(data: data, impressions: impressions, now: { [unowned self] in self.now })

        var globalSessionMax: Int {
            get { fc.perSessionMax }
            set { data.perSessionMax = newValue }
        }
        var maxPerDayCount: Int {
            get { fc.perDayMax }
            set { data.perDayMax = newValue }
        }

        func recordImpressions(_ count: Int) {
            for _ in 0..<count { fc.recordImpression("1") }
        }
    }

    @Test func testDidShow() {
        let f = Fixture()
        let inApp: JSONValue = ["ti": 1]
        f.fc.didShow(inApp)
        #expect(f.impressions.impressions("1").count == 1)
        #expect(f.data.shownToday == 1)
        #expect(f.data.counts["1"] == [1, 1])
        f.fc.didShow(inApp)
        #expect(f.impressions.impressions("1").count == 2)
        #expect(f.data.shownToday == 2)
        #expect(f.data.counts["1"] == [2, 2])
    }

    @Test func testRecordImpression() {
        let f = Fixture()
        f.fc.recordImpression("1")
        f.fc.recordImpression("1")
        f.fc.recordImpression("2")
        #expect(f.data.shownToday == 3)
        #expect(f.impressions.impressions("1").count == 2)
        #expect(f.data.counts["1"] == [2, 2])
        #expect(f.impressions.impressions("2").count == 1)
        #expect(f.data.counts["2"] == [1, 1])
    }

    @Test func testRemoveStaleInAppCounts() {
        let f = Fixture()
        f.fc.didShow(["ti": 1])
        #expect(f.data.counts["1"] != nil)
        f.fc.removeStale([1])
        #expect(f.data.counts["1"] == nil)
    }

    @Test func testRemoveStaleInAppCountsRemovesTriggersAndImpressions() {
        let f = Fixture()
        f.data.incrementTrigger("1")
        f.fc.didShow(["ti": 1])
        #expect(f.data.counts["1"] != nil)
        #expect(f.impressions.impressions("1").count == 1)
        f.fc.removeStale([1])
        #expect(f.data.counts["1"] == nil)
        #expect(f.impressions.impressions("1").count == 0)
        #expect(f.data.triggerCount("1") == 0)
    }

    @Test func testResetDailyCounters() {
        let f = Fixture()
        f.fc.recordImpression("1")
        f.fc.recordImpression("1")
        f.fc.recordImpression("2")
        f.fc.resetDailyCounters("20231119")
        #expect(f.data.counts["1"] == [0, 2])
        #expect(f.data.counts["2"] == [0, 1])
    }

    @Test func testOnBatchHeaderCreationForQueue() {
        let f = Fixture()
        let expected: JSONObject = ["af.LIAMC": 0, "imp": 4, "tlc": [["1", 3, 3], ["2", 1, 1]]]
        f.fc.recordImpression("1")
        f.fc.recordImpression("1")
        f.fc.recordImpression("1")
        f.fc.recordImpression("2")
        #expect(canonical(.object(f.fc.batchHeader)) == canonical(.object(expected)), "as isEqualToDictionary: key order ignored")
    }

    @Test func testSessionCapacityMaxedOutGlobal() {
        let f = Fixture()
        let inApp: JSONValue = ["ti": 1]
        f.globalSessionMax = 5
        #expect(FrequencyCaps.maxPerSession(inApp) == -1)
        f.recordImpressions(4)
        #expect(!f.fc.hasSessionCapacityMaxedOut(inApp))
        f.recordImpressions(1)
        #expect(f.fc.hasSessionCapacityMaxedOut(inApp))
    }

    @Test func testSessionCapacityMaxedOutGlobalLegacy() {
        let f = Fixture()
        let inApp: JSONValue = [
            "ti": 1,
            "w": ["dk": false, "sc": true, "pos": "c", "xp": 90, "yp": 85, "mdc": 1000],
            "d": ["html": ""],
        ]
        f.globalSessionMax = 5
        #expect(FrequencyCaps.maxPerSession(inApp) == 1000)
        f.recordImpressions(4)
        #expect(!f.fc.hasSessionCapacityMaxedOut(inApp))
        f.recordImpressions(1)
        #expect(f.fc.hasSessionCapacityMaxedOut(inApp))
    }

    @Test func testSessionCapacityMaxedOutInApp() {
        let f = Fixture()
        f.globalSessionMax = 2000
        f.impressions.sessionTotal = 0
        var inApp: JSONValue = ["ti": 1]
        f.impressions.session = [:]
        #expect(FrequencyCaps.maxPerSession(inApp) == -1)
        #expect(!f.fc.hasSessionCapacityMaxedOut(inApp))
        f.impressions.session = ["1": 2]
        #expect(!f.fc.hasSessionCapacityMaxedOut(inApp))
        f.impressions.session = ["1": 1000]
        #expect(f.fc.hasSessionCapacityMaxedOut(inApp))

        inApp = ["ti": 1, "mdc": 1]
        #expect(FrequencyCaps.maxPerSession(inApp) == 1)
        f.impressions.session = [:]
        #expect(!f.fc.hasSessionCapacityMaxedOut(inApp))
        f.impressions.session = ["1": 1]
        #expect(f.fc.hasSessionCapacityMaxedOut(inApp))

        inApp = ["ti": 1, "mdc": 3]
        #expect(FrequencyCaps.maxPerSession(inApp) == 3)
        f.impressions.session = ["1": 2]
        #expect(!f.fc.hasSessionCapacityMaxedOut(inApp))
        f.impressions.session = ["1": 3]
        #expect(f.fc.hasSessionCapacityMaxedOut(inApp))
    }

    @Test func testSessionCapacityMaxedOutInAppLegacy() {
        let f = Fixture()
        f.globalSessionMax = 2000
        f.impressions.sessionTotal = 0
        let inApp: JSONValue = [
            "ti": 1,
            "w": ["dk": false, "sc": true, "pos": "c", "xp": 90, "yp": 85, "mdc": 3],
            "d": ["html": ""],
        ]
        #expect(FrequencyCaps.maxPerSession(inApp) == 3)
        f.impressions.session = ["1": 2]
        #expect(!f.fc.hasSessionCapacityMaxedOut(inApp))
        f.impressions.session = ["1": 3]
        #expect(f.fc.hasSessionCapacityMaxedOut(inApp))
    }

    @Test func testLifetimeCapacityMaxedOut() {
        let f = Fixture()
        let inApp: JSONValue = ["ti": 1, "tlc": 5]
        #expect(!f.fc.hasLifetimeCapacityMaxedOut(inApp))
        f.recordImpressions(4)
        #expect(!f.fc.hasLifetimeCapacityMaxedOut(inApp))
        f.recordImpressions(1)
        #expect(f.fc.hasLifetimeCapacityMaxedOut(inApp))
    }

    @Test func testDailyCapacityMaxedOutGlobalDefault() {
        let f = Fixture()
        let inApp: JSONValue = ["ti": 1]
        #expect(!f.fc.hasDailyCapacityMaxedOut(inApp))
        f.recordImpressions(1)
        #expect(f.fc.hasDailyCapacityMaxedOut(inApp), "before any response the global daily cap is 1")
    }

    @Test func testDailyCapacityMaxedOutGlobal() {
        let f = Fixture()
        f.maxPerDayCount = 5
        let inApp: JSONValue = ["ti": 1, "tdc": 10]
        #expect(!f.fc.hasDailyCapacityMaxedOut(inApp))
        f.recordImpressions(4)
        #expect(!f.fc.hasDailyCapacityMaxedOut(inApp))
        f.recordImpressions(1)
        #expect(f.fc.hasDailyCapacityMaxedOut(inApp))
    }

    @Test func testDailyCapacityMaxedOutInApp() {
        let f = Fixture()
        f.maxPerDayCount = 10
        let inApp: JSONValue = ["ti": 1, "tdc": 5]
        f.recordImpressions(4)
        #expect(!f.fc.hasDailyCapacityMaxedOut(inApp))
        f.recordImpressions(1)
        #expect(f.fc.hasDailyCapacityMaxedOut(inApp))
    }

    @Test func testHasInAppFrequencyLimitsMaxedOut() {
        let f = Fixture()
        let inApp: JSONValue = ["ti": 1, "frequencyLimits": [["type": "ever", "limit": 2]]]
        f.impressions.record("1")
        #expect(!f.fc.hasFrequencyLimitsMaxedOut(inApp))
        f.impressions.record("1")
        #expect(f.fc.hasFrequencyLimitsMaxedOut(inApp))
    }

    @Test func testCanShowExcludeCaps() {
        let f = Fixture()
        let inApp: JSONValue = ["ti": 1, "efc": 1, "tdc": 1]
        f.fc.recordImpression("1")
        #expect(f.fc.canShow(inApp))
    }

    @Test func testCanShowExcludeGlobalCaps() {
        let f = Fixture()
        let inApp: JSONValue = ["ti": 1, "excludeGlobalFCaps": 1, "tdc": 1]
        f.fc.recordImpression("1")
        #expect(f.fc.canShow(inApp))
    }

    @Test func testCanShowMaxedOut() {
        let f = Fixture()
        let inApp: JSONValue = ["ti": 1, "tdc": 1]
        f.fc.recordImpression("1")
        #expect(!f.fc.canShow(inApp))
    }
}
