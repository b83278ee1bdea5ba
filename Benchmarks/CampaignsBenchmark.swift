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

    static func inApps() -> JSONValue {
        var r = InAppResponse.Random(state: 9)
        var list: [JSONValue] = []
        for i in 0..<200 {
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

func benchB11(runs: Int) throws -> Figure {
    let inApps = CampaignData200.inApps()
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
    return Figure(id: "B11", value: m, baseline: b, unit: "us/event", target: 5,
                  note: "one event against 200 client-side in-apps, 3 triggers and 2 limits each (\(expected) eligible)")
}
