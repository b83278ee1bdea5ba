import JSON
import Templates
import Testing

// Ported from the CleverTap iOS SDK 7.7.0 unit tests `CleverTapSDKTests/InApps/CTTriggersMatcherTest.m`
// (67 cases, same names and outcomes). The cases that only match events against one `whenTriggers`
// are rows of a table (`CTTriggersMatcherTest+Cases.swift`, one row per SDK case, named after it:
// a failure names the SDK case and the check); those with their own setup stay tests here. The SDK's `CTTriggersMatcher+Tests` helpers become
// `match(_:eventName:eventProperties:)` and `matchCharged(_:details:items:)` below; the
// OCMock stubs of `isEventLoggedFirstTime:` become the matcher's `isFirstTime` closure.

extension TriggersMatcher {
    func match(_ whenTriggers: JSONValue, eventName: String, eventProperties: JSONObject) -> Bool {
        matches(whenTriggers, event: CampaignEvent(name: eventName, properties: eventProperties))
    }

    func matchCharged(_ whenTriggers: JSONValue, details: JSONObject, items: JSONValue) -> Bool {
        let list = items.arrayValue?.compactMap(\.objectValue) ?? []
        return matches(whenTriggers, event: CampaignEvent(name: "Charged", properties: details, items: list))
    }
}

/// One SDK case of `CTTriggersMatcherTest.m`: the campaign's `whenTriggers` and the events the SDK
/// matches against them, in order, each with the outcome it asserts.
struct TriggersCase: Sendable, CustomTestStringConvertible {
    enum Check: Sendable {
        /// `matchEventWhenTriggers:eventName:eventProperties:` (the SDK's test helper).
        case event(String, JSONObject, Bool)
        /// `matchChargedEventWhenTriggers:details:items:`.
        case charged(JSONObject, JSONValue, Bool)
    }

    /// The SDK test's name (`testMatchEqualsDouble`).
    let sdk: String
    /// For an SDK test that matches against two `whenTriggers` in turn: which one.
    let part: Int?
    let whenTriggers: JSONValue
    let checks: [Check]

    init(_ sdk: String, part: Int? = nil, _ whenTriggers: JSONValue, _ checks: [Check]) {
        self.sdk = sdk
        self.part = part
        self.whenTriggers = whenTriggers
        self.checks = checks
    }

    var testDescription: String { part.map { "\(sdk), part \($0)" } ?? sdk }
}

