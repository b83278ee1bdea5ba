import CBaselines
import Foundation
import JSON
import Templates

// MARK: - B11: one event evaluated against 200 client-side in-apps (3 triggers, 2 limits each)

/// 200 deterministic in-apps: 3 triggers each (event name, a category equality and a price
/// comparison) and 2 limits (`ever` 100, `onEvery` 1); roughly one in five matches the event.
enum CampaignData200 {
    static let events = ["Product Viewed", "Added To Cart", "Charged", "Search Performed", "Screen Viewed"]
    static let categories = ["shoes", "apparel", "electronics", "home", "beauty"]

    static func inApps(count: Int = 200) -> JSONValue {
        var r = InAppResponse.Random(state: 9)
        var list: [JSONValue] = []
        for i in 0..<count {
            var triggers: [JSONValue] = []
            for _ in 0..<3 {
                triggers.append([
                    "eventName": .string(r.pick(events)),
                    "eventProperties": [
                        ["propertyName": "category", "operator": 1, "propertyValue": .string(r.pick(categories))],
                        ["propertyName": "price", "operator": .integer(r.int(2) == 0 ? 0 : 2), "propertyValue": .integer(Int64(r.int(200)))],
                    ],
                ])
            }
            list.append([
                "ti": .integer(1_700_000_000 + Int64(i)), "wzrk_id": .string("c\(i)"), "type": "custom-code", "templateName": "Banner",
                "whenTriggers": .array(triggers),
                "frequencyLimits": [["type": "ever", "limit": 100]],
                "occurrenceLimits": [["type": "onEvery", "limit": 1]],
            ])
        }
        return .array(list)
    }

    static let properties: JSONObject = ["category": "Shoes", "price": 120, "currency": "EUR"]
}

/// `inApps`: 200 for B11; the growth runs (`--growth`) also measure 20 and 2,000.
func benchB11(runs: Int, inApps count: Int = 200) throws -> Figure {
    let inApps = CampaignData200.inApps(count: count)
    let list = inApps.arrayValue ?? []
    let data = CampaignData()
    let impressions = ImpressionManager(data: data, now: { 1_700_000_000 })
    let evaluator = InAppEvaluator(triggers: TriggersMatcher(), limits: LimitsMatcher(impressions: impressions, triggerCount: data.triggerCount),
                                   data: data)
    let event = CampaignEvent(name: "Product Viewed", properties: CampaignData200.properties)
    guard let state = cb_campaigns_load(try inApps.encoded(), try JSONValue.object(CampaignData200.properties).encoded()) else {
        throw BenchError("B11: baseline setup")
    }
    defer { cb_campaigns_free(state) }
    let expected = evaluator.evaluate(event, list).count
    let expectedC = Int(cb_campaigns_evaluate(state, "Product Viewed"))
    guard expected == expectedC, expected > 0 else { throw BenchError("B11: Swift found \(expected) eligible, C \(expectedC)") }
    func measured(_ n: Int) -> Double {
        var total = 0
        let t0 = now()
        for _ in 0..<n { total &+= evaluator.evaluate(event, list).count }
        let dt = now() - t0
        precondition(total == n * expected)
        return Double(dt) / Double(n) / 1000
    }
    func baseline(_ n: Int) -> Double {
        var total = 0
        let t0 = now()
        for _ in 0..<n { total &+= Int(cb_campaigns_evaluate(state, "Product Viewed")) }
        let dt = now() - t0
        precondition(total == n * expected)
        return Double(dt) / Double(n) / 1000
    }
    let n = calibrate(start: 10, targetNs: 20_000_000, max: 200_000) { n in _ = measured(n) }
    let (m, b) = alternate(runs: runs, measured: { measured(n) }, baseline: { baseline(n) })
    return Figure(id: count == 200 ? "B11" : "B11@\(count)", value: m, baseline: b, unit: "us/event", target: count == 200 ? 3 : nil,
                  note: "one event against \(count) client-side in-apps, 3 triggers and 2 limits each (\(expected) eligible)")
}
