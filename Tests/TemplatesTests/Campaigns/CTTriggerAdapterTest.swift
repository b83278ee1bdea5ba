import JSON
@testable import Templates
import Testing

// Ported from the CleverTap iOS SDK 7.7.0 unit tests `CleverTapSDKTests/CTTriggerAdapterTest.m`
// (13 cases, same names and outcomes). ctlua has no trigger adapter object: `TriggersMatcher`
// reads the trigger JSON where the SDK's matcher reads the adapter, so each case checks what the
// adapter's field does to a match; the conditions (`propertyCount`, `propertyAtIndex:`) are
// `TriggersMatcher.conditions`.
@Suite struct CTTriggerAdapterTest {
    static func matches(_ trigger: JSONValue, _ event: CampaignEvent, firstTime: Bool = true) -> Bool {
        TriggersMatcher { _ in firstTime }.matches([trigger], event: event)
    }

    // MARK: - eventName

    @Test func test_initWithJSON_setsEventName() {
        #expect(Self.matches(["eventName": "Purchase"], CampaignEvent(name: "Purchase")))
        #expect(!Self.matches(["eventName": "Purchase"], CampaignEvent(name: "Viewed")))
    }

    @Test func test_profileAttrName_setsFromJSON() {
        #expect(Self.matches(["profileAttrName": "age"], CampaignEvent(name: "age_change", profileAttrName: "age")))
        #expect(!Self.matches(["profileAttrName": "age"], CampaignEvent(name: "name_change", profileAttrName: "name")))
    }

    @Test func test_firstTimeOnly_setsFromJSON() {
        let trigger: JSONValue = ["eventName": "Viewed", "firstTimeOnly": true]
        #expect(Self.matches(trigger, CampaignEvent(name: "Viewed"), firstTime: true))
        #expect(!Self.matches(trigger, CampaignEvent(name: "Viewed"), firstTime: false), "only the first time")
        #expect(Self.matches(["eventName": "Viewed"], CampaignEvent(name: "Viewed"), firstTime: false))
    }

    // MARK: - propertyCount

    @Test func test_propertyCount_withNilProperties_returnsZero() {
        #expect(TriggersMatcher().conditions(nil).count == 0)
        #expect(Self.matches(["eventName": "Viewed"], CampaignEvent(name: "Viewed", properties: ["any": 1])))
    }

    @Test func test_propertyCount_withProperties_returnsCount() {
        let trigger: JSONValue = [
            "eventName": "Viewed",
            "eventProperties": [
                ["propertyName": "category", "operator": 1, "propertyValue": "shoes"],
                ["propertyName": "price", "operator": 0, "propertyValue": 50],
            ],
        ]
        #expect(TriggersMatcher().conditions(trigger["eventProperties"]).count == 2)
        #expect(Self.matches(trigger, CampaignEvent(name: "Viewed", properties: ["category": "shoes", "price": 60])))
        #expect(!Self.matches(trigger, CampaignEvent(name: "Viewed", properties: ["category": "shoes", "price": 40])), "both conditions")
    }

    // MARK: - itemsCount

    @Test func test_itemsCount_withNilItems_returnsZero() {
        #expect(TriggersMatcher().conditions(JSONValue.object([:])["itemProperties"]).count == 0)
        #expect(Self.matches(["eventName": "Charged"], CampaignEvent(name: "Charged", items: [["color": "blue"]])))
    }

    @Test func test_itemsCount_withItems_returnsCount() {
        let trigger: JSONValue = ["eventName": "Charged", "itemProperties": [["propertyName": "color", "operator": 1, "propertyValue": "red"]]]
        #expect(TriggersMatcher().conditions(trigger["itemProperties"]).count == 1)
        #expect(Self.matches(trigger, CampaignEvent(name: "Charged", items: [["color": "red"]])))
        #expect(!Self.matches(trigger, CampaignEvent(name: "Charged", items: [["color": "blue"]])))
    }

    // MARK: - geoRadiusCount

    @Test func test_geoRadiusCount_withNilGeoRadius_returnsZero() {
        #expect(Self.matches(["eventName": "Viewed"], CampaignEvent(name: "Viewed")), "no radius: no location needed")
    }

    @Test func test_geoRadiusCount_withGeoRadius_returnsCount() {
        let trigger: JSONValue = ["eventName": "Viewed", "geoRadius": [["lat": 12.9, "lng": 77.6, "rad": 500]]]
        #expect(!Self.matches(trigger, CampaignEvent(name: "Viewed")), "one radius: a location is needed")
        #expect(Self.matches(trigger, CampaignEvent(name: "Viewed", location: (12.9, 77.6))))
    }

    // MARK: - propertyAtIndex

    @Test func test_propertyAtIndex_returnsCorrectCondition() {
        let json: JSONValue = ["eventProperties": [["propertyName": "age", "operator": 1, "propertyValue": 30]]]
        let cond = TriggersMatcher().conditions(json["eventProperties"]).first
        #expect(cond != nil)
        #expect(cond?.name == "age")
        #expect(cond?.op == TriggerOperator.equals.rawValue)
        #expect(cond?.value == 30)
    }

    @Test func test_propertyAtIndex_nilProperties_returnsNil() {
        #expect(TriggersMatcher().conditions(JSONValue.object([:])["eventProperties"]).first == nil)
    }

    // MARK: - geoRadiusAtIndex

    @Test func test_geoRadiusAtIndex_returnsLatLonRadius() {
        // Latitude, longitude and radius (km) are read: Chennai is ~290 km from the centre, Delhi ~1740 km.
        let trigger: JSONValue = ["eventName": "Viewed", "geoRadius": [["lat": 12.9716, "lng": 77.5946, "rad": 1000]]]
        #expect(Self.matches(trigger, CampaignEvent(name: "Viewed", location: (12.9716, 77.5946))))
        #expect(Self.matches(trigger, CampaignEvent(name: "Viewed", location: (13.0827, 80.2707))))
        #expect(!Self.matches(trigger, CampaignEvent(name: "Viewed", location: (28.6139, 77.2090))))
    }

    @Test func test_geoRadiusAtIndex_nilGeoRadius_returnsNil() {
        #expect(Self.matches(["eventName": "Viewed", "geoRadius": []], CampaignEvent(name: "Viewed")), "no radius to check")
    }
}
