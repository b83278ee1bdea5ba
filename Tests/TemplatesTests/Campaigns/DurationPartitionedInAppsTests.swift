import JSON
@testable import Templates
import Testing

// Ported from the CleverTap iOS SDK 7.7.0 unit tests `CleverTapSDKTests/DurationPartitionedInAppsTests.swift`
// (5 cases, same names and outcomes). The SDK's `UnknownAndInAction` is the pair that
// `DurationPartitioner.unknownAndInAction` returns; its `has…()` questions decide whether the
// response handler stores a partition, which each case checks through `Campaigns.handleResponse`.
@Suite struct DurationPartitionedInAppsTests {
    @Test func testUnknownAndInAction_hasUnknownDurationInApps_trueWhenNonEmpty() throws {
        let partition = DurationPartitioner.unknownAndInAction([["key": "value"]])
        #expect(!partition.unknown.isEmpty)
        let f = try CampaignsFixture()
        f.campaigns.handleResponse(["inapp_notifs_ss": [["key": "value"]], "inapp_delivery_mode": "SS"])
        #expect(f.data.serverSide == [["key": "value"]], "stored because there are some")
    }

    @Test func testUnknownAndInAction_hasUnknownDurationInApps_falseWhenEmpty() throws {
        let partition = DurationPartitioner.unknownAndInAction([["ti": 1, "inactionDuration": 60]])
        #expect(partition.unknown.isEmpty)
        let f = try CampaignsFixture()
        f.campaigns.handleResponse(["inapp_notifs_ss": [["ti": 2]], "inapp_delivery_mode": "SS"])
        f.campaigns.handleResponse(["inapp_notifs_ss": [["ti": 1, "inactionDuration": 60]], "inapp_delivery_mode": "SS"])
        #expect(f.data.serverSide == [["ti": 2]], "none: the stored list is kept")
    }

    @Test func testUnknownAndInAction_hasInActionInApps_trueWhenNonEmpty() throws {
        let partition = DurationPartitioner.unknownAndInAction([["inactionDuration": 60]])
        #expect(!partition.inAction.isEmpty)
        let f = try CampaignsFixture()
        f.campaigns.handleResponse(["inapp_notifs_ss": [["inactionDuration": 60]], "inapp_delivery_mode": "SS"])
        #expect(f.data.serverSideInAction == [["inactionDuration": 60]])
    }

    @Test func testUnknownAndInAction_hasInActionInApps_falseWhenEmpty() throws {
        let partition = DurationPartitioner.unknownAndInAction([["ti": 1]])
        #expect(partition.inAction.isEmpty)
        let f = try CampaignsFixture()
        f.campaigns.handleResponse(["inapp_notifs_ss": [["ti": 2, "inactionDuration": 60]], "inapp_delivery_mode": "SS"])
        f.campaigns.handleResponse(["inapp_notifs_ss": [["ti": 1]], "inapp_delivery_mode": "SS"])
        #expect(f.data.serverSideInAction == [["ti": 2, "inactionDuration": 60]], "none: the stored list is kept")
    }

    @Test func testUnknownAndInAction_empty_returnsBothArraysEmpty() {
        let partition = DurationPartitioner.unknownAndInAction(nil)
        #expect(partition.unknown.count == 0)
        #expect(partition.inAction.count == 0)
        let notAList = DurationPartitioner.unknownAndInAction(["ti": 1])
        #expect(notAList.unknown.isEmpty && notAList.inAction.isEmpty)
    }
}
