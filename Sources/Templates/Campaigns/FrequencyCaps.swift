import JSON

/// Frequency caps at display (SDK `CTInAppFCManager`): `frequencyLimits` again, then, unless
/// the in-app excludes itself (`excludeGlobalFCaps`, else `efc`), the per-campaign session
/// cap `mdc`, the global session cap `imc`, the lifetime cap `tlc`, the global daily cap
/// `imp` and the per-campaign daily cap `tdc`.
public final class FrequencyCaps {
    let data: CampaignData
    let impressions: ImpressionManager
    let now: () -> Double

    public init(data: CampaignData, impressions: ImpressionManager, now: @escaping () -> Double) {
        self.data = data
        self.impressions = impressions
        self.now = now
    }

    /// The global session cap (`imc`; 1 before any response).
    public var perSessionMax: Int { data.perSessionMax ?? 1 }
    /// The global daily cap (`imp`; 1 before any response).
    public var perDayMax: Int { data.perDayMax ?? 1 }

    /// The cap that rejects `inApp`, or nil when it can show (`canShow:`).
    public func rejection(_ inApp: JSONValue) -> String? {
        guard CampaignData.campaignId(inApp) != nil else { return nil }
        if hasFrequencyLimitsMaxedOut(inApp) { return "frequencyLimits" }
        if Self.excludesCaps(inApp) { return nil }
        return sessionCapacityRejection(inApp) ?? (hasLifetimeCapacityMaxedOut(inApp) ? "tlc" : nil)
            ?? dailyCapacityRejection(inApp)
    }

    /// `canShow:`.
    public func canShow(_ inApp: JSONValue) -> Bool { rejection(inApp) == nil }

    /// `frequencyLimits` checked again at display (impressions only can have changed).
    public func hasFrequencyLimitsMaxedOut(_ inApp: JSONValue) -> Bool {
        guard let id = CampaignData.campaignId(inApp), let limits = inApp["frequencyLimits"] else { return false }
        let matcher = LimitsMatcher(impressions: impressions, triggerCount: data.triggerCount)
        return !matcher.matches(limits.arrayValue ?? [], campaign: id)
    }

    /// The per-campaign session cap (`mdc`, or `w.mdc` of a legacy in-app; default 1000),
    /// counted only once the campaign showed this session.
    public static func maxPerSession(_ inApp: JSONValue) -> Int {
        let value = inApp["w"]?.objectValue != nil ? inApp["w"]?["mdc"] : inApp["mdc"]
        return value.map(intValue) ?? -1
    }

    /// `mdc` then the global `imc`.
    func sessionCapacityRejection(_ inApp: JSONValue) -> String? {
        guard let id = CampaignData.campaignId(inApp) else { return nil }
        let mdc = Self.maxPerSession(inApp)
        let perSession = impressions.perSession(id)
        if perSession > 0, perSession >= (mdc >= 0 ? mdc : 1000) { return "mdc" }
        if impressions.sessionTotal >= perSessionMax { return "imc" }
        return nil
    }

    public func hasSessionCapacityMaxedOut(_ inApp: JSONValue) -> Bool { sessionCapacityRejection(inApp) != nil }

    /// `tlc`: the lifetime count of the campaign (-1 or absent: none).
    public func hasLifetimeCapacityMaxedOut(_ inApp: JSONValue) -> Bool {
        guard let id = CampaignData.campaignId(inApp), let tlc = inApp["tlc"].map(Self.intValue), tlc != -1 else { return false }
        return (data.counts[id]?[safe: 1] ?? 0) >= tlc
    }

    /// The global `imp`, then the campaign's `tdc`.
    func dailyCapacityRejection(_ inApp: JSONValue) -> String? {
        guard let id = CampaignData.campaignId(inApp) else { return nil }
        if data.shownToday >= perDayMax { return "imp" }
        if let tdc = inApp["tdc"].map(Self.intValue), tdc != -1, (data.counts[id]?[safe: 0] ?? 0) >= tdc { return "tdc" }
        return nil
    }

    public func hasDailyCapacityMaxedOut(_ inApp: JSONValue) -> Bool { dailyCapacityRejection(inApp) != nil }

    /// What the SDK attaches to the next request's header: shown today (`imp`) and
    /// `tlc: [[id, today, lifetime]...]` (ids sorted here; the SDK's order is a dictionary's).
    public var batchHeader: JSONObject {
        var tlc: [JSONValue] = []
        for id in data.counts.keys.sorted() {
            guard let c = data.counts[id], c.count == 2 else { continue }
            tlc.append([.string(id), .integer(Int64(c[0])), .integer(Int64(c[1]))])
        }
        return ["imp": .integer(Int64(data.shownToday)), "af.LIAMC": .integer(Int64(data.localInAppCount)), "tlc": .array(tlc)]
    }

    /// True when `inApp` excludes itself from the global caps.
    static func excludesCaps(_ inApp: JSONValue) -> Bool {
        if let flag = inApp["excludeGlobalFCaps"] { return boolValue(flag) }
        return inApp["efc"].map(boolValue) ?? false
    }

    /// Records a display (`didShow:`): impression, session total, shown today, today and lifetime counts.
    public func didShow(_ inApp: JSONValue) {
        guard let id = CampaignData.campaignId(inApp) else { return }
        recordImpression(id)
    }

    /// `recordImpression:`: impression, shown today, today and lifetime counts of `id`.
    public func recordImpression(_ id: String) {
        impressions.record(id)
        data.shownToday += 1
        var counts = data.counts[id] ?? [0, 0]
        if counts.count != 2 { counts = [0, 0] }
        data.counts[id] = [counts[0] + 1, counts[1] + 1]
        data.changed()
    }

    /// Saves the global caps of a response (`imc`, `imp`; absent ⇒ 10).
    public func updateGlobalLimits(perSession: Int, perDay: Int) {
        data.perSessionMax = perSession
        data.perDayMax = perDay
        data.changed()
    }

    /// Resets the daily counters when the date changed since the last reset (`checkUpdateDailyLimits`).
    public func checkUpdateDailyLimits() {
        let today = CampaignCalendar.dayString(now())
        guard data.lastDate != today else { return }
        resetDailyCounters(today)
    }

    /// `resetDailyCounters:`: shown today 0, every campaign's today count 0 (lifetime kept).
    public func resetDailyCounters(_ today: String) {
        data.lastDate = today
        data.shownToday = 0
        for (id, counts) in data.counts {
            data.counts[id] = counts.count == 2 ? [0, counts[1]] : nil
        }
        data.changed()
    }

    /// Forgets counts, impressions and trigger counts of stale campaigns (`removeStaleInAppCounts:`).
    public func removeStale(_ ids: [JSONValue]) {
        for value in ids {
            guard let id = CampaignData.campaignId(.object(["ti": value])) else { continue }
            data.counts[id] = nil
            impressions.remove(id)
            data.triggers[id] = nil
        }
        data.changed()
    }

    /// `NSNumber`/`NSString` `boolValue`.
    static func boolValue(_ value: JSONValue) -> Bool {
        switch value {
        case .bool(let b): return b
        case .integer(let i): return i != 0
        case .double(let d): return d != 0
        case .string(let s):
            let t = s.trimmingCharacters(in: .whitespaces)
            guard let c = t.first else { return false }
            if "YyTt".contains(c) { return true }
            return Int(t.prefix { $0.isNumber }).map { $0 != 0 } ?? false
        default: return false
        }
    }

    /// `intValue` of a JSON value (truncated numbers, numeric strings), else 0.
    static func intValue(_ value: JSONValue) -> Int { LimitsMatcher.integer(value) }
}

extension Array {
    subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}
