/// A deterministic ~230 KB in-app response: `{"inapp_notifs": [...]}` of realistic
/// custom-code notifications (ids, ordering keys, triggers, frequency limits, vars with
/// dotted dictionary keys, nested actions, unicode text, floats, nulls).
enum InAppResponse {
    /// A small LCG: same output on every machine and run.
    struct Random {
        var state: UInt64
        mutating func next() -> UInt64 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return state >> 33
        }
        mutating func int(_ n: Int) -> Int { Int(next() % UInt64(n)) }
        mutating func pick<T>(_ xs: [T]) -> T { xs[int(xs.count)] }
    }

    static let titles = [
        "Summer sale: 50% off", "Your cart misses you", "Ça marche — livraison gratuite ✨",
        "New arrivals in Shoes", "Flash deal ends tonight", "Complete your profile",
        "Rate your last order ⭐️", "Invite friends, earn ₹200", "Welcome back, \\\"VIP\\\"",
        "Neue Kollektion für dich", "Tu pedido está en camino 🚚", "限时优惠：全场八折",
    ]
    static let events = ["Product Viewed", "Added To Cart", "Charged", "App Launched", "Search Performed"]
    static let categories = ["shoes", "apparel", "electronics", "home", "beauty", "sports"]
    static let templates = ["Banner", "Interstitial", "Survey", "Coupon", "StoryCarousel"]

    static func string(_ s: String) -> String { "\"\(s)\"" }

    static func notification(_ i: Int, _ r: inout Random) -> String {
        let ti = 1_763_700_000 + i * 37 + r.int(30)
        let template = r.pick(templates)
        let category = r.pick(categories)
        let title = r.pick(titles)
        var vars: [String] = [
            "\"title\":\(string(title))",
            "\"body\":\(string("Tap to see \(r.int(400) + 20) picks in \(category) chosen for you. Offer valid until midnight."))",
            "\"count\":\(r.int(10))",
            "\"enabled\":\(r.int(2) == 0 ? "true" : "false")",
            "\"discount\":\(Double(r.int(9000)) / 100 + 0.25)",
            "\"style.color\":\(string(String(format6(r.int(0xFFFFFF)))))",
            "\"style.size\":\(12 + r.int(12))",
            "\"style.cornerRadius\":\(Double(r.int(16)) + 0.5)",
            "\"image\":\(string("https://cdn.example.com/campaigns/\(ti)/hero_\(r.int(9999)).png"))",
            "\"buttons.ok\":{\"actions\":{\"type\":\"url\",\"ios\":\(string("myapp://offers/\(category)?src=inapp&id=\(ti)")),\"android\":\(string("myapp://offers/\(category)?src=inapp&id=\(ti)")),\"kv\":null}}",
            "\"buttons.cancel\":{\"actions\":{\"type\":\"close\"}}",
        ]
        if r.int(3) == 0 {
            vars.append("\"next\":{\"actions\":{\"type\":\"custom-code\",\"templateName\":\"Survey\",\"vars\":{\"question\":\"How was it?\",\"scale\":5}}}")
        }
        let triggers = (0..<(1 + r.int(2))).map { _ in
            "{\"eventName\":\(string(r.pick(events))),\"eventProperties\":[{\"propertyName\":\"category\",\"operator\":1,\"propertyValue\":\(string(r.pick(categories)))},{\"propertyName\":\"price\",\"operator\":2,\"propertyValue\":\(r.int(500))}],\"firstTimeOnly\":\(r.int(4) == 0 ? "true" : "false")}"
        }
        return "{" + [
            "\"wzrk_id\":\(string("\(ti)_\(20_261_121 + i)"))",
            "\"wzrk_pivot\":\"wzrk_default\"",
            "\"wzrk_cgId\":\(r.int(3) == 0 ? "null" : String(r.int(1000)))",
            "\"type\":\"custom-code\"",
            "\"templateName\":\(string(template))",
            "\"priority\":\(1 + r.int(100))",
            "\"ti\":\(ti)",
            "\"wzrk_ttl\":\(ti + 86_400 * (1 + r.int(14)))",
            "\"efc\":1,\"excs\":0,\"tdc\":\(r.int(20)),\"tlc\":[]",
            "\"frequencyLimits\":[{\"type\":\"session\",\"limit\":\(1 + r.int(3))},{\"type\":\"days\",\"limit\":1,\"frequency\":\(1 + r.int(7))}]",
            "\"whenTriggers\":[\(triggers.joined(separator: ","))]",
            "\"vars\":{\(vars.joined(separator: ","))}",
            "\"rfp\":false,\"isLocalInApp\":false",
        ].joined(separator: ",") + "}"
    }

    static func format6(_ n: Int) -> String {
        let hex = String(n, radix: 16)
        return "#" + String(repeating: "0", count: Swift.max(0, 6 - hex.count)) + hex
    }

    /// The response text, ~230 KB.
    static func make(bytes: Int = 230 * 1024) -> String {
        var r = Random(state: 20_261_121)
        var items: [String] = []
        var total = 40
        var i = 0
        while total < bytes {
            let n = notification(i, &r)
            items.append(n)
            total += n.utf8.count + 1
            i += 1
        }
        return "{\"inapp_notifs\":[\(items.joined(separator: ","))],\"inapp_stale\":[],\"imc\":\(items.count),\"imp\":10}"
    }
}
