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
        guard let id = CampaignData.campaignId(inApp) else { return nil }
        if let limits = inApp["frequencyLimits"] {
            let matcher = LimitsMatcher(impressions: impressions, triggerCount: data.triggerCount)
            if !matcher.matches(limits.arrayValue ?? [], campaign: id) { return "frequencyLimits" }
        }
        if Self.excludesCaps(inApp) { return nil }
        let mdc = inApp["mdc"].map(Self.intValue) ?? -1
        let perSession = impressions.perSession(id)
        if perSession > 0, perSession >= (mdc >= 0 ? mdc : 1000) { return "mdc" }
        if impressions.sessionTotal >= perSessionMax { return "imc" }
        if let tlc = inApp["tlc"].map(Self.intValue), tlc != -1, (data.counts[id]?[safe: 1] ?? 0) >= tlc { return "tlc" }
        if data.shownToday >= perDayMax { return "imp" }
        if let tdc = inApp["tdc"].map(Self.intValue), tdc != -1, (data.counts[id]?[safe: 0] ?? 0) >= tdc { return "tdc" }
        return nil
    }

    /// True when `inApp` excludes itself from the global caps.
    static func excludesCaps(_ inApp: JSONValue) -> Bool {
        if let flag = inApp["excludeGlobalFCaps"] { return boolValue(flag) }
        return inApp["efc"].map(boolValue) ?? false
    }

    /// Records a display (`didShow:`): impression, session total, shown today, today and lifetime counts.
    public func didShow(_ inApp: JSONValue) {
        guard let id = CampaignData.campaignId(inApp) else { return }
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
