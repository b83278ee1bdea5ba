import JSON
import Templates
import Testing

// Ported from the CleverTap iOS SDK 7.7.0 unit tests `CleverTapSDKTests/InApps/CTEventAdapterTest.m`
// (6 cases, same names and outcomes).
@Suite struct CTEventAdapterTest {
    func event(_ properties: JSONObject) -> CampaignEvent { CampaignEvent(name: "event", properties: properties) }
    func event(items: [JSONObject]) -> CampaignEvent { CampaignEvent(name: "event", properties: [:], items: items) }

    @Test func testPropertyValueNamed() {
        var e = event(["prop1": "value"])
        for name in ["prop1", " prop 1 ", "Prop1", "Prop 1"] { #expect(e.propertyValue(name) == "value") }
        #expect(e.propertyValue("Prop 1 1") == nil)
        e = event(["prop 1": "value"])
        for name in ["prop1", " prop 1 ", "Prop1", "Prop 1"] { #expect(e.propertyValue(name) == "value") }
        e = event(["prop 1": "value1", "prop1": "value", "Prop 1": "value2"])
        #expect(e.propertyValue("prop1") == "value")
        #expect(e.propertyValue("Prop 1") == "value2")
        #expect(["value", "value1", "value2"].contains(e.propertyValue(" prop  1")))
        e = event(["prop 1": "value1", "prop  1": "value2", "Prop 1": "value3"])
        #expect(["value1", "value2", "value3"].contains(e.propertyValue("prop1")))
    }

    @Test func testSystemPropertyValueNamed() {
        var e = event(["wzrk_id": "wzrk_id value", "Version": "Version value", "SDK Version": "SDK Version value"])
        #expect(e.propertyValue("Campaign id") == "wzrk_id value")
        #expect(e.propertyValue("CT App Version") == "Version value")
        #expect(e.propertyValue("CT SDK Version") == "SDK Version value")
        e = event(["Campaign id": "Campaign id value"])
        #expect(e.propertyValue("wzrk_id") == "Campaign id value")
        e = event(["Variant": "Variant value"])
        #expect(e.propertyValue("wzrk_pivot") == "Variant value")
        e = event(["wzrk_pivot": "wzrk_pivot value"])
        #expect(e.propertyValue("Variant") == "wzrk_pivot value")
    }

    @Test func testSystemPropertyValueNamedNormalized() {
        var e = event(["wzrk_id": "wzrk_id value", "Version": "Version value"])
        #expect(e.propertyValue("Campaign id") == "wzrk_id value")
        #expect(e.propertyValue("CT App Version") == "Version value")
        #expect(e.propertyValue("campaign id") == nil, "system property names must match exactly")
        #expect(e.propertyValue("ct app version") == nil)
        #expect(e.propertyValue("CTApp Version") == nil)
        e = event(["wzrk_ID": "wzrk_id value", "version": "Version value"])
        #expect(e.propertyValue("Campaign id") == "wzrk_id value")
        #expect(e.propertyValue("CT App Version") == "Version value")
    }

    @Test func testItemValueNamed() {
        let e = event(items: [["productName": "product 1", "price": 5.99], ["productName": "product 2", "price": 5.50]])
        #expect(e.itemValue("productName") == ["product 1", "product 2"])
        #expect(e.itemValue("price") == [5.99, 5.50])
        #expect(e.itemValue("none") == nil)
        #expect(event(items: []).itemValue("none") == nil)
    }

    @Test func testItemValueNamedNormalized() {
        let e = event(items: [["productName": "product 1"], ["productName": "product 2"]])
        for name in ["productName", "ProductName", "product Name", "Product Name"] {
            #expect(e.itemValue(name) == ["product 1", "product 2"])
        }
    }

    @Test func testItemValueNamedNormalizedItem() {
        let e = event(items: [["product Name": "product 1"], ["ProductName": "product 2"], ["Product Name": "product 3"],
                              ["product name": "product 4"], ["product_name": "product 5"]])
        for name in ["productName", "ProductName", "product Name", "Product Name"] {
            #expect(e.itemValue(name) == ["product 1", "product 2", "product 3", "product 4"])
        }
        #expect(e.itemValue("product_name") == ["product 5"])
        #expect(e.itemValue("Product_Name") == ["product 5"])
    }
}