@Suite struct CTTriggersMatcherTest {
    @Test(arguments: TriggersCase.all)
    func sdkCase(_ sdkCase: TriggersCase) {
        let matcher = TriggersMatcher()
        for (n, check) in sdkCase.checks.enumerated() {
            switch check {
            case .event(let name, let properties, let expected):
                #expect(matcher.match(sdkCase.whenTriggers, eventName: name, eventProperties: properties) == expected,
                        "\(sdkCase.testDescription), check \(n + 1): \(name) \(JSONValue.object(properties))")
            case .charged(let details, let items, let expected):
                #expect(matcher.matchCharged(sdkCase.whenTriggers, details: details, items: items) == expected,
                        "\(sdkCase.testDescription), check \(n + 1): Charged \(JSONValue.object(details)) \(items)")
            }
        }
    }

    @Test func testMatchProfileEvent() {
    var triggerMatcher = TriggersMatcher()
        let whenTriggers: JSONValue = [
            [
                "eventName": "profile1 changed",
                "profileAttrName": "profile1",
                "eventProperties": [
                    [
                        "propertyName": "newValue",
                        "operator": 0,
                        "propertyValue": 150
                    ],
                    [
                        "propertyName": "oldValue",
                        "operator": 1,
                        "propertyValue": "Equals"
                    ]
                ]
            ]
        ]
        let eventProperties: JSONObject = [
            "newValue": 160,
            "oldValue": "Equals"
        ]
        var eventAdapter = CampaignEvent(name: "profile1_changed", properties: eventProperties, profileAttrName: "profile1")
        var match = triggerMatcher.matches(whenTriggers, event: eventAdapter)
        #expect(match)
    
        eventAdapter = CampaignEvent(name: "profile 1_changed", properties: eventProperties, profileAttrName: "profile 1")
        match = triggerMatcher.matches(whenTriggers, event: eventAdapter)
        #expect(match)
    
        eventAdapter = CampaignEvent(name: "Profile 1_changed", properties: eventProperties, profileAttrName: "Profile 1")
        match = triggerMatcher.matches(whenTriggers, event: eventAdapter)
        #expect(match)
    
        eventAdapter = CampaignEvent(name: "profile  1_changed", properties: eventProperties, profileAttrName: "profile  1")
        match = triggerMatcher.matches(whenTriggers, event: eventAdapter)
        #expect(match)
    
        eventAdapter = CampaignEvent(name: "Profile_1_changed", properties: eventProperties, profileAttrName: "Profile_1")
        match = triggerMatcher.matches(whenTriggers, event: eventAdapter)
        #expect(!(match))
    }

    @Test func testChargedWithoutItems() {
    var triggerMatcher = TriggersMatcher()
        let whenTriggers: JSONValue = [
            [
                "eventName": "Charged",
                "eventProperties": [
                    [
                        "propertyName": "prop1",
                        "operator": 1,
                        "propertyValue": 150
                    ]],
                "itemProperties": []
            ]
        ]
        let whenTriggersNoItems: JSONValue = [
            [
                "eventName": "Charged",
                "eventProperties": [
                    [
                        "propertyName": "prop1",
                        "operator": 1,
                        "propertyValue": 150
                    ]]
            ]
        ]
        var match = triggerMatcher.matchCharged(whenTriggers, details: [
            "prop1": 150,
        ], items: [
            [
                "product_name": "product 1",
                "price": 5.99
            ],
            [
                "product_name": "product 2",
                "price": 5.50
            ]
        ])
        #expect(match)
    
        match = triggerMatcher.matchCharged(whenTriggersNoItems, details: [
            "prop1": 150,
        ], items: [
            [
                "product_name": "product 1",
                "price": 5.99
            ],
            [
                "product_name": "product 2",
                "price": 5.50
            ]
        ])
        #expect(match)
    
        match = triggerMatcher.matchCharged(whenTriggers, details: [
            "prop1": 150,
        ], items: [])
        #expect(match)
    
        match = triggerMatcher.matchCharged(whenTriggersNoItems, details: [
            "prop1": 150,
        ], items: [])
        #expect(match)
    }

    @Test func testMatchEventWithGeoRadius() {
    var triggerMatcher = TriggersMatcher()
        let whenTriggers: JSONValue = [
            [
                "eventName": "event1",
                "geoRadius": [
                    [
                        "lat": 19.07609,
                        "lng": 72.877426,
                        "rad": 2
                    ]]
            ]
        ]
        // Distance ~1.1km
        let location1km = (latitude: 19.08609, longitude: 72.877426)
    
        var event = CampaignEvent(name: "event1", properties: [:], location: location1km)
    
    
        var match = triggerMatcher.matches(whenTriggers, event: event)
        #expect(match)
    
        // Distance ~2.2km
        let location2km = (latitude: 19.09609, longitude: 72.877426)
        event = CampaignEvent(name: "event1", properties: [:], location: location2km)
        match = triggerMatcher.matches(whenTriggers, event: event)
        #expect(!(match))
    }

    @Test func testMatchEventWithGeoRadiusButNotParams() {
    var triggerMatcher = TriggersMatcher()
        let whenTriggers: JSONValue = [
            [
                "eventName": "event1",
                "eventProperties": [
                    [
                        "propertyName": "prop1",
                        "operator": 1,
                        "propertyValue": 150
                    ]],
                "geoRadius": [
                    [
                        "lat": 19.07609,
                        "lng": 72.877426,
                        "rad": 2
                    ]]
            ]
        ]
        // Distance ~1.1km
        let location1km = (latitude: 19.08609, longitude: 72.877426)
    
        let event = CampaignEvent(name: "event1", properties: ["prop1": 151], location: location1km)
    
    
        var match = triggerMatcher.matches(whenTriggers, event: event)
        #expect(!(match))
    }

    @Test func testMatchEventWithFirstTimeOnly() {
    var triggerMatcher = TriggersMatcher()
    var firstTimeCalls: [String] = []
        let whenTriggers: JSONValue = [
            [
                "eventName": "event1",
                "firstTimeOnly": true
            ]
        ]
        triggerMatcher.isFirstTime = { name in firstTimeCalls.append(name); return name == "event1" }
    
        var match = triggerMatcher.match(whenTriggers, eventName: "event1", eventProperties: [:])
        #expect(match)
        #expect(firstTimeCalls == ["event1"])
    }

    @Test func testMatchChargedEventWithFirstTimeOnly() {
    var triggerMatcher = TriggersMatcher()
    var firstTimeCalls: [String] = []
        let whenTriggers: JSONValue = [
            [
                "eventName": "Charged",
                "firstTimeOnly": true,
                "eventProperties": [
                    [
                        "propertyName": "prop1",
                        "operator": 1,
                        "propertyValue": 150
                    ]],
                "itemProperties": [
                    [
                        "propertyName": "product_name",
                        "operator": 1,
                        "propertyValue": "product 1"
                    ]]
            ]
        ]
        triggerMatcher.isFirstTime = { name in firstTimeCalls.append(name); return name == "Charged" }
        var match = triggerMatcher.matchCharged(whenTriggers, details: [
            "prop1": 150,
        ], items: [
            [
                "product_name": "product 1",
                "price": 5.99
            ],
            [
                "product_name": "product 2",
                "price": 5.50
            ]
        ])
        #expect(match)
        #expect(firstTimeCalls == ["Charged"])
    }

    @Test func testMatchEventFirstTimeOnlyWithGeoRadius() {
    var triggerMatcher = TriggersMatcher()
        let whenTriggers: JSONValue = [
            [
                "eventName": "event1",
                "firstTimeOnly": true,
                "geoRadius": [
                    [
                        "lat": 19.07609,
                        "lng": 72.877426,
                        "rad": 2
                    ]]
            ]
        ]
        // Distance ~1.1km
        let location1km = (latitude: 19.08609, longitude: 72.877426)

        let event = CampaignEvent(name: "event1", properties: [:], location: location1km)

        triggerMatcher.isFirstTime = { name in name == "event1" }

        var match = triggerMatcher.matches(whenTriggers, event: event)
        #expect(match)
    }

    @Test func testMatchEvent_withFirstTimeOnly_notFirstTime() {
    var triggerMatcher = TriggersMatcher()
        let whenTriggers: JSONValue = [
            [
                "eventName": "event1",
                "firstTimeOnly": true
            ]
        ]
        triggerMatcher.isFirstTime = { name in name != "event1" }

        var match = triggerMatcher.match(whenTriggers, eventName: "event1", eventProperties: [:])
        #expect(!(match), "Event should not match when firstTimeOnly is YES but event is not first-time")
    }

    @Test func testMatchChargedEvent_withFirstTimeOnly_notFirstTime() {
    var triggerMatcher = TriggersMatcher()
        let whenTriggers: JSONValue = [
            [
                "eventName": "Charged",
                "firstTimeOnly": true
            ]
        ]
        triggerMatcher.isFirstTime = { name in name != "Charged" }

        var match = triggerMatcher.matchCharged(whenTriggers, details: [:], items: [])
        #expect(!(match), "Charged event should not match when firstTimeOnly is YES but event is not first-time")
    }

    @Test func testMatchEvent_withoutFirstTimeOnly_doesNotCallDataStore() {
    var triggerMatcher = TriggersMatcher()
    var dataStoreCalls = 0
        let whenTriggers: JSONValue = [
            [
                "eventName": "event1"
            ]
        ]
        triggerMatcher.isFirstTime = { _ in dataStoreCalls += 1; return true }

        var match = triggerMatcher.match(whenTriggers, eventName: "event1", eventProperties: [:])
        #expect(match, "Event without firstTimeOnly should match without consulting the data store")
        #expect(dataStoreCalls == 0)
    }

    @Test func testMatchEvent_withFirstTimeOnly_eventNameMismatch_doesNotCallDataStore() {
    var triggerMatcher = TriggersMatcher()
    var dataStoreCalls = 0
        let whenTriggers: JSONValue = [
            [
                "eventName": "event1",
                "firstTimeOnly": true
            ]
        ]
        triggerMatcher.isFirstTime = { _ in dataStoreCalls += 1; return true }

        var match = triggerMatcher.match(whenTriggers, eventName: "event2", eventProperties: [:])
        #expect(!(match), "Event name mismatch should fail before checking firstTimeOnly")
        #expect(dataStoreCalls == 0)
    }
}
