import Engine
import JSON
@testable import Templates
import Testing

// Ported from the CleverTap iOS SDK 7.7.0 unit tests `CleverTapSDKTests/InApps/CTInAppStoreTest.m`:
// 18 of its 23 cases, same names and outcomes, on ctlua's equivalents (the lists of
// `CampaignData` written by `Campaigns.handleResponse` and saved to `campaigns.json`, the
// controller's store queue, `Campaigns.setMode`/`updateTTL`). The cases on the campaign store are
// a table: one row per SDK case, named after it, whose steps replay the SDK test's calls in order
// (a failure names the case and the check); `testInAppsQueue` (the controller's queue) stays a
// test here. "Force load from persistent storage" is a new `Campaigns` over the same storage. Not ported:
// - `testStoreClientSideInAppsEncrypted`, `testStoreServerSideInAppsEncrypted`: ctlua saves plain
//   JSON (a test tool; nothing to protect), so there is no encrypted form to decrypt;
// - `testInAppsQueueMigration`: migrates a pre-7.0 preference key that ctlua never had;
// - `testSwitchUser`, `testSwitchUserDelegateAdded`: user switching (issue of the users work).

/// One SDK case of `CTInAppStoreTest.m`: steps run in order on a fresh ``CampaignsFixture``.
typealias StoreCase = SDKCase<StoreStep>

/// A step of a ``StoreCase``.
enum StoreStep: Sendable {
    /// The store's lists, by their key in `campaigns.json`: client-side, server-side, delayed
    /// client-side, server-side with in-action metadata.
    enum List: String, Sendable { case cs, ss, csDelayed, ssInAction }

    /// `Campaigns.handleResponse` of a response whose partition holds the list (`inapp_notifs_cs`
    /// for `cs` and `csDelayed`, with delivery mode "CS"; nil: the key left out).
    case respond(List, JSONValue?)
    /// The list set in memory (the store's own setter, `storeClientSideInApps:`...); the store saved.
    case set(List, [JSONValue]), changed
    /// `setMode:` (what `removeClientSideInApps`/`removeServerSideInApps` are called by).
    case setMode(String?)
    /// Checks: nothing saved yet; the list as saved; in memory; as a new instance loads it from
    /// storage (the SDK sets its cached property to nil).
    case nothingSaved, saved(List, JSONValue), inMemory(List, [JSONValue]), reloaded(List, [JSONValue])
    /// `updateTTL` of an in-app: its `wzrk_ttl` is then now plus this offset (nil: none).
    case ttl(JSONValue, nowPlus: Int64?)
}

extension CampaignData {
    subscript(list list: StoreStep.List) -> [JSONValue] {
        get {
            switch list {
            case .cs: clientSide
            case .ss: serverSide
            case .csDelayed: clientSideDelayed
            case .ssInAction: serverSideInAction
            }
        }
        set {
            switch list {
            case .cs: clientSide = newValue
            case .ss: serverSide = newValue
            case .csDelayed: clientSideDelayed = newValue
            case .ssInAction: serverSideInAction = newValue
            }
        }
    }
}

@Suite struct CTInAppStoreTest {
    @Test(arguments: cases)
    func sdkCase(_ sdkCase: StoreCase) throws {
        let f = try CampaignsFixture()
        let checks = SDKChecks(sdkCase.sdk)
        for step in sdkCase.steps {
            switch step {
            case .respond(let list, let value):
                let clientSide = list == .cs || list == .csDelayed
                var response: JSONObject = [:]
                if let value { response[clientSide ? "inapp_notifs_cs" : "inapp_notifs_ss"] = value }
                response["inapp_delivery_mode"] = clientSide ? "CS" : "SS"
                f.campaigns.handleResponse(response)
            case .set(let list, let inApps): f.data[list: list] = inApps
            case .changed: f.data.changed()
            case .setMode(let mode): f.campaigns.setMode(mode)
            case .nothingSaved: checks.expect(try f.harness.storage.read(Campaigns.storageName) == nil, true, "nothing saved")
            case .saved(let list, let value): checks.expect(try Self.saved(f)[list.rawValue], value, "\(list) saved")
            case .inMemory(let list, let inApps): checks.expect(f.data[list: list], inApps, "\(list) in memory")
            case .reloaded(let list, let inApps): checks.expect(Self.reloaded(f)[list: list], inApps, "\(list) reloaded")
            case .ttl(let inApp, let offset):
                let ttl = offset.map { JSONValue.integer(Int64(f.campaigns.now) + $0) }
                checks.expect(f.campaigns.updateTTL(inApp)["wzrk_ttl"], ttl, "wzrk_ttl of \(inApp)")
            }
        }
    }

    /// The state a new instance loads from storage.
    static func reloaded(_ f: CampaignsFixture) -> CampaignData {
        f.campaigns.flush()
        return Campaigns(controller: f.harness.controller, transcript: f.harness.transcript, clock: f.harness.clock,
                         storage: f.harness.storage).data
    }

    static func saved(_ f: CampaignsFixture) throws -> JSONValue {
        f.campaigns.flush()
        return try JSONValue.decode(try f.harness.storage.read(Campaigns.storageName)!)
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

    @Test func delayedStoreIsReplacedByEverySchedulingCall() throws {
        // Not an SDK case: the delayed store of scheduled in-apps is replaced by every scheduling
        // call, even when all of its in-apps already have a running timer (`DelayedInAppStorageStrategy`).
        let f = try CampaignsFixture()
        f.campaigns.scheduleDelayed([["ti": 1, "delayAfterTrigger": 10]])
        #expect(f.data.delayedStore == [["ti": 1, "delayAfterTrigger": 10]])
        f.campaigns.scheduleDelayed([["ti": 1, "delayAfterTrigger": 10]])
        #expect(f.data.delayedStore == [])
    }
}
