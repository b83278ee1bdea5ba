import Engine
import JSON
@testable import Templates
import Testing

// Ported from the CleverTap iOS SDK 7.7.0 unit tests `CleverTapSDKTests/InApps/CTInAppStoreTest.m`:
// 9 of its 23 cases, same names and outcomes, on ctlua's equivalents (the lists of
// `CampaignData`, the controller's store queue, `Campaigns.setMode`/`updateTTL`). Not ported:
// the encryption, preference-key migration and user-switch cases, and the plain store/remove
// cases whose ctlua equivalent is an assignment.
@Suite struct CTInAppStoreTest {
    let inApps: [JSONValue] = [["ti": 1, "type": "custom-code"], ["ti": 2, "type": "custom-code"]]

    static func saved(_ f: CampaignsFixture) throws -> JSONValue {
        f.campaigns.flush()
        return try JSONValue.decode(try f.harness.storage.read(Campaigns.storageName)!)
    }

    @Test func testSetModeRemovesInApps() throws {
        let f = try CampaignsFixture()
        f.data.serverSide = inApps
        f.data.clientSide = inApps
        f.campaigns.setMode("CS")
        #expect(try Self.saved(f)["ss"] == [])
        #expect(try Self.saved(f)["cs"] == .array(inApps))
        f.data.serverSide = inApps
        f.data.clientSide = inApps
        f.campaigns.setMode("SS")
        #expect(try Self.saved(f)["ss"] == .array(inApps))
        #expect(try Self.saved(f)["cs"] == [])
        f.data.serverSide = inApps
        f.data.clientSide = inApps
        f.campaigns.setMode(nil)
        #expect(try Self.saved(f)["ss"] == [])
        #expect(try Self.saved(f)["cs"] == [])
        f.data.serverSide = inApps
        f.data.clientSide = inApps
        f.campaigns.setMode("Invalid")
        #expect(try Self.saved(f)["ss"] == [])
        #expect(try Self.saved(f)["cs"] == [])
    }

    @Test func testInAppsQueue() throws {
        let h = try Harness(templates: { _ in [] })
        let queued: [JSONValue] = [["ti": 1], ["ti": 2], ["ti": 3]]
        #expect(h.controller.queue.isEmpty)
        #expect(try h.storage.read(InAppController.storageName) == nil)
        h.controller.addToQueue(queued)
        #expect(h.controller.queue.count == 3)
        h.controller.flush()
        #expect(try JSONValue.decode(try h.storage.read(InAppController.storageName)!)["queue"]?.arrayValue?.count == 3)
        h.controller.showAttempt()   // peek, prepare, dequeue: the head (dropped at display: a native type)
        #expect(h.events("inapp.skipped").map { $0["ti"] } == [1])
        #expect(h.controller.queue.map(\.json) == [queued[1], queued[2]], "FIFO")
        h.controller.flush()
        #expect(try JSONValue.decode(try h.storage.read(InAppController.storageName)!)["queue"]?.arrayValue?.count == 2)
        h.controller.showAttempt()
        h.controller.showAttempt()
        #expect(h.controller.queue.isEmpty)
        h.controller.flush()
        #expect(try JSONValue.decode(try h.storage.read(InAppController.storageName)!)["queue"] == [])
    }

    @Test func testStoreDelayedClientSideInApps() throws {
        let f = try CampaignsFixture()
        #expect(f.data.clientSideDelayed == [])
        f.campaigns.handleResponse(["inapp_notifs_cs": [["ti": 1, "delayAfterTrigger": 10], ["ti": 2]], "inapp_delivery_mode": "CS"])
        #expect(f.data.clientSideDelayed == [["ti": 1, "delayAfterTrigger": 10]])
        #expect(f.data.clientSide == [["ti": 2]])
    }

    @Test func testStoreDelayedClientSideInApps_overwritesPrevious() throws {
        let f = try CampaignsFixture()
        f.campaigns.handleResponse(["inapp_notifs_cs": [["ti": 1, "delayAfterTrigger": 10]], "inapp_delivery_mode": "CS"])
        f.campaigns.handleResponse(["inapp_notifs_cs": [["ti": 2, "delayAfterTrigger": 20]], "inapp_delivery_mode": "CS"])
        #expect(f.data.clientSideDelayed == [["ti": 2, "delayAfterTrigger": 20]])
    }

    @Test func delayedStoreIsReplacedByEverySchedulingCall() throws {
        // Not an SDK case: the delayed store of scheduled in-apps is replaced by every scheduling
        // call, even when all of its in-apps already have a running timer (`DelayedInAppStorageStrategy`).
        let f = try CampaignsFixture()
        f.campaigns.scheduleDelayed([["ti": 1, "delayAfterTrigger": 10]])
        #expect(f.data.delayedStore == [["ti": 1, "delayAfterTrigger": 10]])
        f.campaigns.scheduleDelayed([["ti": 1, "delayAfterTrigger": 10]])
        #expect(f.data.delayedStore == [])
    }

    @Test func testStoreServerSideInActionMetaData() throws {
        let f = try CampaignsFixture()
        #expect(f.data.serverSideInAction == [])
        f.campaigns.handleResponse(["inapp_notifs_ss": [["ti": 1, "inactionDuration": 60], ["ti": 2]], "inapp_delivery_mode": "SS"])
        #expect(f.data.serverSideInAction == [["ti": 1, "inactionDuration": 60]])
        #expect(f.data.serverSide == [["ti": 2]])
    }

    @Test func testStoreServerSideInActionMetaData_overwritesPrevious() throws {
        let f = try CampaignsFixture()
        f.campaigns.handleResponse(["inapp_notifs_ss": [["ti": 1, "inactionDuration": 60]], "inapp_delivery_mode": "SS"])
        f.campaigns.handleResponse(["inapp_notifs_ss": [["ti": 2, "inactionDuration": 30]], "inapp_delivery_mode": "SS"])
        #expect(f.data.serverSideInAction == [["ti": 2, "inactionDuration": 30]])
    }

    @Test func testUpdateTTL_withOffset_setsCorrectTTL() throws {
        let f = try CampaignsFixture()
        let updated = f.campaigns.updateTTL(["ti": 1, "wzrk_ttl_offset": 3600])
        #expect(updated["wzrk_ttl"] == .integer(Int64(f.campaigns.now) + 3600))
    }

    @Test func testUpdateTTL_withoutOffset_removesTTL() throws {
        let f = try CampaignsFixture()
        #expect(f.campaigns.updateTTL(["ti": 1, "wzrk_ttl": 1700172618])["wzrk_ttl"] == nil)
    }

    @Test func testUpdateTTL_zeroOffset_setsTTLToCurrentTime() throws {
        let f = try CampaignsFixture()
        #expect(f.campaigns.updateTTL(["ti": 1, "wzrk_ttl_offset": 0])["wzrk_ttl"] == .integer(Int64(f.campaigns.now)))
    }
}
