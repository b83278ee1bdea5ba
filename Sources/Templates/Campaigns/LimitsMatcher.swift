import JSON

/// Matches an in-app's `frequencyLimits` + `occurrenceLimits` (SDK `CTLimitsMatcher`, `CTLimitAdapter`).
///
/// Limits are AND-ed; `{}` is skipped; an unknown or missing type is `ever`; missing
/// numbers are 0. A campaign without an id never matches.
public struct LimitsMatcher {
    let impressions: ImpressionManager
    let triggerCount: (String) -> Int

    public init(impressions: ImpressionManager, triggerCount: @escaping (String) -> Int) {
        self.impressions = impressions
        self.triggerCount = triggerCount
    }

    /// True when every limit of `limits` passes for campaign `id`.
    public func matches(_ limits: [JSONValue], campaign id: String) -> Bool {
        guard !id.isEmpty else { return false }
        for limit in limits {
            guard case .object(let object) = limit else { continue }
            if object.isEmpty { continue }
            if !matches(object, campaign: id) { return false }
        }
        return true
    }

    /// `matches(first + second, campaign:)` without building the concatenation.
    public func matches(_ first: [JSONValue], then second: [JSONValue], campaign id: String) -> Bool {
        matches(first, campaign: id) && (second.isEmpty || matches(second, campaign: id))
    }

    func matches(_ limit: JSONObject, campaign id: String) -> Bool {
        let adapter = LimitAdapter(limit)
        let count = adapter.limit
        let frequency = adapter.frequency
        switch adapter.type {
        case .session: return impressions.perSession(id) < count
        case .seconds: return impressions.perSecond(id, seconds: frequency) < count
        case .minutes: return impressions.perMinute(id, minutes: frequency) < count
        case .hours: return impressions.perHour(id, hours: frequency) < count
        case .days: return impressions.perDay(id, days: frequency) < count
        case .weeks: return impressions.perWeek(id, weeks: frequency) < count
        case .onEvery:
            // `x % 0` on arm64 (the SDK's devices) is x: passes only for a count of 0.
            let triggers = triggerCount(id)
            return count == 0 ? triggers == 0 : triggers % count == 0
        case .onExactly: return triggerCount(id) == count
        case .ever: return impressions.impressions(id).count < count
        }
    }

    /// `integerValue` of a JSON number (truncated), or of a numeric string; else 0. Server data:
    /// clamped to ±2^40 (35,000 years of seconds), so every limit's arithmetic (a frequency in
    /// weeks times seconds per week) stays far from overflow whatever the number.
    static func integer(_ value: JSONValue?) -> Int {
        switch value {
        case .integer(let i)?: return Int(clamping: min(max(i, -bound), bound))
        case .double(let d)?: return clamped(d)
        case .bool(let b)?: return b ? 1 : 0
        case .string(let s)?: return clamped(TriggerEvaluator.parseNumber(s) ?? 0)
        default: return 0
        }
    }

    /// The bound of `integer(_:)`.
    static let bound: Int64 = 1 << 40

    /// `d` truncated and clamped to ±`bound` (NaN: 0).
    static func clamped(_ d: Double) -> Int {
        guard !d.isNaN else { return 0 }
        return Int(min(max(d, -Double(bound)), Double(bound)).rounded(.towardZero))
    }
}

/// One limit as the SDK reads it (`CTLimitAdapter`): an unknown or missing type is `ever`,
/// missing numbers are 0, `{}` is empty (skipped).
public struct LimitAdapter: Sendable {
    public enum LimitType: String, Sendable {
        case ever, session, seconds, minutes, hours, days, weeks, onEvery, onExactly
    }

    public let type: LimitType
    public let limit: Int
    public let frequency: Int
    public let isEmpty: Bool

    public init(_ json: JSONObject) {
        type = json["type"]?.stringValue.flatMap(LimitType.init(rawValue:)) ?? .ever
        limit = LimitsMatcher.integer(json["limit"])
        frequency = LimitsMatcher.integer(json["frequency"])
        isEmpty = json.isEmpty
    }
}
