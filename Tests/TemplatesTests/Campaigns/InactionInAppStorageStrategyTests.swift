import JSON
@testable import Templates
import Testing

// Ported from the CleverTap iOS SDK 7.7.0 unit tests `CleverTapSDKTests/InactionInAppStorageStrategyTests.swift`
// (7 cases, same names and outcomes). The SDK's strategy is the in-memory cache of in-action
// in-apps, `Campaigns.inActionCache`, filled when in-action timers start
// (`Campaigns.scheduleInAction`). ctlua only schedules in-apps with a valid `inactionDuration`
// (the SDK's partitioner filters them before the strategy sees them), so the cases' in-apps
// carry one. `clearAll` is `app.reset` (`Campaigns.reset`): the SDK clears the cache when it
// cancels every timer; relaunch also empties it, since it is memory only.
@Suite struct InactionInAppStorageStrategyTests {
    @Test func testGetCacheSize_initiallyZero() throws {
        let f = try CampaignsFixture()
        #expect(f.campaigns.inActionCache.count == 0)
    }

    @Test func testPrepareForScheduling_returnsTrue() throws {
        let f = try CampaignsFixture()
        f.campaigns.scheduleInAction([["ti": "abc", "type": "interstitial", "inactionDuration": 60]])
        #expect(f.harness.events("inapp.scheduled").map { $0["ti"] } == ["abc"], "prepared, then scheduled")
    }

    @Test func testPrepareForScheduling_withValidInApps_cachesThem() throws {
        let f = try CampaignsFixture()
        f.campaigns.scheduleInAction([
            ["ti": "id1", "type": "interstitial", "inactionDuration": 60],
            ["ti": "id2", "type": "cover", "inactionDuration": 60],
        ])
        #expect(f.campaigns.inActionCache.count == 2)
    }

    @Test func testPrepareForScheduling_withEmptyIdInApp_notCached() throws {
        let f = try CampaignsFixture()
        f.campaigns.scheduleInAction([
            ["type": "interstitial", "inactionDuration": 60],          // missing "ti" key
            ["ti": "", "type": "cover", "inactionDuration": 60],      // empty "ti"
        ])
        #expect(f.campaigns.inActionCache.count == 0)
        #expect(f.harness.events("inapp.scheduled").isEmpty)
    }

    @Test func testRetrieveAfterTimer_hit_returnsInApp() throws {
        let f = try CampaignsFixture()
        let inApp: JSONValue = ["ti": "myId", "type": "interstitial", "inactionDuration": 60]
        f.campaigns.scheduleInAction([inApp])
        #expect(f.campaigns.inActionCache["myId"] == inApp)
    }

    @Test func testRetrieveAfterTimer_miss_returnsNil() throws {
        let f = try CampaignsFixture()
        f.campaigns.scheduleInAction([["ti": "myId", "inactionDuration": 60]])
        #expect(f.campaigns.inActionCache["nonexistent"] == nil)
    }

    @Test func testClearAll_emptiesCache() throws {
        let f = try CampaignsFixture()
        f.campaigns.scheduleInAction([
            ["ti": "id1", "type": "interstitial", "inactionDuration": 60],
            ["ti": "id2", "type": "cover", "inactionDuration": 60],
        ])
        #expect(f.campaigns.inActionCache.count == 2)
        f.campaigns.reset()
        #expect(f.campaigns.inActionCache.count == 0)
        f.harness.clock.advance(by: 60)
        #expect(f.harness.events("inapp.fetch").isEmpty, "their timers went with them")
    }
}
