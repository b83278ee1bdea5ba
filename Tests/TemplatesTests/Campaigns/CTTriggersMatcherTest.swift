import JSON
import Templates
import Testing

// Ported from the CleverTap iOS SDK 7.7.0 unit tests `CleverTapSDKTests/InApps/CTTriggersMatcherTest.m`
// (67 cases, same names and outcomes). The SDK's `CTTriggersMatcher+Tests` helpers become
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

private let CLTAP_SDK_VERSION = "SDK Version"
private let CLTAP_APP_VERSION = "Version"
private let CLTAP_OS_VERSION = "OS Version"
private let CLTAP_PROP_CAMPAIGN_ID: JSONValue = "Campaign id"
private let CLTAP_PROP_WZRK_ID: JSONValue = "wzrk_id"
private let CLTAP_PROP_VARIANT: JSONValue = "Variant"
private let CLTAP_PROP_WZRK_PIVOT: JSONValue = "wzrk_pivot"
private let CLTAP_NOTIFICATION_PIVOT_DEFAULT: JSONValue = "wzrk_default"

@Suite struct CTTriggersMatcherTest {
    @Test func testMatchEventAllOperators() {
    var triggerMatcher = TriggersMatcher()
        let whenTriggers: JSONValue = [
            [
                "eventName": "event1",
                "eventProperties": [
                    [
                        "propertyName": "prop1",
                        "operator": 0,
                        "propertyValue": 150
                    ],
                    [
                        "propertyName": "prop2",
                        "operator": 1,
                        "propertyValue": "Equals"
                    ],
                    [
                        "propertyName": "prop3",
                        "operator": 2,
                        "propertyValue": 150
                    ],
                    [
                        "propertyName": "prop4",
                        "operator": 3,
                        "propertyValue": "Contains"
                    ],
                    [
                        "propertyName": "prop5",
                        "operator": 4,
                        "propertyValue": [1, 3]
                    ],
                    [
                        "propertyName": "prop6",
                        "operator": 15,
                        "propertyValue": "NotEquals"
                    ],
                    [
                        "propertyName": "prop7",
                        "operator": 26
                    ],
                    [
                        "propertyName": "prop8",
                        "operator": 27
                    ],
                    [
                        "propertyName": "prop9",
                        "operator": 28,
                        "propertyValue": "NotContains"
                    ]
                ]
            ]
        ]
        var match = triggerMatcher.match(whenTriggers, eventName: "event1", eventProperties: [
            "prop1": 160,
            "prop2": "Equals",
            "prop3": 140,
            "prop4": "Contains CleverTap",
            "prop5": 2,
            "prop6": "NotEquals!",
            "prop7": "is set",
            "prop9": "No Contains",
        ])
        #expect(match)
    }

    @Test func testMatchEventWithoutTriggerProps() {
    var triggerMatcher = TriggersMatcher()
        let whenTriggers: JSONValue = [
            [
                "eventName": "event1"
            ]
        ]
        var match = triggerMatcher.match(whenTriggers, eventName: "event1", eventProperties: [
            "prop1": "clevertap"
        ])
        #expect(match)
    
        var matchNoProps = triggerMatcher.match(whenTriggers, eventName: "event1", eventProperties: [:])
        #expect(matchNoProps)
    }

    @Test func testMatchEventWithEmptyTriggerProps() {
    var triggerMatcher = TriggersMatcher()
        let whenTriggers: JSONValue = [
            [
                "eventName": "event1",
                "eventProperties": [
                ]
            ]
        ]
        var match = triggerMatcher.match(whenTriggers, eventName: "event1", eventProperties: [
            "prop1": "clevertap"
        ])
        #expect(match)
    
        var matchNoProps = triggerMatcher.match(whenTriggers, eventName: "event1", eventProperties: [:])
        #expect(matchNoProps)
    }

    @Test func testMatchEventWithoutProps() {
    var triggerMatcher = TriggersMatcher()
        let whenTriggers: JSONValue = [
            [
                "eventName": "event1",
                "eventProperties": [
                    [
                        "propertyName": "prop1",
                        "operator": 1,
                        "propertyValue": "test"
                    ]],
            ]
        ]
        var matchNoProps = triggerMatcher.match(whenTriggers, eventName: "event1", eventProperties: [:])
        #expect(!(matchNoProps))
    }

