import Engine
import JSON
@testable import Templates
import Testing

// Ported from the CleverTap iOS SDK 7.7.0 unit tests `CleverTapSDKTests/InApps/CTInAppStoreTest.m`:
// 18 of its 23 cases, same names and outcomes, on ctlua's equivalents (the lists of
// `CampaignData` written by `Campaigns.handleResponse` and saved to `campaigns.json`, the
// controller's store queue, `Campaigns.setMode`/`updateTTL`). "Force load from persistent
// storage" is a new `Campaigns` over the same storage. Not ported:
// - `testStoreClientSideInAppsEncrypted`, `testStoreServerSideInAppsEncrypted`: ctlua saves plain
//   JSON (a test tool; nothing to protect), so there is no encrypted form to decrypt;
// - `testInAppsQueueMigration`: migrates a pre-7.0 preference key that ctlua never had;
// - `testSwitchUser`, `testSwitchUserDelegateAdded`: user switching (issue of the users work).
@Suite struct CTInAppStoreTest {
    let inApps: [JSONValue] = [["ti": 1, "type": "custom-code"], ["ti": 2, "type": "custom-code"]]
    /// The SDK test's two in-apps.
    var sdkInApps: [JSONValue] {
        [["ti": 1698073146, "wzrk_id": "1698073146_20231024", "wzrk_pivot": "wzrk_default", "priority": 1,
          "whenTriggers": [["eventName": "Lina tests", "eventProperties": []]],
          "frequencyLimits": [["type": "days", "limit": 1, "frequency": 1]], "excludeGlobalFCaps": 0,
          "occurrenceLimits": [["type": "onExactly", "limit": 2]]],
         ["ti": 1698067016, "wzrk_id": "1698067016_20231024", "wzrk_pivot": "wzrk_default", "priority": 1,
          "whenTriggers": [["eventName": "Home Screen", "eventProperties": []]],
          "frequencyLimits": [], "excludeGlobalFCaps": 1, "occurrenceLimits": []]]
    }

    /// The state a new instance loads from storage (the SDK sets its cached property to nil).
    static func reloaded(_ f: CampaignsFixture) -> CampaignData {
        f.campaigns.flush()
        return Campaigns(controller: f.harness.controller, transcript: f.harness.transcript, clock: f.harness.clock,
                         storage: f.harness.storage).data
    }

    @Test func testStoreClientSideInApps() throws {
        let f = try CampaignsFixture()
        #expect(try f.harness.storage.read(Campaigns.storageName) == nil)
        f.campaigns.handleResponse(["inapp_notifs_cs": .array(sdkInApps), "inapp_delivery_mode": "CS"])
        #expect(try Self.saved(f)["cs"] == .array(sdkInApps))
        #expect(f.data.clientSide == sdkInApps)
        #expect(f.data.serverSide == [])
        #expect(Self.reloaded(f).clientSide == sdkInApps)
        // Update
        let newInApps = sdkInApps + sdkInApps
        f.campaigns.handleResponse(["inapp_notifs_cs": .array(newInApps), "inapp_delivery_mode": "CS"])
        #expect(f.data.clientSide == newInApps)
        #expect(try Self.saved(f)["cs"] == .array(newInApps))
        #expect(Self.reloaded(f).clientSide == newInApps)
    }

    @Test func testStoreServerSideInApps() throws {
        let f = try CampaignsFixture()
        #expect(try f.harness.storage.read(Campaigns.storageName) == nil)
        f.campaigns.handleResponse(["inapp_notifs_ss": .array(sdkInApps), "inapp_delivery_mode": "SS"])
        #expect(try Self.saved(f)["ss"] == .array(sdkInApps))
        #expect(f.data.serverSide == sdkInApps)
        #expect(f.data.clientSide == [])
        #expect(Self.reloaded(f).serverSide == sdkInApps)
        // Update
        let newInApps = sdkInApps + sdkInApps
        f.campaigns.handleResponse(["inapp_notifs_ss": .array(newInApps), "inapp_delivery_mode": "SS"])
        #expect(f.data.serverSide == newInApps)
        #expect(try Self.saved(f)["ss"] == .array(newInApps))
        #expect(Self.reloaded(f).serverSide == newInApps)
    }

    @Test func testRemoveClientSideInApps() throws {
        // `removeClientSideInApps` is what `setMode:` calls for "SS".
        let f = try CampaignsFixture()
        f.campaigns.handleResponse(["inapp_notifs_cs": .array(sdkInApps), "inapp_delivery_mode": "CS"])
        #expect(f.data.clientSide == sdkInApps)
        #expect(try Self.saved(f)["cs"] == .array(sdkInApps))
        f.campaigns.setMode("SS")
        #expect(try Self.saved(f)["cs"] == [])
        #expect(f.data.clientSide == [])
        #expect(Self.reloaded(f).clientSide == [])
    }

