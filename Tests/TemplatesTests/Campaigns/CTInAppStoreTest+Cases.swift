import JSON
import Testing

// The rows of `CTInAppStoreTest.m` (CleverTap iOS SDK 7.7.0) on the campaign store: one row per
// SDK case, named after it. The SDK writes its client-side and server-side cases twice, once per
// list; their rows share one list of steps, made for either list below.

extension CTInAppStoreTest {
    /// The SDK test's two in-apps.
    static let sdkInApps: [JSONValue] = [
        ["ti": 1698073146, "wzrk_id": "1698073146_20231024", "wzrk_pivot": "wzrk_default", "priority": 1,
         "whenTriggers": [["eventName": "Lina tests", "eventProperties": []]],
         "frequencyLimits": [["type": "days", "limit": 1, "frequency": 1]], "excludeGlobalFCaps": 0,
         "occurrenceLimits": [["type": "onExactly", "limit": 2]]],
        ["ti": 1698067016, "wzrk_id": "1698067016_20231024", "wzrk_pivot": "wzrk_default", "priority": 1,
         "whenTriggers": [["eventName": "Home Screen", "eventProperties": []]],
         "frequencyLimits": [], "excludeGlobalFCaps": 1, "occurrenceLimits": []],
    ]

    /// `testStore{Client,Server}SideInApps`: a response's list is kept, saved and reloaded, then updated.
    static func store(_ list: StoreStep.List) -> [StoreStep] {
        let twice = sdkInApps + sdkInApps
        return [
            .nothingSaved,
            .respond(list, .array(sdkInApps)), .saved(list, .array(sdkInApps)), .inMemory(list, sdkInApps),
            .inMemory(list == .cs ? .ss : .cs, []), .reloaded(list, sdkInApps),
            // Update
            .respond(list, .array(twice)), .inMemory(list, twice), .saved(list, .array(twice)), .reloaded(list, twice),
        ]
    }

    /// `testRemove{Client,Server}SideInApps`: the mode of the other list removes this one.
    static func removed(_ list: StoreStep.List, byMode mode: String) -> [StoreStep] {
        [
            .respond(list, .array(sdkInApps)), .inMemory(list, sdkInApps), .saved(list, .array(sdkInApps)),
            .setMode(mode), .saved(list, []), .inMemory(list, []), .reloaded(list, []),
        ]
    }

    /// `testStore{Client,Server}SideEmptyArray`: the store replaces its list with `[]`; the response
    /// handler never stores an empty partition, so a response with `[]` leaves the list as it was.
    static func emptyArray(_ list: StoreStep.List) -> [StoreStep] {
        [
            .set(list, []), .reloaded(list, []),
            .respond(list, .array(sdkInApps)), .inMemory(list, sdkInApps),
            .set(list, []), .changed, .reloaded(list, []),
            .respond(list, .array(sdkInApps)), .respond(list, []), .inMemory(list, sdkInApps),
        ]
    }

    /// `testStore{Client,Server}SideInAppsNil`: nil (a response without the key, or not a list) stores nothing.
    static func none(_ list: StoreStep.List) -> [StoreStep] {
        [
            .respond(list, nil), .inMemory(list, []),
            .respond(list, .array(sdkInApps)), .inMemory(list, sdkInApps),
            .respond(list, nil), .respond(list, .null), .inMemory(list, sdkInApps), .reloaded(list, sdkInApps),
        ]
    }

    /// `testStoreDelayedClientSideInApps`, `testStoreServerSideInActionMetaData`: the in-apps with
    /// `key` go to their own list, the others to the partition's.
    static func splitOff(_ list: StoreStep.List, _ key: String, _ value: Int64, from partition: StoreStep.List) -> [StoreStep] {
        [
            .inMemory(list, []),
            .respond(list, [["ti": 1, key: .integer(value)], ["ti": 2]]),
            .inMemory(list, [["ti": 1, key: .integer(value)]]), .inMemory(partition, [["ti": 2]]),
        ]
    }

    /// `..._overwritesPrevious`: the next response's list replaces the previous one.
    static func overwrites(_ list: StoreStep.List, _ key: String, _ first: Int64, then second: Int64) -> [StoreStep] {
        [
            .respond(list, [["ti": 1, key: .integer(first)]]),
            .respond(list, [["ti": 2, key: .integer(second)]]),
            .inMemory(list, [["ti": 2, key: .integer(second)]]),
        ]
    }

    /// `testSetModeRemovesInApps`: with both lists set, each mode saves what it keeps.
    static var setModes: [StoreStep] {
        let inApps: [JSONValue] = [["ti": 1, "type": "custom-code"], ["ti": 2, "type": "custom-code"]]
        let kept: [(String?, ss: [JSONValue], cs: [JSONValue])] = [("CS", [], inApps), ("SS", inApps, []), (nil, [], []), ("Invalid", [], [])]
        return kept.flatMap { mode, ss, cs -> [StoreStep] in
            [.set(.ss, inApps), .set(.cs, inApps), .setMode(mode), .saved(.ss, .array(ss)), .saved(.cs, .array(cs))]
        }
    }

    static let cases: [StoreCase] = [
        StoreCase("testStoreClientSideInApps", store(.cs)),
        StoreCase("testStoreServerSideInApps", store(.ss)),
        StoreCase("testRemoveClientSideInApps", removed(.cs, byMode: "SS")),
        StoreCase("testRemoveServerSideInApps", removed(.ss, byMode: "CS")),
        StoreCase("testStoreClientSideEmptyArray", emptyArray(.cs)),
        StoreCase("testStoreServerSideEmptyArray", emptyArray(.ss)),
        StoreCase("testStoreClientSideInAppsNil", none(.cs)),
        StoreCase("testStoreServerSideInAppsNil", none(.ss)),
        StoreCase("testSetModeRemovesInApps", setModes),
        StoreCase("testStoreDelayedClientSideInApps", splitOff(.csDelayed, "delayAfterTrigger", 10, from: .cs)),
        StoreCase("testStoreDelayedClientSideInApps_overwritesPrevious", overwrites(.csDelayed, "delayAfterTrigger", 10, then: 20)),
        StoreCase("testStoreDelayedClientSideInApps_emptyArrayClearsExisting", [
            // The store's list is replaced by `[]` (and saved); the response handler never stores
            // an empty partition, so a response with `[]` keeps the delayed list.
            .respond(.csDelayed, [["ti": 1, "delayAfterTrigger": 10]]), .respond(.csDelayed, []),
            .inMemory(.csDelayed, [["ti": 1, "delayAfterTrigger": 10]]),
            .set(.csDelayed, []), .changed, .reloaded(.csDelayed, []),
        ]),
        StoreCase("testStoreServerSideInActionMetaData", splitOff(.ssInAction, "inactionDuration", 60, from: .ss)),
        StoreCase("testStoreServerSideInActionMetaData_overwritesPrevious", overwrites(.ssInAction, "inactionDuration", 60, then: 30)),
        StoreCase("testUpdateTTL_withOffset_setsCorrectTTL", [.ttl(["ti": 1, "wzrk_ttl_offset": 3600], nowPlus: 3600)]),
        StoreCase("testUpdateTTL_withoutOffset_removesTTL", [.ttl(["ti": 1, "wzrk_ttl": 1700172618], nowPlus: nil)]),
        StoreCase("testUpdateTTL_zeroOffset_setsTTLToCurrentTime", [.ttl(["ti": 1, "wzrk_ttl_offset": 0], nowPlus: 0)]),
    ]
}