    @Test func testMatchEventWithNormalizedName() {
    var triggerMatcher = TriggersMatcher()
        let whenTriggers: JSONValue = [
            [
                "eventName": "event1",
                "eventProperties": [
                ]
            ]
        ]
        var match = triggerMatcher.match(whenTriggers, eventName: "Event 1", eventProperties: [
            "prop1": "clevertap"
        ])
        #expect(match)
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

    @Test func testMatchChargedEvent() {
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
                "itemProperties": [
                    [
                        "propertyName": "product_name",
                        "operator": 1,
                        "propertyValue": "product 1"
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

    @Test func testMatchChargedEventItemArrayEquals() {
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
                "itemProperties": [
                    [
                        "propertyName": "product_name",
                        "operator": 1,
                        "propertyValue": ["product 1", "product 2"]
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
    }

    @Test func testMatchChargedEventItemArrayEqualsNormalized() {
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
                "itemProperties": [
                    [
                        "propertyName": "product name",
                        "operator": 1,
                        "propertyValue": ["product 1"]
                    ],
                    [
                        "propertyName": "price",
                        "operator": 1,
                        "propertyValue": [5.99]
                    ]]
            ]
        ]
        var match = triggerMatcher.matchCharged(whenTriggers, details: [
            "Prop 1": 150,
        ], items: [
            [
                "ProductName": "product 1",
                "Price": 5.99
            ]
        ])
        #expect(match)
    }

    @Test func testMatchChargedEventItemArrayContains() {
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
                "itemProperties": [
                    [
                        "propertyName": "product_name",
                        "operator": 3,
                        "propertyValue": ["product 1", "product 2"]
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
    }

    @Test func testMatchChargedEventItemArrayContainsNormalized() {
    var triggerMatcher = TriggersMatcher()
        let whenTriggers: JSONValue = [
            [
                "eventName": "Charged",
                "eventProperties": [],
                "itemProperties": [
                    [
                        "propertyName": "product name",
                        "operator": 3,
                        "propertyValue": ["product 1", "product 2"]
                    ]]
            ]
        ]
        var match = triggerMatcher.matchCharged(whenTriggers, details: [:], items: [
            [
                "Product Name": "product 1",
                "price": 5.50
            ]
        ])
        #expect(match)
    }

    @Test func testMatchEqualsPrimitives() {
    var triggerMatcher = TriggersMatcher()
        let whenTriggers: JSONValue = [
            [
                "eventName": "event1",
                "eventProperties": [
                    [
                        "propertyName": "prop1",
                        "operator": 1,
                        "propertyValue": 150
                    ],
                    [
                        "propertyName": "prop2",
                        "operator": 1,
                        "propertyValue": 200
                    ],
                    [
                        "propertyName": "prop3",
                        "operator": 1,
                        "propertyValue": 150
                    ],
                    [
                        "propertyName": "prop4",
                        "operator": 1,
                        "propertyValue": "CleverTap"
                    ]
                ]
            ]
        ]
        var match = triggerMatcher.match(whenTriggers, eventName: "event1", eventProperties: [
            "prop1": 150,
            "prop2": 200,
            "prop3": "150",
            "prop4": "CleverTap"
        ])
        #expect(match)
    }

    @Test func testMatchEqualsBoolean() {
    var triggerMatcher = TriggersMatcher()
        let whenTriggers: JSONValue = [
            [
                "eventName": "event1",
                "eventProperties": [
                    [
                        "propertyName": "prop1",
                        "operator": 1,
                        "propertyValue": "true"
                    ],
                    [
                        "propertyName": "prop2",
                        "operator": 1,
                        "propertyValue": "false"
                    ]
                ]
            ]
        ]
        var match = triggerMatcher.match(whenTriggers, eventName: "event1", eventProperties: [
            "prop1": true,
            "prop2": false
        ])
        #expect(match)
    
        match = triggerMatcher.match(whenTriggers, eventName: "event1", eventProperties: [
            "prop1": true,
            "prop2": false
        ])
        #expect(match)
    
        match = triggerMatcher.match(whenTriggers, eventName: "event1", eventProperties: [
            "prop1": 1,
            "prop2": 0
        ])
        #expect(match)
    
        match = triggerMatcher.match(whenTriggers, eventName: "event1", eventProperties: [
            "prop1": false,
            "prop2": true
        ])
        #expect(!(match))
    }

    @Test func testMatchEqualsBooleanString() {
    var triggerMatcher = TriggersMatcher()
        let whenTriggers: JSONValue = [
            [
                "eventName": "event1",
                "eventProperties": [
                    [
                        "propertyName": "prop1",
                        "operator": 1,
                        "propertyValue": "true"
                    ],
                    [
                        "propertyName": "prop2",
                        "operator": 1,
                        "propertyValue": "false"
                    ]
                ]
            ]
        ]
        var match = triggerMatcher.match(whenTriggers, eventName: "event1", eventProperties: [
            "prop1": "true",
            "prop2": "false"
        ])
        #expect(match)
    }

    @Test func testMatchEqualsBooleanCaseInsensitive() {
    var triggerMatcher = TriggersMatcher()
        let whenTriggers: JSONValue = [
            [
                "eventName": "event1",
                "eventProperties": [
                    [
                        "propertyName": "prop1",
                        "operator": 1,
                        "propertyValue": "True"
                    ],
                    [
                        "propertyName": "prop2",
                        "operator": 1,
                        "propertyValue": "False"
                    ]
                ]
            ]
        ]
        var match = triggerMatcher.match(whenTriggers, eventName: "event1", eventProperties: [
            "prop1": true,
            "prop2": false
        ])
        #expect(match)
    }

    @Test func testMatchEqualsNumbers() {
    var triggerMatcher = TriggersMatcher()
        let whenTriggers: JSONValue = [
            [
                "eventName": "event1",
                "eventProperties": [
                    [
                        "propertyName": "prop1",
                        "operator": 1,
                        "propertyValue": 150
                    ],
                    [
                        "propertyName": "prop2",
                        "operator": 1,
                        "propertyValue": "200"
                    ],
                    [
                        "propertyName": "prop3",
                        "operator": 1,
                        "propertyValue": [150, "200", 0.55]
                    ]
                ]
            ]
        ]
        var match = triggerMatcher.match(whenTriggers, eventName: "event1", eventProperties: [
            "prop1": 150,
            "prop2": 200,
            "prop3": 200
        ])
        #expect(match)
    
        match = triggerMatcher.match(whenTriggers, eventName: "event1", eventProperties: [
            "prop1": "150",
            "prop2": 200,
            "prop3": "150"
        ])
        #expect(match)
    
        match = triggerMatcher.match(whenTriggers, eventName: "event1", eventProperties: [
            "prop1": "150.00",
            "prop2": 200.00,
            "prop3": "0.55"
        ])
        #expect(match)
    
        match = triggerMatcher.match(whenTriggers, eventName: "event1", eventProperties: [
            "prop1": "150.00",
            "prop2": 200,
            "prop3": "0.56"
        ])
        #expect(!(match))
    
        match = triggerMatcher.match(whenTriggers, eventName: "event1", eventProperties: [
            "prop1": 150,
            "prop2": "200",
            "prop3": "55"
        ])
        #expect(!(match))
    
        match = triggerMatcher.match(whenTriggers, eventName: "event1", eventProperties: [
            "prop1": "test",
            "prop2": "test",
            "prop3": "test"
        ])
        #expect(!(match))
    }

    @Test func testMatchEqualsNumbersCharged() {
    var triggerMatcher = TriggersMatcher()
        let whenTriggers: JSONValue = [
            [
                "eventName": "Charged",
                "itemProperties": [
                    [
                        "propertyName": "prop1",
                        "operator": 1,
                        "propertyValue": 150
                    ],
                    [
                        "propertyName": "prop2",
                        "operator": 1,
                        "propertyValue": "200"
                    ],
                    [
                        "propertyName": "prop3",
                        "operator": 1,
                        "propertyValue": [150, "200", 0.55]
                    ]
                ]
            ]
        ]
        var match = triggerMatcher.matchCharged(whenTriggers, details: [:], items: [[
            "prop1": "150",
            "prop2": 200,
            "prop3": "150"
        ]])
        #expect(match)
    
        match = triggerMatcher.matchCharged(whenTriggers, details: [:], items: [
            [
                "prop1": 1,
                "prop2": 2,
                "prop3": 3
            ],
            [
                "prop1": 150,
                "prop2": 200,
                "prop3": 0.55
            ],
        ])
        #expect(match)
    
        match = triggerMatcher.matchCharged(whenTriggers, details: [:], items: [
            [
                "prop1": 1,
                "prop2": 2,
                "prop3": 3
            ]
        ])
        #expect(!(match))
    }

    @Test func testMatchEqualsDouble() {
    var triggerMatcher = TriggersMatcher()
        let whenTriggers: JSONValue = [
            [
                "eventName": "event1",
                "eventProperties": [
                    [
                        "propertyName": "prop1",
                        "operator": 1,
                        "propertyValue": 150.95
                    ]
                ]
            ]
        ]
        var match = triggerMatcher.match(whenTriggers, eventName: "event1", eventProperties: [
            "prop1": 150.950
        ])
        #expect(match)
    
        match = triggerMatcher.match(whenTriggers, eventName: "event1", eventProperties: [
            "prop1": "150.950"
        ])
        #expect(match)
    
        match = triggerMatcher.match(whenTriggers, eventName: "event1", eventProperties: [
            "prop1": "150.96"
        ])
        #expect(!(match))
    }

    @Test func testMatchEqualsExtectedStringWithActualArray() {
    var triggerMatcher = TriggersMatcher()
        let whenTriggers: JSONValue = [
            [
                "eventName": "event1",
                "eventProperties": [
                    [
                        "propertyName": "prop1",
                        "operator": 1,
                        "propertyValue": "test"
                    ]
                ]
            ]
        ]
        var match = triggerMatcher.match(whenTriggers, eventName: "event1", eventProperties: [
            "prop1": ["test", "test2"]
        ])
        #expect(match)
    
        match = triggerMatcher.match(whenTriggers, eventName: "event1", eventProperties: [
            "prop1": ["test1", "test2"]
        ])
        #expect(!(match))
    }

    @Test func testMatchEqualsExtectedArrayWithActualString() {
    var triggerMatcher = TriggersMatcher()
        let whenTriggers: JSONValue = [
            [
                "eventName": "event1",
                "eventProperties": [
                    [
                        "propertyName": "prop1",
                        "operator": 1,
                        "propertyValue": ["test", "test1"]
                    ]
                ]
            ]
        ]
        var match = triggerMatcher.match(whenTriggers, eventName: "event1", eventProperties: [
            "prop1": ["test"]
        ])
        #expect(match)
    
        match = triggerMatcher.match(whenTriggers, eventName: "event1", eventProperties: [
            "prop1": ["test1"]
        ])
        #expect(match)
    
        match = triggerMatcher.match(whenTriggers, eventName: "event1", eventProperties: [
            "prop1": ["test2"]
        ])
        #expect(!(match))
    }

    @Test func testMatchEqualsExtectedNumberWithActualArray() {
    var triggerMatcher = TriggersMatcher()
        let whenTriggers: JSONValue = [
            [
                "eventName": "event1",
                "eventProperties": [
                    [
                        "propertyName": "prop1",
                        "operator": 1,
                        "propertyValue": 150
                    ]
                ]
            ]
        ]
        var match = triggerMatcher.match(whenTriggers, eventName: "event1", eventProperties: [
            "prop1": ["test", 150]
        ])
        #expect(match)
    }

    @Test func testMatchEqualsExtectedStringWithActualString() {
    var triggerMatcher = TriggersMatcher()
        let whenTriggers: JSONValue = [
            [
                "eventName": "event1",
                "eventProperties": [
                    [
                        "propertyName": "prop1",
                        "operator": 1,
                        "propertyValue": "test"
                    ]
                ]
            ]
        ]
        var match = triggerMatcher.match(whenTriggers, eventName: "event1", eventProperties: [
            "prop1": "test"
        ])
        #expect(match)
    
        match = triggerMatcher.match(whenTriggers, eventName: "event1", eventProperties: [
            "prop1": "Test"
        ])
        #expect(match)
    
        match = triggerMatcher.match(whenTriggers, eventName: "event1", eventProperties: [
            "prop1": "TEST"
        ])
        #expect(match)
    
        match = triggerMatcher.match(whenTriggers, eventName: "event1", eventProperties: [
            "prop1": 12
        ])
        #expect(!(match))
    
        match = triggerMatcher.match(whenTriggers, eventName: "event1", eventProperties: [
            "prop1": .null
        ])
        #expect(!(match))
    }

    @Test func testMatchEqualsPropertyNameWithNormalization() {
    var triggerMatcher = TriggersMatcher()
        let whenTriggers: JSONValue = [
            [
                "eventName": "event1",
                "eventProperties": [
                    [
                        "propertyName": "prop1",
                        "operator": 1,
                        "propertyValue": "test"
                    ]
                ]
            ]
        ]
        var match = triggerMatcher.match(whenTriggers, eventName: "event1", eventProperties: [
            "prop 1": "test"
        ])
        #expect(match)
    
        match = triggerMatcher.match(whenTriggers, eventName: "event1", eventProperties: [
            "Prop  1": "test"
        ])
        #expect(match)
    
        match = triggerMatcher.match(whenTriggers, eventName: "E vent1", eventProperties: [
            "Prop  1": "test"
        ])
        #expect(match)
    
        match = triggerMatcher.match(whenTriggers, eventName: "event1", eventProperties: [
            "Prop.1": "test"
        ])
        #expect(!(match))
    
        match = triggerMatcher.match(whenTriggers, eventName: "event1", eventProperties: [
            "Prop  1": "test1",
            "Prop1": "test",
        ])
        #expect(!(match))
    
        match = triggerMatcher.match(whenTriggers, eventName: "event1", eventProperties: [
            "Prop1": "test1",
            "prop 1": "test2",
            "prop1": "test",
        ])
        #expect(match)
    }

    @Test func testMatchEqualsExtectedNumberWithActualString() {
    var triggerMatcher = TriggersMatcher()
        let whenTriggers: JSONValue = [
            [
                "eventName": "event1",
                "eventProperties": [
                    [
                        "propertyName": "prop1",
                        "operator": 1,
                        "propertyValue": 150
                    ]
                ]
            ]
        ]
        var match = triggerMatcher.match(whenTriggers, eventName: "event1", eventProperties: [
            "prop1": "test"
        ])
        #expect(!(match))
    }

    @Test func testMatchEqualsExtectedDoubleWithActualDouble() {
    var triggerMatcher = TriggersMatcher()
        let whenTriggers: JSONValue = [
            [
                "eventName": "event1",
                "eventProperties": [
                    [
                        "propertyName": "prop1",
                        "operator": 1,
                        "propertyValue": 150.99
                    ]
                ]
            ]
        ]
        var match = triggerMatcher.match(whenTriggers, eventName: "event1", eventProperties: [
            "prop1": 150.99
        ])
        #expect(match)
    }

    @Test func testMatchEqualsExtectedDoubleWithActualDoubleString() {
    var triggerMatcher = TriggersMatcher()
        let whenTriggers: JSONValue = [
            [
                "eventName": "event1",
                "eventProperties": [
                    [
                        "propertyName": "prop1",
                        "operator": 1,
                        "propertyValue": 150.99
                    ]
                ]
            ]
        ]
        var match = triggerMatcher.match(whenTriggers, eventName: "event1", eventProperties: [
            "prop1": "150.99"
        ])
        #expect(match)
    }

    @Test func testMatchEqualsExtectedArrayWithActualArray() {
    var triggerMatcher = TriggersMatcher()
        let whenTriggers: JSONValue = [
            [
                "eventName": "event1",
                "eventProperties": [
                    [
                        "propertyName": "prop1",
                        "operator": 1,
                        "propertyValue": ["test", "test2", "test3"]
                    ]
                ]
            ]
        ]
        var match = triggerMatcher.match(whenTriggers, eventName: "event1", eventProperties: [
            "prop1": ["test2", "test3", "test"]
        ])
        #expect(match)
    }

    @Test func testMatchEqualsExtectedArrayWithActualArrayNumber() {
    var triggerMatcher = TriggersMatcher()
        let whenTriggers: JSONValue = [
            [
                "eventName": "event1",
                "eventProperties": [
                    [
                        "propertyName": "prop1",
                        "operator": 1,
                        "propertyValue": [1, 2, 3]
                    ]
                ]
            ]
        ]
        var match = triggerMatcher.match(whenTriggers, eventName: "event1", eventProperties: [
            "prop1": [3, 1, 2]
        ])
        #expect(match)
    }

    @Test func testMatchSet() {
    var triggerMatcher = TriggersMatcher()
        let whenTriggers: JSONValue = [
            [
                "eventName": "event1",
                "eventProperties": [
                    [
                        "propertyName": "prop1",
                        "operator": 26
                    ]
                ]
            ]
        ]
        var match = triggerMatcher.match(whenTriggers, eventName: "event1", eventProperties: [
            "prop1": 150
        ])
        #expect(match)
    }

    @Test func testMatchSetCharged() {
    var triggerMatcher = TriggersMatcher()
        let whenTriggers: JSONValue = [
            [
                "eventName": "Charged",
                "itemProperties": [
                    [
                        "propertyName": "item1",
                        "operator": 26
                    ]
                ]
            ]
        ]
        var match = triggerMatcher.matchCharged(whenTriggers, details: [:], items: [
            [
                "item2": 1
            ],
            [
                "item1": 1
            ]
        ])
        #expect(match)
    
        match = triggerMatcher.matchCharged(whenTriggers, details: [:], items: [
            [
                "item2": 1
            ]
        ])
        #expect(!(match))
    }

    @Test func testMatchNotSet() {
    var triggerMatcher = TriggersMatcher()
        let whenTriggers: JSONValue = [
            [
                "eventName": "event1",
                "eventProperties": [
                    [
                        "propertyName": "prop1",
                        "operator": 27
                    ]
                ]
            ]
        ]
        var match = triggerMatcher.match(whenTriggers, eventName: "event1", eventProperties: [
            "prop2": 150
        ])
        #expect(match)
    }

    @Test func testMatchNotSetCharged() {
    var triggerMatcher = TriggersMatcher()
        let whenTriggers: JSONValue = [
            [
                "eventName": "Charged",
                "itemProperties": [
                    [
                        "propertyName": "item1",
                        "operator": 27
                    ]
                ]
            ]
        ]
        var match = triggerMatcher.matchCharged(whenTriggers, details: [:], items: [
            [
                "item2": 1
            ],
            [
                "item1": 1
            ]
        ])
        #expect(!(match))
    
        match = triggerMatcher.matchCharged(whenTriggers, details: [:], items: [
            [
                "item2": 1
            ]
        ])
        #expect(match)
    }

    @Test func testMatchNotEquals() {
    var triggerMatcher = TriggersMatcher()
        let whenTriggers: JSONValue = [
            [
                "eventName": "event1",
                "eventProperties": [
                    [
                        "propertyName": "prop1",
                        "operator": 15,
                        "propertyValue": 150
                    ]
                ]
            ]
        ]
        var match = triggerMatcher.match(whenTriggers, eventName: "event1", eventProperties: [
            "prop1": 240
        ])
        #expect(match)
    
        match = triggerMatcher.match(whenTriggers, eventName: "event1", eventProperties: [
            "prop1": 150
        ])
        #expect(!(match))
    }

    @Test func testMatchNotEqualsArrays() {
    var triggerMatcher = TriggersMatcher()
        let whenTriggers: JSONValue = [
            [
                "eventName": "event1",
                "eventProperties": [
                    [
                        "propertyName": "prop1",
                        "operator": 15,
                        "propertyValue": [150, 240]
                    ]
                ]
            ]
        ]
        var match = triggerMatcher.match(whenTriggers, eventName: "event1", eventProperties: [
            "prop1": [241]
        ])
        #expect(match)
    
        // If any Not Equals any
        match = triggerMatcher.match(whenTriggers, eventName: "event1", eventProperties: [
            "prop1": [150, 100]
        ])
        #expect(match)
    }

    @Test func testMatchLessThan() {
    var triggerMatcher = TriggersMatcher()
        let whenTriggers: JSONValue = [
            [
                "eventName": "event1",
                "eventProperties": [
                    [
                        "propertyName": "prop1",
                        "operator": 2,
                        "propertyValue": 240
                    ]
                ]
            ]
        ]
        var match = triggerMatcher.match(whenTriggers, eventName: "event1", eventProperties: [
            "prop1": 150
        ])
        #expect(match)
    
        var matchNoProp = triggerMatcher.match(whenTriggers, eventName: "event1", eventProperties: [:])
        #expect(!(matchNoProp))
    }

    @Test func testMatchLessThanWithString() {
    var triggerMatcher = TriggersMatcher()
        let whenTriggers: JSONValue = [
            [
                "eventName": "event1",
                "eventProperties": [
                    [
                        "propertyName": "prop1",
                        "operator": 2,
                        "propertyValue": 240
                    ]
                ]
            ]
        ]
        var match = triggerMatcher.match(whenTriggers, eventName: "event1", eventProperties: [
            "prop1": "-120"
        ])
        #expect(match)
    
        var matchNaN = triggerMatcher.match(whenTriggers, eventName: "event1", eventProperties: [
            "prop1": "asd"
        ])
        #expect(!(matchNaN))
    }

    @Test func testMatchLessThanWithArrays() {
    var triggerMatcher = TriggersMatcher()
        var whenTriggers: JSONValue = [
            [
                "eventName": "event1",
                "eventProperties": [
                    [
                        "propertyName": "prop1",
                        "operator": 2,
                        "propertyValue": [240]
                    ]
                ]
            ]
        ]
        var match = triggerMatcher.match(whenTriggers, eventName: "event1", eventProperties: [
            "prop1": "-120"
        ])
        #expect(match)
    
        match = triggerMatcher.match(whenTriggers, eventName: "event1", eventProperties: [
            "prop1": [250, -1]
        ])
        #expect(match)
    
        whenTriggers = [
            [
                "eventName": "event1",
                "eventProperties": [
                    [
                        "propertyName": "prop1",
                        "operator": 2,
                        "propertyValue": [240, 500]
                    ]
                ]
            ]
        ]
        match = triggerMatcher.match(whenTriggers, eventName: "event1", eventProperties: [
            "prop1": "-120"
        ])
        #expect(!(match))
    }

    @Test func testMatchGreaterThan() {
    var triggerMatcher = TriggersMatcher()
        let whenTriggers: JSONValue = [
            [
                "eventName": "event1",
                "eventProperties": [
                    [
                        "propertyName": "prop1",
                        "operator": 0,
                        "propertyValue": 150
                    ]
                ]
            ]
        ]
        var match = triggerMatcher.match(whenTriggers, eventName: "event1", eventProperties: [
            "prop1": 240
        ])
        #expect(match)
    
        var matchNoProp = triggerMatcher.match(whenTriggers, eventName: "event1", eventProperties: [:])
        #expect(!(matchNoProp))
    }

    @Test func testMatchGreaterThanWithString() {
    var triggerMatcher = TriggersMatcher()
        let whenTriggers: JSONValue = [
            [
                "eventName": "event1",
                "eventProperties": [
                    [
                        "propertyName": "prop1",
                        "operator": 0,
                        "propertyValue": 150
                    ]
                ]
            ]
        ]
        var match = triggerMatcher.match(whenTriggers, eventName: "event1", eventProperties: [
            "prop1": "240"
        ])
        #expect(match)
    
        var matchNaN = triggerMatcher.match(whenTriggers, eventName: "event1", eventProperties: [
            "prop1": "asd"
        ])
        #expect(!(matchNaN))
    }

    @Test func testMatchGreaterThanWithArrays() {
    var triggerMatcher = TriggersMatcher()
        var whenTriggers: JSONValue = [
            [
                "eventName": "event1",
                "eventProperties": [
                    [
                        "propertyName": "prop1",
                        "operator": 0,
                        "propertyValue": [240]
                    ]
                ]
            ]
        ]
        var match = triggerMatcher.match(whenTriggers, eventName: "event1", eventProperties: [
            "prop1": 600
        ])
        #expect(match)
    
        match = triggerMatcher.match(whenTriggers, eventName: "event1", eventProperties: [
            "prop1": [250, -1, 600]
        ])
        #expect(match)
    
        whenTriggers = [
            [
                "eventName": "event1",
                "eventProperties": [
                    [
                        "propertyName": "prop1",
                        "operator": 0,
                        "propertyValue": [240, 500]
                    ]
                ]
            ]
        ]
        match = triggerMatcher.match(whenTriggers, eventName: "event1", eventProperties: [
            "prop1": 600
        ])
        #expect(!(match))
    }

    @Test func testMatchBetween() {
    var triggerMatcher = TriggersMatcher()
        let whenTriggers: JSONValue = [
            [
                "eventName": "event1",
                "eventProperties": [
                    [
                        "propertyName": "prop1",
                        "operator": 4,
                        "propertyValue": [100, 240]
                    ]
                ]
            ]
        ]
        var match = triggerMatcher.match(whenTriggers, eventName: "event1", eventProperties: [
            "prop1": 150
        ])
        #expect(match)
    
        match = triggerMatcher.match(whenTriggers, eventName: "event1", eventProperties: [
            "prop1": 100
        ])
        #expect(match)
    
        match = triggerMatcher.match(whenTriggers, eventName: "event1", eventProperties: [
            "prop1": 240
        ])
        #expect(match)
    
        match = triggerMatcher.match(whenTriggers, eventName: "event1", eventProperties: [
            "prop1": "150"
        ])
        #expect(match)
    
        match = triggerMatcher.match(whenTriggers, eventName: "event1", eventProperties: [
            "prop1": 1
        ])
        #expect(!(match))
    
        match = triggerMatcher.match(whenTriggers, eventName: "event1", eventProperties: [
            "prop1": 250
        ])
        #expect(!(match))
    
        var matchNan = triggerMatcher.match(whenTriggers, eventName: "event1", eventProperties: [
            "prop1": "a150"
        ])
        #expect(!(matchNan))
    }

    @Test func testMatchBetweenCharged() {
    var triggerMatcher = TriggersMatcher()
        let whenTriggers: JSONValue = [
            [
                "eventName": "Charged",
                "itemProperties": [
                    [
                        "propertyName": "item1",
                        "operator": 4,
                        "propertyValue": [100, 240]
                    ]
                ]
            ]
        ]
        var match = triggerMatcher.matchCharged(whenTriggers, details: [:], items: [
            [
                "item1": 1
            ],
            [
                "item1": 101
            ]
        ])
        #expect(match)
    
        match = triggerMatcher.matchCharged(whenTriggers, details: [:], items: [
            [
                "item1": 300
            ],
            [
                "item1": 400
            ]
        ])
        #expect(!(match))
    }

    @Test func testMatchBetweenArrayMoreThan2() {
    var triggerMatcher = TriggersMatcher()
        let whenTriggers: JSONValue = [
            [
                "eventName": "event1",
                "eventProperties": [
                    [
                        "propertyName": "prop1",
                        "operator": 4,
                        "propertyValue": [100, 240, 330, "test"]
                    ]
                ]
            ]
        ]
        var match = triggerMatcher.match(whenTriggers, eventName: "event1", eventProperties: [
            "prop1": 150
        ])
        #expect(match)
    }

    @Test func testMatchBetweenEmptyArray() {
    var triggerMatcher = TriggersMatcher()
        let whenTriggers: JSONValue = [
            [
                "eventName": "event1",
                "eventProperties": [
                    [
                        "propertyName": "prop1",
                        "operator": 4,
                        "propertyValue": []
                    ]
                ]
            ]
        ]
        var match = triggerMatcher.match(whenTriggers, eventName: "event1", eventProperties: [
            "prop1": 150
        ])
        #expect(!(match))
    }

    @Test func testMatchContainsString() {
    var triggerMatcher = TriggersMatcher()
        let whenTriggers: JSONValue = [
            [
                "eventName": "event1",
                "eventProperties": [
                    [
                        "propertyName": "prop1",
                        "operator": 3,
                        "propertyValue": "clever"
                    ]
                ]
            ]
        ]
        var match = triggerMatcher.match(whenTriggers, eventName: "event1", eventProperties: [
            "prop1": "clevertap"
        ])
        #expect(match)
    
        match = triggerMatcher.match(whenTriggers, eventName: "event1", eventProperties: [
            "prop1": "cle"
        ])
        #expect(!(match))
    }

    @Test func testMatchContainsStringBool() {
    var triggerMatcher = TriggersMatcher()
        let whenTriggers: JSONValue = [
            [
                "eventName": "event1",
                "eventProperties": [
                    [
                        "propertyName": "prop1",
                        "operator": 3,
                        "propertyValue": "true"
                    ]
                ]
            ]
        ]
        var match = triggerMatcher.match(whenTriggers, eventName: "event1", eventProperties: [
            "prop1": "this is true"
        ])
        #expect(match)
    
        match = triggerMatcher.match(whenTriggers, eventName: "event1", eventProperties: [
            "prop1": "this is false"
        ])
        #expect(!(match))
    }

    @Test func testMatchContainsNumber() {
    var triggerMatcher = TriggersMatcher()
        let whenTriggers: JSONValue = [
            [
                "eventName": "event1",
                "eventProperties": [
                    [
                        "propertyName": "prop1",
                        "operator": 3,
                        "propertyValue": 1234
                    ]
                ]
            ]
        ]
        var match = triggerMatcher.match(whenTriggers, eventName: "event1", eventProperties: [
            "prop1": "1234567"
        ])
        #expect(match)
    
        match = triggerMatcher.match(whenTriggers, eventName: "event1", eventProperties: [
            "prop1": 1234567
        ])
        #expect(match)
    
        match = triggerMatcher.match(whenTriggers, eventName: "event1", eventProperties: [
            "prop1": 123
        ])
        #expect(!(match))
    }

    @Test func testMatchContainsArray() {
    var triggerMatcher = TriggersMatcher()
        let whenTriggers: JSONValue = [
            [
                "eventName": "event1",
                "eventProperties": [
                    [
                        "propertyName": "prop1",
                        "operator": 3,
                        "propertyValue": ["clever", "test"]
                    ]
                ]
            ]
        ]
        var match = triggerMatcher.match(whenTriggers, eventName: "event1", eventProperties: [
            "prop1": "clevertap"
        ])
        #expect(match)
    }

    @Test func testMatchContainsArrayNumber() {
    var triggerMatcher = TriggersMatcher()
        let whenTriggers: JSONValue = [
            [
                "eventName": "event1",
                "eventProperties": [
                    [
                        "propertyName": "prop1",
                        "operator": 3,
                        "propertyValue": [1234, "45678"]
                    ]
                ]
            ]
        ]
        var match = triggerMatcher.match(whenTriggers, eventName: "event1", eventProperties: [
            "prop1": "123456"
        ])
        #expect(match)
    
        match = triggerMatcher.match(whenTriggers, eventName: "event1", eventProperties: [
            "prop1": 456789
        ])
        #expect(match)
    }

    @Test func testMatchContainsArrayEmpty() {
    var triggerMatcher = TriggersMatcher()
        let whenTriggers: JSONValue = [
            [
                "eventName": "event1",
                "eventProperties": [
                    [
                        "propertyName": "prop1",
                        "operator": 3,
                        "propertyValue": []
                    ]
                ]
            ]
        ]
        var match = triggerMatcher.match(whenTriggers, eventName: "event1", eventProperties: [
            "prop1": "clevertap"
        ])
        #expect(!(match))
    }

    @Test func testMatchContainsStringWithPropertyArray() {
    var triggerMatcher = TriggersMatcher()
        let whenTriggers: JSONValue = [
            [
                "eventName": "event1",
                "eventProperties": [
                    [
                        "propertyName": "prop1",
                        "operator": 3,
                        "propertyValue": "clever"
                    ]
                ]
            ]
        ]
        var match = triggerMatcher.match(whenTriggers, eventName: "event1", eventProperties: [
            "prop1": ["clevertap","test"]
        ])
        #expect(match)
    }

    @Test func testMatchNotContainsArray() {
    var triggerMatcher = TriggersMatcher()
        let whenTriggers: JSONValue = [
            [
                "eventName": "event1",
                "eventProperties": [
                    [
                        "propertyName": "prop1",
                        "operator": 28,
                        "propertyValue": ["testing", "test"]
                    ]
                ]
            ]
        ]
        var match = triggerMatcher.match(whenTriggers, eventName: "event1", eventProperties: [
            "prop1": "clevertap"
        ])
        #expect(match)
    
        match = triggerMatcher.match(whenTriggers, eventName: "event1", eventProperties: [
            "prop1": "te"
        ])
        #expect(match)
    
        match = triggerMatcher.match(whenTriggers, eventName: "event1", eventProperties: [
            "prop1": "test"
        ])
        #expect(!(match))
    }

    @Test func testMatchNotContainsArrayFromTriggerArray() {
    var triggerMatcher = TriggersMatcher()
        let whenTriggers: JSONValue = [
            [
                "eventName": "event1",
                "eventProperties": [
                    [
                        "propertyName": "prop1",
                        "operator": 28,
                        "propertyValue": ["testing", "test"]
                    ]
                ]
            ]
        ]
        var match = triggerMatcher.match(whenTriggers, eventName: "event1", eventProperties: [
            "prop1": ["clevertap", "yes"]
        ])
        #expect(match)
    }

    @Test func testMatchNotContainsString() {
    var triggerMatcher = TriggersMatcher()
        let whenTriggers: JSONValue = [
            [
                "eventName": "event1",
                "eventProperties": [
                    [
                        "propertyName": "prop1",
                        "operator": 28,
                        "propertyValue": "test"
                    ]
                ]
            ]
        ]
        var match = triggerMatcher.match(whenTriggers, eventName: "event1", eventProperties: [
            "prop1": "clevertap"
        ])
        #expect(match)
    }

    @Test func testMatchSystemProperties() {
    var triggerMatcher = TriggersMatcher()
        let whenTriggers: JSONValue = [
            [
                "eventName": "event1",
                "eventProperties": [
                    [
                        "propertyName": "CT SDK Version",
                        "operator": 1,
                        "propertyValue": 60000
                    ]
                ]
            ]
        ]
        var match = triggerMatcher.match(whenTriggers, eventName: "event1", eventProperties: [
            CLTAP_SDK_VERSION: 60000
        ])
        #expect(match)
    
        match = triggerMatcher.match(whenTriggers, eventName: "event1", eventProperties: [:])
        #expect(!(match))
    }

    @Test func testMatchSystemPropertiesCurrentAndLegacy() {
    var triggerMatcher = TriggersMatcher()
        let whenTriggers: JSONValue = [
            [
                "eventName": "event1",
                "eventProperties": [
                    [
                        "propertyName": "CT SDK Version",
                        "operator": 1,
                        "propertyValue": 60000
                    ],
                    [
                        "propertyName": "ct_sdk_version",
                        "operator": 1,
                        "propertyValue": 60000
                    ],
                    [
                        "propertyName": "CT App Version",
                        "operator": 1,
                        "propertyValue": "6.0.0"
                    ],
                    [
                        "propertyName": "ct_app_version",
                        "operator": 1,
                        "propertyValue": "6.0.0"
                    ],
                    [
                        "propertyName": "ct_os_version",
                        "operator": 1,
                        "propertyValue": "17.1.1"
                    ],
                    [
                        "propertyName": "CT OS Version",
                        "operator": 1,
                        "propertyValue": "17.1.1"
                    ]
                ]
            ]
        ]
        var match = triggerMatcher.match(whenTriggers, eventName: "event1", eventProperties: [
            CLTAP_SDK_VERSION: 60000,
            CLTAP_APP_VERSION: "6.0.0",
            CLTAP_OS_VERSION: "17.1.1"
        ])
        #expect(match)
    }

    @Test func testMatchNotificationProperties() {
    var triggerMatcher = TriggersMatcher()
        let whenTriggers: JSONValue = [
            [
                "eventName": "Notification Viewed",
                "eventProperties": [
                    [
                        "propertyName": CLTAP_PROP_CAMPAIGN_ID,
                        "operator": 3,
                        "propertyValue": 1701172437
                    ],
                    [
                        "propertyName": CLTAP_PROP_WZRK_ID,
                        "operator": 3,
                        "propertyValue": 1701172437
                    ],
                    [
                        "propertyName": CLTAP_PROP_VARIANT,
                        "operator": 1,
                        "propertyValue": CLTAP_NOTIFICATION_PIVOT_DEFAULT
                    ],
                    [
                        "propertyName": CLTAP_PROP_WZRK_PIVOT,
                        "operator": 1,
                        "propertyValue": CLTAP_NOTIFICATION_PIVOT_DEFAULT
                    ],
                ]
            ]
        ]
        var match = triggerMatcher.match(whenTriggers, eventName: "Notification Viewed", eventProperties: [
            "wzrk_id": "1701172437_20231128",
            "wzrk_pivot": CLTAP_NOTIFICATION_PIVOT_DEFAULT
        ])
        #expect(match)
    
        match = triggerMatcher.match(whenTriggers, eventName: "event1", eventProperties: [:])
        #expect(!(match))
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
