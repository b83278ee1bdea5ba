import JSON
import Templates
import Testing

// The rows of `CTTriggersMatcherTest.m` (CleverTap iOS SDK 7.7.0) whose events the test adapts
// itself (a location, a profile attribute) or whose data store is stubbed (`firstTimeOnly`): one
// row per SDK case, named after it, with its checks in the SDK's order.

/// (Computed: no JSON held by a global.) 19.07609, 72.877426 with a 2 km radius, the SDK tests' `geoRadius`.
private var geoRadius: JSONValue { [["lat": 19.07609, "lng": 72.877426, "rad": 2]] }
/// About 1.1 km and 2.2 km from its centre.
private let near = (latitude: 19.08609, longitude: 72.877426), far = (latitude: 19.09609, longitude: 72.877426)
private var prop1Equals150: JSONValue { [["propertyName": "prop1", "operator": 1, "propertyValue": 150]] }
private var twoItems: JSONValue { [["product_name": "product 1", "price": 5.99], ["product_name": "product 2", "price": 5.50]] }

extension TriggersCase {
    static let adapted: [TriggersCase] = [
        TriggersCase("testMatchProfileEvent", [
            [
                "eventName": "profile1 changed",
                "profileAttrName": "profile1",
                "eventProperties": [
                    ["propertyName": "newValue", "operator": 0, "propertyValue": 150],
                    ["propertyName": "oldValue", "operator": 1, "propertyValue": "Equals"],
                ],
            ],
        ], ["profile1", "profile 1", "Profile 1", "profile  1", "Profile_1"].map { attribute in
            .adapted(CampaignEvent(name: attribute + "_changed", properties: ["newValue": 160, "oldValue": "Equals"],
                                   profileAttrName: attribute), attribute != "Profile_1")
        }),
        // Two `whenTriggers` in turn (with an empty `itemProperties`, without one), each matched
        // with and without items.
        TriggersCase("testChargedWithoutItems", part: 1, [
            ["eventName": "Charged", "eventProperties": prop1Equals150, "itemProperties": []],
        ], [
            .charged(["prop1": 150], twoItems, true),
            .charged(["prop1": 150], [], true),
        ]),
        TriggersCase("testChargedWithoutItems", part: 2, [["eventName": "Charged", "eventProperties": prop1Equals150]], [
            .charged(["prop1": 150], twoItems, true),
            .charged(["prop1": 150], [], true),
        ]),
        TriggersCase("testMatchEventWithGeoRadius", [["eventName": "event1", "geoRadius": geoRadius]], [
            .adapted(CampaignEvent(name: "event1", properties: [:], location: near), true),
            .adapted(CampaignEvent(name: "event1", properties: [:], location: far), false),
        ]),
        TriggersCase("testMatchEventWithGeoRadiusButNotParams", [
            ["eventName": "event1", "eventProperties": prop1Equals150, "geoRadius": geoRadius],
        ], [
            .adapted(CampaignEvent(name: "event1", properties: ["prop1": 151], location: near), false),
        ]),
        TriggersCase("testMatchEventWithFirstTimeOnly", firstTime: .only("event1"), [["eventName": "event1", "firstTimeOnly": true]], [
            .event("event1", [:], true),
            .firstTimeAsked(["event1"]),
        ]),
        TriggersCase("testMatchChargedEventWithFirstTimeOnly", firstTime: .only("Charged"), [
            [
                "eventName": "Charged",
                "firstTimeOnly": true,
                "eventProperties": prop1Equals150,
                "itemProperties": [["propertyName": "product_name", "operator": 1, "propertyValue": "product 1"]],
            ],
        ], [
            .charged(["prop1": 150], twoItems, true),
            .firstTimeAsked(["Charged"]),
        ]),
        TriggersCase("testMatchEventFirstTimeOnlyWithGeoRadius", firstTime: .only("event1"), [
            ["eventName": "event1", "firstTimeOnly": true, "geoRadius": geoRadius],
        ], [
            .adapted(CampaignEvent(name: "event1", properties: [:], location: near), true),
        ]),
        // Not a match when firstTimeOnly is set but the event is not a first-time one.
        TriggersCase("testMatchEvent_withFirstTimeOnly_notFirstTime", firstTime: .allBut("event1"), [
            ["eventName": "event1", "firstTimeOnly": true],
        ], [
            .event("event1", [:], false),
        ]),
        TriggersCase("testMatchChargedEvent_withFirstTimeOnly_notFirstTime", firstTime: .allBut("Charged"), [
            ["eventName": "Charged", "firstTimeOnly": true],
        ], [
            .charged([:], [], false),
        ]),
        // Without firstTimeOnly the event matches without consulting the data store.
        TriggersCase("testMatchEvent_withoutFirstTimeOnly_doesNotCallDataStore", firstTime: .always, [["eventName": "event1"]], [
            .event("event1", [:], true),
            .firstTimeAsked([]),
        ]),
        // A different event name fails before firstTimeOnly is checked.
        TriggersCase("testMatchEvent_withFirstTimeOnly_eventNameMismatch_doesNotCallDataStore", firstTime: .always, [
            ["eventName": "event1", "firstTimeOnly": true],
        ], [
            .event("event2", [:], false),
            .firstTimeAsked([]),
        ]),
    ]
}
