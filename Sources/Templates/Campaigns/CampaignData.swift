import JSON

/// Everything the SDK persists about campaigns (campaigns.md §7), saved as `campaigns.json`.
///
/// In-app lists (client-side, delayed client-side, server-side, server-side in-action), the
/// delayed store, impressions and trigger counts per campaign id, frequency-cap counts
/// `[today, lifetime]`, shown today, the global caps `imc`/`imp` (nil before any response),
/// the date of the last daily reset, the evaluated server-side ids and suppressed records,
/// and the user's event log (normalized name → count). Changes call `onChange`, which the
/// owner turns into one durable save per settle.
public final class CampaignData {
    // Plain storage: no dynamic exclusivity checks (each in-app reads and changes several of
    // these); no access calls out while it lasts (`onChange` is read, then called).
    @exclusivity(unchecked) public var clientSide: [JSONValue] = []
    @exclusivity(unchecked) public var clientSideDelayed: [JSONValue] = []
    @exclusivity(unchecked) public var serverSide: [JSONValue] = []
    @exclusivity(unchecked) public var serverSideInAction: [JSONValue] = []
    @exclusivity(unchecked) public var delayedStore: [JSONValue] = []
    @exclusivity(unchecked) public var impressions: [String: [Int64]] = [:]
    @exclusivity(unchecked) public var triggers: [String: Int] = [:]
    @exclusivity(unchecked) public var counts: [String: [Int]] = [:]
    @exclusivity(unchecked) public var shownToday = 0
    @exclusivity(unchecked) public var perSessionMax: Int?
    @exclusivity(unchecked) public var perDayMax: Int?
    @exclusivity(unchecked) public var lastDate: String?
    /// Local (push primer) in-apps shown (`incrementLocalInAppCount`, header `af.LIAMC`).
    @exclusivity(unchecked) public var localInAppCount = 0
    @exclusivity(unchecked) public var evaluated: [JSONValue] = []
    @exclusivity(unchecked) public var evaluatedProfile: [JSONValue] = []
    @exclusivity(unchecked) public var suppressed: [JSONValue] = []
    @exclusivity(unchecked) public var eventLog: [String: Int] = [:]
    /// The user's profile (values of `app.profile`), to detect changes.
    @exclusivity(unchecked) public var profile: JSONObject = [:]
    /// Called after every change.
    @exclusivity(unchecked) public var onChange: () -> Void = {}

    public init() {}

    func changed() { onChange() }

    /// The persisted form (`version` 1).
    public var json: JSONValue {
        func map<T>(_ d: [String: T], _ f: (T) -> JSONValue) -> JSONValue {
            .object(JSONObject(uniqueKeysWithValues: d.keys.sorted().map { ($0, f(d[$0]!)) }))
        }
        var o: JSONObject = ["version": 1]
        o["cs"] = .array(clientSide)
        o["csDelayed"] = .array(clientSideDelayed)
        o["ss"] = .array(serverSide)
        o["ssInAction"] = .array(serverSideInAction)
        o["delayed"] = .array(delayedStore)
        o["impressions"] = map(impressions) { .array($0.map(JSONValue.integer)) }
        o["triggers"] = map(triggers) { .integer(Int64($0)) }
        o["counts"] = map(counts) { .array($0.map { .integer(Int64($0)) }) }
        o["shownToday"] = .integer(Int64(shownToday))
        o["imc"] = perSessionMax.map { .integer(Int64($0)) } ?? .null
        o["imp"] = perDayMax.map { .integer(Int64($0)) } ?? .null
        o["lastDate"] = lastDate.map(JSONValue.string) ?? .null
        if localInAppCount != 0 { o["localInAppCount"] = .integer(Int64(localInAppCount)) }
        o["evaluated"] = .array(evaluated)
        o["evaluatedProfile"] = .array(evaluatedProfile)
        o["suppressed"] = .array(suppressed)
        o["eventLog"] = map(eventLog) { .integer(Int64($0)) }
        o["profile"] = .object(profile)
        return .object(o)
    }

    /// Reads the persisted form; nil when it is not a version 1 object.
    public static func read(_ json: JSONValue) -> CampaignData? {
        guard case .object(let o) = json, o["version"]?.integerValue == 1 else { return nil }
        let d = CampaignData()
        d.clientSide = o["cs"]?.arrayValue ?? []
        d.clientSideDelayed = o["csDelayed"]?.arrayValue ?? []
        d.serverSide = o["ss"]?.arrayValue ?? []
        d.serverSideInAction = o["ssInAction"]?.arrayValue ?? []
        d.delayedStore = o["delayed"]?.arrayValue ?? []
        for (k, v) in o["impressions"]?.objectValue ?? [:] { d.impressions[k] = v.arrayValue?.compactMap(\.integerValue) ?? [] }
        for (k, v) in o["triggers"]?.objectValue ?? [:] { d.triggers[k] = v.integerValue.map { Int($0) } ?? 0 }
        for (k, v) in o["counts"]?.objectValue ?? [:] { d.counts[k] = v.arrayValue?.compactMap { $0.integerValue.map { Int($0) } } ?? [] }
        d.shownToday = o["shownToday"]?.integerValue.map { Int($0) } ?? 0
        d.perSessionMax = o["imc"]?.integerValue.map { Int($0) }
        d.perDayMax = o["imp"]?.integerValue.map { Int($0) }
        d.lastDate = o["lastDate"]?.stringValue
        d.localInAppCount = o["localInAppCount"]?.integerValue.map { Int($0) } ?? 0
        d.evaluated = o["evaluated"]?.arrayValue ?? []
        d.evaluatedProfile = o["evaluatedProfile"]?.arrayValue ?? []
        d.suppressed = o["suppressed"]?.arrayValue ?? []
        for (k, v) in o["eventLog"]?.objectValue ?? [:] { d.eventLog[k] = v.integerValue.map { Int($0) } ?? 0 }
        d.profile = o["profile"]?.objectValue ?? [:]
        return d
    }

    /// The campaign id of an in-app: `"%@"` of its `ti` (`CTInAppNotification inAppId:`), nil when missing or empty.
    public static func campaignId(_ inApp: JSONValue) -> String? {
        guard let ti = inApp["ti"], ti != .null else { return nil }
        let text: String
        switch ti {
        case .string(let s): text = s
        case .integer(let i): text = String(i)
        case .double(let d): text = d.rounded() == d && abs(d) < 1e15 ? String(Int64(d)) : "\(d)"
        case .bool(let b): text = b ? "1" : "0"
        default: return nil
        }
        return text.isEmpty ? nil : text
    }

    /// The trigger count of `id` (`CTInAppTriggerManager getTriggers:`).
    public func triggerCount(_ id: String) -> Int { triggers[id] ?? 0 }
    /// Adds one to the trigger count of `id`.
    public func incrementTrigger(_ id: String) {
        triggers[id, default: 0] += 1
        changed()
    }
}