    @Test func testRemoveServerSideInApps() throws {
        // `removeServerSideInApps` is what `setMode:` calls for "CS".
        let f = try CampaignsFixture()
        f.campaigns.handleResponse(["inapp_notifs_ss": .array(sdkInApps), "inapp_delivery_mode": "SS"])
        #expect(try Self.saved(f)["ss"] == .array(sdkInApps))
        #expect(f.data.serverSide == sdkInApps)
        f.campaigns.setMode("CS")
        #expect(try Self.saved(f)["ss"] == [])
        #expect(f.data.serverSide == [])
        #expect(Self.reloaded(f).serverSide == [])
    }

    @Test func testStoreClientSideEmptyArray() throws {
        // The store replaces its list with `[]`; the response handler never stores an empty
        // partition, so an `inapp_notifs_cs: []` response leaves the list as it was.
        let f = try CampaignsFixture()
        f.data.clientSide = []
        #expect(Self.reloaded(f).clientSide == [])
        f.campaigns.handleResponse(["inapp_notifs_cs": .array(sdkInApps), "inapp_delivery_mode": "CS"])
        #expect(f.data.clientSide == sdkInApps)
        f.data.clientSide = []
        f.data.changed()
        #expect(Self.reloaded(f).clientSide == [])
        f.campaigns.handleResponse(["inapp_notifs_cs": .array(sdkInApps), "inapp_delivery_mode": "CS"])
        f.campaigns.handleResponse(["inapp_notifs_cs": [], "inapp_delivery_mode": "CS"])
        #expect(f.data.clientSide == sdkInApps, "an empty partition is not stored")
    }

    @Test func testStoreServerSideEmptyArray() throws {
        let f = try CampaignsFixture()
        f.data.serverSide = []
        #expect(Self.reloaded(f).serverSide == [])
        f.campaigns.handleResponse(["inapp_notifs_ss": .array(sdkInApps), "inapp_delivery_mode": "SS"])
        #expect(f.data.serverSide == sdkInApps)
        f.data.serverSide = []
        f.data.changed()
        #expect(Self.reloaded(f).serverSide == [])
        f.campaigns.handleResponse(["inapp_notifs_ss": .array(sdkInApps), "inapp_delivery_mode": "SS"])
        f.campaigns.handleResponse(["inapp_notifs_ss": [], "inapp_delivery_mode": "SS"])
        #expect(f.data.serverSide == sdkInApps, "an empty partition is not stored")
    }

    @Test func testStoreClientSideInAppsNil() throws {
        // nil (a response without the key, or not a list) stores nothing.
        let f = try CampaignsFixture()
        f.campaigns.handleResponse(["inapp_delivery_mode": "CS"])
        #expect(f.data.clientSide == [])
        f.campaigns.handleResponse(["inapp_notifs_cs": .array(sdkInApps), "inapp_delivery_mode": "CS"])
        #expect(f.data.clientSide == sdkInApps)
        f.campaigns.handleResponse(["inapp_delivery_mode": "CS"])
        f.campaigns.handleResponse(["inapp_notifs_cs": .null, "inapp_delivery_mode": "CS"])
        #expect(f.data.clientSide == sdkInApps)
        #expect(Self.reloaded(f).clientSide == sdkInApps)
    }

    @Test func testStoreServerSideInAppsNil() throws {
        let f = try CampaignsFixture()
        f.campaigns.handleResponse(["inapp_delivery_mode": "SS"])
        #expect(f.data.serverSide == [])
        f.campaigns.handleResponse(["inapp_notifs_ss": .array(sdkInApps), "inapp_delivery_mode": "SS"])
        #expect(f.data.serverSide == sdkInApps)
        f.campaigns.handleResponse(["inapp_delivery_mode": "SS"])
        f.campaigns.handleResponse(["inapp_notifs_ss": .null, "inapp_delivery_mode": "SS"])
        #expect(f.data.serverSide == sdkInApps)
        #expect(Self.reloaded(f).serverSide == sdkInApps)
    }

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

    @Test func testStoreDelayedClientSideInApps_emptyArrayClearsExisting() throws {
        // The store's list is replaced by `[]` (and saved); the response handler never stores an
        // empty partition, so `inapp_notifs_cs: []` keeps the delayed list.
        let f = try CampaignsFixture()
        f.campaigns.handleResponse(["inapp_notifs_cs": [["ti": 1, "delayAfterTrigger": 10]], "inapp_delivery_mode": "CS"])
        f.campaigns.handleResponse(["inapp_notifs_cs": [], "inapp_delivery_mode": "CS"])
        #expect(f.data.clientSideDelayed == [["ti": 1, "delayAfterTrigger": 10]])
        f.data.clientSideDelayed = []
        f.data.changed()
        #expect(Self.reloaded(f).clientSideDelayed == [])
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
