import JSON
import Testing

// The rows of `CTTriggersMatcherTest.m` (CleverTap iOS SDK 7.7.0) that match events against one
// `whenTriggers`: one row per SDK case, named after it, with its checks in the SDK's order.

fileprivate let CLTAP_SDK_VERSION = "SDK Version"
fileprivate let CLTAP_APP_VERSION = "Version"
fileprivate let CLTAP_OS_VERSION = "OS Version"
fileprivate let CLTAP_PROP_CAMPAIGN_ID: JSONValue = "Campaign id"
fileprivate let CLTAP_PROP_WZRK_ID: JSONValue = "wzrk_id"
fileprivate let CLTAP_PROP_VARIANT: JSONValue = "Variant"
fileprivate let CLTAP_PROP_WZRK_PIVOT: JSONValue = "wzrk_pivot"
fileprivate let CLTAP_NOTIFICATION_PIVOT_DEFAULT: JSONValue = "wzrk_default"

extension TriggersCase {
    static let all: [TriggersCase] = [
        TriggersCase("testMatchEventAllOperators", [
            [
                "eventName": "event1",
                "eventProperties": [
                    ["propertyName": "prop1", "operator": 0, "propertyValue": 150],
                    ["propertyName": "prop2", "operator": 1, "propertyValue": "Equals"],
                    ["propertyName": "prop3", "operator": 2, "propertyValue": 150],
                    ["propertyName": "prop4", "operator": 3, "propertyValue": "Contains"],
                    ["propertyName": "prop5", "operator": 4, "propertyValue": [1, 3]],
                    ["propertyName": "prop6", "operator": 15, "propertyValue": "NotEquals"],
                    ["propertyName": "prop7", "operator": 26],
                    ["propertyName": "prop8", "operator": 27],
                    ["propertyName": "prop9", "operator": 28, "propertyValue": "NotContains"],
                ],
            ],
        ], [
            .event("event1", [
                "prop1": 160,
                "prop2": "Equals",
                "prop3": 140,
                "prop4": "Contains CleverTap",
                "prop5": 2,
                "prop6": "NotEquals!",
                "prop7": "is set",
                "prop9": "No Contains",
            ], true),
        ]),
        TriggersCase("testMatchEventWithoutTriggerProps", [["eventName": "event1"]], [
            .event("event1", ["prop1": "clevertap"], true),
            .event("event1", [:], true),
        ]),
        TriggersCase("testMatchEventWithEmptyTriggerProps", [["eventName": "event1", "eventProperties": []]], [
            .event("event1", ["prop1": "clevertap"], true),
            .event("event1", [:], true),
        ]),
        TriggersCase("testMatchEventWithoutProps", [
            [
                "eventName": "event1",
                "eventProperties": [["propertyName": "prop1", "operator": 1, "propertyValue": "test"]],
            ],
        ], [
            .event("event1", [:], false),
        ]),
        TriggersCase("testMatchEventWithNormalizedName", [["eventName": "event1", "eventProperties": []]], [
            .event("Event 1", ["prop1": "clevertap"], true),
        ]),
        TriggersCase("testMatchChargedEvent", [
            [
                "eventName": "Charged",
                "eventProperties": [["propertyName": "prop1", "operator": 1, "propertyValue": 150]],
                "itemProperties": [["propertyName": "product_name", "operator": 1, "propertyValue": "product 1"]],
            ],
        ], [
            .charged(["prop1": 150], [["product_name": "product 1", "price": 5.99], ["product_name": "product 2", "price": 5.50]], true),
        ]),
        TriggersCase("testMatchChargedEventItemArrayEquals", [
            [
                "eventName": "Charged",
                "eventProperties": [["propertyName": "prop1", "operator": 1, "propertyValue": 150]],
                "itemProperties": [
                    ["propertyName": "product_name", "operator": 1, "propertyValue": ["product 1", "product 2"]],
                ],
            ],
        ], [
            .charged(["prop1": 150], [["product_name": "product 1", "price": 5.99], ["product_name": "product 2", "price": 5.50]], true),
        ]),
        TriggersCase("testMatchChargedEventItemArrayEqualsNormalized", [
            [
                "eventName": "Charged",
                "eventProperties": [["propertyName": "prop1", "operator": 1, "propertyValue": 150]],
                "itemProperties": [
                    ["propertyName": "product name", "operator": 1, "propertyValue": ["product 1"]],
                    ["propertyName": "price", "operator": 1, "propertyValue": [5.99]],
                ],
            ],
        ], [
            .charged(["Prop 1": 150], [["ProductName": "product 1", "Price": 5.99]], true),
        ]),
        TriggersCase("testMatchChargedEventItemArrayContains", [
            [
                "eventName": "Charged",
                "eventProperties": [["propertyName": "prop1", "operator": 1, "propertyValue": 150]],
                "itemProperties": [
                    ["propertyName": "product_name", "operator": 3, "propertyValue": ["product 1", "product 2"]],
                ],
            ],
        ], [
            .charged(["prop1": 150], [["product_name": "product 1", "price": 5.99], ["product_name": "product 2", "price": 5.50]], true),
        ]),
        TriggersCase("testMatchChargedEventItemArrayContainsNormalized", [
            [
                "eventName": "Charged",
                "eventProperties": [],
                "itemProperties": [
                    ["propertyName": "product name", "operator": 3, "propertyValue": ["product 1", "product 2"]],
                ],
            ],
        ], [
            .charged([:], [["Product Name": "product 1", "price": 5.50]], true),
        ]),
        TriggersCase("testMatchEqualsPrimitives", [
            [
                "eventName": "event1",
                "eventProperties": [
                    ["propertyName": "prop1", "operator": 1, "propertyValue": 150],
                    ["propertyName": "prop2", "operator": 1, "propertyValue": 200],
                    ["propertyName": "prop3", "operator": 1, "propertyValue": 150],
                    ["propertyName": "prop4", "operator": 1, "propertyValue": "CleverTap"],
                ],
            ],
        ], [
            .event("event1", ["prop1": 150, "prop2": 200, "prop3": "150", "prop4": "CleverTap"], true),
        ]),
        TriggersCase("testMatchEqualsBoolean", [
            [
                "eventName": "event1",
                "eventProperties": [
                    ["propertyName": "prop1", "operator": 1, "propertyValue": "true"],
                    ["propertyName": "prop2", "operator": 1, "propertyValue": "false"],
                ],
            ],
        ], [
            .event("event1", ["prop1": true, "prop2": false], true),
            .event("event1", ["prop1": true, "prop2": false], true),
            .event("event1", ["prop1": 1, "prop2": 0], true),
            .event("event1", ["prop1": false, "prop2": true], false),
        ]),
        TriggersCase("testMatchEqualsBooleanString", [
            [
                "eventName": "event1",
                "eventProperties": [
                    ["propertyName": "prop1", "operator": 1, "propertyValue": "true"],
                    ["propertyName": "prop2", "operator": 1, "propertyValue": "false"],
                ],
            ],
        ], [
            .event("event1", ["prop1": "true", "prop2": "false"], true),
        ]),
        TriggersCase("testMatchEqualsBooleanCaseInsensitive", [
            [
                "eventName": "event1",
                "eventProperties": [
                    ["propertyName": "prop1", "operator": 1, "propertyValue": "True"],
                    ["propertyName": "prop2", "operator": 1, "propertyValue": "False"],
                ],
            ],
        ], [
            .event("event1", ["prop1": true, "prop2": false], true),
        ]),
        TriggersCase("testMatchEqualsNumbers", [
            [
                "eventName": "event1",
                "eventProperties": [
                    ["propertyName": "prop1", "operator": 1, "propertyValue": 150],
                    ["propertyName": "prop2", "operator": 1, "propertyValue": "200"],
                    ["propertyName": "prop3", "operator": 1, "propertyValue": [150, "200", 0.55]],
                ],
            ],
        ], [
            .event("event1", ["prop1": 150, "prop2": 200, "prop3": 200], true),
            .event("event1", ["prop1": "150", "prop2": 200, "prop3": "150"], true),
            .event("event1", ["prop1": "150.00", "prop2": 200.00, "prop3": "0.55"], true),
            .event("event1", ["prop1": "150.00", "prop2": 200, "prop3": "0.56"], false),
            .event("event1", ["prop1": 150, "prop2": "200", "prop3": "55"], false),
            .event("event1", ["prop1": "test", "prop2": "test", "prop3": "test"], false),
        ]),
        TriggersCase("testMatchEqualsNumbersCharged", [
            [
                "eventName": "Charged",
                "itemProperties": [
                    ["propertyName": "prop1", "operator": 1, "propertyValue": 150],
                    ["propertyName": "prop2", "operator": 1, "propertyValue": "200"],
                    ["propertyName": "prop3", "operator": 1, "propertyValue": [150, "200", 0.55]],
                ],
            ],
        ], [
            .charged([:], [["prop1": "150", "prop2": 200, "prop3": "150"]], true),
            .charged([:], [["prop1": 1, "prop2": 2, "prop3": 3], ["prop1": 150, "prop2": 200, "prop3": 0.55]], true),
            .charged([:], [["prop1": 1, "prop2": 2, "prop3": 3]], false),
        ]),
        TriggersCase("testMatchEqualsDouble", [
            [
                "eventName": "event1",
                "eventProperties": [["propertyName": "prop1", "operator": 1, "propertyValue": 150.95]],
            ],
        ], [
            .event("event1", ["prop1": 150.950], true),
            .event("event1", ["prop1": "150.950"], true),
            .event("event1", ["prop1": "150.96"], false),
        ]),
        TriggersCase("testMatchEqualsExtectedStringWithActualArray", [
            [
                "eventName": "event1",
                "eventProperties": [["propertyName": "prop1", "operator": 1, "propertyValue": "test"]],
            ],
        ], [
            .event("event1", ["prop1": ["test", "test2"]], true),
            .event("event1", ["prop1": ["test1", "test2"]], false),
        ]),
        TriggersCase("testMatchEqualsExtectedArrayWithActualString", [
            [
                "eventName": "event1",
                "eventProperties": [["propertyName": "prop1", "operator": 1, "propertyValue": ["test", "test1"]]],
            ],
        ], [
            .event("event1", ["prop1": ["test"]], true),
            .event("event1", ["prop1": ["test1"]], true),
            .event("event1", ["prop1": ["test2"]], false),
        ]),
        TriggersCase("testMatchEqualsExtectedNumberWithActualArray", [
            [
                "eventName": "event1",
                "eventProperties": [["propertyName": "prop1", "operator": 1, "propertyValue": 150]],
            ],
        ], [
            .event("event1", ["prop1": ["test", 150]], true),
        ]),
        TriggersCase("testMatchEqualsExtectedStringWithActualString", [
            [
                "eventName": "event1",
                "eventProperties": [["propertyName": "prop1", "operator": 1, "propertyValue": "test"]],
            ],
        ], [
            .event("event1", ["prop1": "test"], true),
            .event("event1", ["prop1": "Test"], true),
            .event("event1", ["prop1": "TEST"], true),
            .event("event1", ["prop1": 12], false),
            .event("event1", ["prop1": .null], false),
        ]),
        TriggersCase("testMatchEqualsPropertyNameWithNormalization", [
            [
                "eventName": "event1",
                "eventProperties": [["propertyName": "prop1", "operator": 1, "propertyValue": "test"]],
            ],
        ], [
            .event("event1", ["prop 1": "test"], true),
            .event("event1", ["Prop  1": "test"], true),
            .event("E vent1", ["Prop  1": "test"], true),
            .event("event1", ["Prop.1": "test"], false),
            .event("event1", ["Prop  1": "test1", "Prop1": "test"], false),
            .event("event1", ["Prop1": "test1", "prop 1": "test2", "prop1": "test"], true),
        ]),
        TriggersCase("testMatchEqualsExtectedNumberWithActualString", [
            [
                "eventName": "event1",
                "eventProperties": [["propertyName": "prop1", "operator": 1, "propertyValue": 150]],
            ],
        ], [
            .event("event1", ["prop1": "test"], false),
        ]),
        TriggersCase("testMatchEqualsExtectedDoubleWithActualDouble", [
            [
                "eventName": "event1",
                "eventProperties": [["propertyName": "prop1", "operator": 1, "propertyValue": 150.99]],
            ],
        ], [
            .event("event1", ["prop1": 150.99], true),
        ]),
        TriggersCase("testMatchEqualsExtectedDoubleWithActualDoubleString", [
            [
                "eventName": "event1",
                "eventProperties": [["propertyName": "prop1", "operator": 1, "propertyValue": 150.99]],
            ],
        ], [
            .event("event1", ["prop1": "150.99"], true),
        ]),
        TriggersCase("testMatchEqualsExtectedArrayWithActualArray", [
            [
                "eventName": "event1",
                "eventProperties": [
                    ["propertyName": "prop1", "operator": 1, "propertyValue": ["test", "test2", "test3"]],
                ],
            ],
        ], [
            .event("event1", ["prop1": ["test2", "test3", "test"]], true),
        ]),
        TriggersCase("testMatchEqualsExtectedArrayWithActualArrayNumber", [
            [
                "eventName": "event1",
                "eventProperties": [["propertyName": "prop1", "operator": 1, "propertyValue": [1, 2, 3]]],
            ],
        ], [
            .event("event1", ["prop1": [3, 1, 2]], true),
        ]),
        TriggersCase("testMatchSet", [["eventName": "event1", "eventProperties": [["propertyName": "prop1", "operator": 26]]]], [
            .event("event1", ["prop1": 150], true),
        ]),
        TriggersCase("testMatchSetCharged", [["eventName": "Charged", "itemProperties": [["propertyName": "item1", "operator": 26]]]], [
            .charged([:], [["item2": 1], ["item1": 1]], true),
            .charged([:], [["item2": 1]], false),
        ]),
        TriggersCase("testMatchNotSet", [["eventName": "event1", "eventProperties": [["propertyName": "prop1", "operator": 27]]]], [
            .event("event1", ["prop2": 150], true),
        ]),
        TriggersCase("testMatchNotSetCharged", [["eventName": "Charged", "itemProperties": [["propertyName": "item1", "operator": 27]]]], [
            .charged([:], [["item2": 1], ["item1": 1]], false),
            .charged([:], [["item2": 1]], true),
        ]),
        TriggersCase("testMatchNotEquals", [
            [
                "eventName": "event1",
                "eventProperties": [["propertyName": "prop1", "operator": 15, "propertyValue": 150]],
            ],
        ], [
            .event("event1", ["prop1": 240], true),
            .event("event1", ["prop1": 150], false),
        ]),
        TriggersCase("testMatchNotEqualsArrays", [
            [
                "eventName": "event1",
                "eventProperties": [["propertyName": "prop1", "operator": 15, "propertyValue": [150, 240]]],
            ],
        ], [
            .event("event1", ["prop1": [241]], true),
            // If any Not Equals any
            .event("event1", ["prop1": [150, 100]], true),
        ]),
        TriggersCase("testMatchLessThan", [
            [
                "eventName": "event1",
                "eventProperties": [["propertyName": "prop1", "operator": 2, "propertyValue": 240]],
            ],
        ], [
            .event("event1", ["prop1": 150], true),
            .event("event1", [:], false),
        ]),
        TriggersCase("testMatchLessThanWithString", [
            [
                "eventName": "event1",
                "eventProperties": [["propertyName": "prop1", "operator": 2, "propertyValue": 240]],
            ],
        ], [
            .event("event1", ["prop1": "-120"], true),
            .event("event1", ["prop1": "asd"], false),
        ]),
        TriggersCase("testMatchLessThanWithArrays", part: 1, [
            [
                "eventName": "event1",
                "eventProperties": [["propertyName": "prop1", "operator": 2, "propertyValue": [240]]],
            ],
        ], [
            .event("event1", ["prop1": "-120"], true),
            .event("event1", ["prop1": [250, -1]], true),
        ]),
        TriggersCase("testMatchLessThanWithArrays", part: 2, [
            [
                "eventName": "event1",
                "eventProperties": [["propertyName": "prop1", "operator": 2, "propertyValue": [240, 500]]],
            ],
        ], [
            .event("event1", ["prop1": "-120"], false),
        ]),
        TriggersCase("testMatchGreaterThan", [
            [
                "eventName": "event1",
                "eventProperties": [["propertyName": "prop1", "operator": 0, "propertyValue": 150]],
            ],
        ], [
            .event("event1", ["prop1": 240], true),
            .event("event1", [:], false),
        ]),
        TriggersCase("testMatchGreaterThanWithString", [
            [
                "eventName": "event1",
                "eventProperties": [["propertyName": "prop1", "operator": 0, "propertyValue": 150]],
            ],
        ], [
            .event("event1", ["prop1": "240"], true),
            .event("event1", ["prop1": "asd"], false),
        ]),
        TriggersCase("testMatchGreaterThanWithArrays", part: 1, [
            [
                "eventName": "event1",
                "eventProperties": [["propertyName": "prop1", "operator": 0, "propertyValue": [240]]],
            ],
        ], [
            .event("event1", ["prop1": 600], true),
            .event("event1", ["prop1": [250, -1, 600]], true),
        ]),
        TriggersCase("testMatchGreaterThanWithArrays", part: 2, [
            [
                "eventName": "event1",
                "eventProperties": [["propertyName": "prop1", "operator": 0, "propertyValue": [240, 500]]],
            ],
        ], [
            .event("event1", ["prop1": 600], false),
        ]),
        TriggersCase("testMatchBetween", [
            [
                "eventName": "event1",
                "eventProperties": [["propertyName": "prop1", "operator": 4, "propertyValue": [100, 240]]],
            ],
        ], [
            .event("event1", ["prop1": 150], true),
            .event("event1", ["prop1": 100], true),
            .event("event1", ["prop1": 240], true),
            .event("event1", ["prop1": "150"], true),
            .event("event1", ["prop1": 1], false),
            .event("event1", ["prop1": 250], false),
            .event("event1", ["prop1": "a150"], false),
        ]),
        TriggersCase("testMatchBetweenCharged", [
            [
                "eventName": "Charged",
                "itemProperties": [["propertyName": "item1", "operator": 4, "propertyValue": [100, 240]]],
            ],
        ], [
            .charged([:], [["item1": 1], ["item1": 101]], true),
            .charged([:], [["item1": 300], ["item1": 400]], false),
        ]),
        TriggersCase("testMatchBetweenArrayMoreThan2", [
            [
                "eventName": "event1",
                "eventProperties": [
                    ["propertyName": "prop1", "operator": 4, "propertyValue": [100, 240, 330, "test"]],
                ],
            ],
        ], [
            .event("event1", ["prop1": 150], true),
        ]),
        TriggersCase("testMatchBetweenEmptyArray", [
            [
                "eventName": "event1",
                "eventProperties": [["propertyName": "prop1", "operator": 4, "propertyValue": []]],
            ],
        ], [
            .event("event1", ["prop1": 150], false),
        ]),
        TriggersCase("testMatchContainsString", [
            [
                "eventName": "event1",
                "eventProperties": [["propertyName": "prop1", "operator": 3, "propertyValue": "clever"]],
            ],
        ], [
            .event("event1", ["prop1": "clevertap"], true),
            .event("event1", ["prop1": "cle"], false),
        ]),
        TriggersCase("testMatchContainsStringBool", [
            [
                "eventName": "event1",
                "eventProperties": [["propertyName": "prop1", "operator": 3, "propertyValue": "true"]],
            ],
        ], [
            .event("event1", ["prop1": "this is true"], true),
            .event("event1", ["prop1": "this is false"], false),
        ]),
        TriggersCase("testMatchContainsNumber", [
            [
                "eventName": "event1",
                "eventProperties": [["propertyName": "prop1", "operator": 3, "propertyValue": 1234]],
            ],
        ], [
            .event("event1", ["prop1": "1234567"], true),
            .event("event1", ["prop1": 1234567], true),
            .event("event1", ["prop1": 123], false),
        ]),
        TriggersCase("testMatchContainsArray", [
            [
                "eventName": "event1",
                "eventProperties": [["propertyName": "prop1", "operator": 3, "propertyValue": ["clever", "test"]]],
            ],
        ], [
            .event("event1", ["prop1": "clevertap"], true),
        ]),
        TriggersCase("testMatchContainsArrayNumber", [
            [
                "eventName": "event1",
                "eventProperties": [["propertyName": "prop1", "operator": 3, "propertyValue": [1234, "45678"]]],
            ],
        ], [
            .event("event1", ["prop1": "123456"], true),
            .event("event1", ["prop1": 456789], true),
        ]),
        TriggersCase("testMatchContainsArrayEmpty", [
            [
                "eventName": "event1",
                "eventProperties": [["propertyName": "prop1", "operator": 3, "propertyValue": []]],
            ],
        ], [
            .event("event1", ["prop1": "clevertap"], false),
        ]),
        TriggersCase("testMatchContainsStringWithPropertyArray", [
            [
                "eventName": "event1",
                "eventProperties": [["propertyName": "prop1", "operator": 3, "propertyValue": "clever"]],
            ],
        ], [
            .event("event1", ["prop1": ["clevertap", "test"]], true),
        ]),
        TriggersCase("testMatchNotContainsArray", [
            [
                "eventName": "event1",
                "eventProperties": [["propertyName": "prop1", "operator": 28, "propertyValue": ["testing", "test"]]],
            ],
        ], [
            .event("event1", ["prop1": "clevertap"], true),
            .event("event1", ["prop1": "te"], true),
            .event("event1", ["prop1": "test"], false),
        ]),
        TriggersCase("testMatchNotContainsArrayFromTriggerArray", [
            [
                "eventName": "event1",
                "eventProperties": [["propertyName": "prop1", "operator": 28, "propertyValue": ["testing", "test"]]],
            ],
        ], [
            .event("event1", ["prop1": ["clevertap", "yes"]], true),
        ]),
        TriggersCase("testMatchNotContainsString", [
            [
                "eventName": "event1",
                "eventProperties": [["propertyName": "prop1", "operator": 28, "propertyValue": "test"]],
            ],
        ], [
            .event("event1", ["prop1": "clevertap"], true),
        ]),
        TriggersCase("testMatchSystemProperties", [
            [
                "eventName": "event1",
                "eventProperties": [["propertyName": "CT SDK Version", "operator": 1, "propertyValue": 60000]],
            ],
        ], [
            .event("event1", [CLTAP_SDK_VERSION: 60000], true),
            .event("event1", [:], false),
        ]),
        TriggersCase("testMatchSystemPropertiesCurrentAndLegacy", [
            [
                "eventName": "event1",
                "eventProperties": [
                    ["propertyName": "CT SDK Version", "operator": 1, "propertyValue": 60000],
                    ["propertyName": "ct_sdk_version", "operator": 1, "propertyValue": 60000],
                    ["propertyName": "CT App Version", "operator": 1, "propertyValue": "6.0.0"],
                    ["propertyName": "ct_app_version", "operator": 1, "propertyValue": "6.0.0"],
                    ["propertyName": "ct_os_version", "operator": 1, "propertyValue": "17.1.1"],
                    ["propertyName": "CT OS Version", "operator": 1, "propertyValue": "17.1.1"],
                ],
            ],
        ], [
            .event("event1", [CLTAP_SDK_VERSION: 60000, CLTAP_APP_VERSION: "6.0.0", CLTAP_OS_VERSION: "17.1.1"], true),
        ]),
        TriggersCase("testMatchNotificationProperties", [
            [
                "eventName": "Notification Viewed",
                "eventProperties": [
                    ["propertyName": CLTAP_PROP_CAMPAIGN_ID, "operator": 3, "propertyValue": 1701172437],
                    ["propertyName": CLTAP_PROP_WZRK_ID, "operator": 3, "propertyValue": 1701172437],
                    [
                        "propertyName": CLTAP_PROP_VARIANT,
                        "operator": 1,
                        "propertyValue": CLTAP_NOTIFICATION_PIVOT_DEFAULT,
                    ],
                    [
                        "propertyName": CLTAP_PROP_WZRK_PIVOT,
                        "operator": 1,
                        "propertyValue": CLTAP_NOTIFICATION_PIVOT_DEFAULT,
                    ],
                ],
            ],
        ], [
            .event("Notification Viewed", ["wzrk_id": "1701172437_20231128", "wzrk_pivot": CLTAP_NOTIFICATION_PIVOT_DEFAULT], true),
            .event("event1", [:], false),
        ]),
    ]
}
