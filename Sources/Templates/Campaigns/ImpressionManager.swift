import JSON

/// Impressions of in-apps (SDK `CTImpressionManager`): per campaign in this session (memory)
/// and as Unix-second timestamps (persisted in ``CampaignData``), read by limits and caps.
public final class ImpressionManager {
    let data: CampaignData
    let now: () -> Double
    /// Impressions per campaign id in this session.
    public internal(set) var session: [String: Int] = [:]
    /// Impressions of every campaign in this session.
    public internal(set) var sessionTotal = 0

    public init(data: CampaignData, now: @escaping () -> Double) {
        self.data = data
        self.now = now
    }

    /// Records one impression now (ignored without an id).
    public func record(_ id: String) {
        guard !id.isEmpty else { return }
        sessionTotal += 1
        session[id, default: 0] += 1
        data.impressions[id, default: []].append(Int64(now().rounded(.down)))
        data.changed()
    }

    /// Every impression timestamp of `id`.
    public func impressions(_ id: String) -> [Int64] { data.impressions[id] ?? [] }
    /// Impressions of `id` in this session.
    public func perSession(_ id: String) -> Int { session[id] ?? 0 }
    /// Impressions in the last `seconds` seconds (from `floor(now) - seconds`).
    public func perSecond(_ id: String, seconds: Int) -> Int { count(id, since: Int64(now().rounded(.down)) - Int64(seconds)) }
    public func perMinute(_ id: String, minutes: Int) -> Int { perSecond(id, seconds: minutes * 60) }
    public func perHour(_ id: String, hours: Int) -> Int { perSecond(id, seconds: hours * 3600) }
    /// Impressions since 00:00 of the day `days - 1` days ago.
    public func perDay(_ id: String, days: Int) -> Int { count(id, since: CampaignCalendar.startOfDay(now(), daysBack: days)) }
    /// Impressions since the start of the week `weeks - 1` weeks ago.
    public func perWeek(_ id: String, weeks: Int) -> Int { count(id, since: CampaignCalendar.startOfWeek(now(), weeksBack: weeks)) }

    /// The trailing impressions not older than `start` (the SDK walks back from the newest).
    func count(_ id: String, since start: Int64) -> Int {
        var n = 0
        for t in impressions(id).reversed() {
            if start > t { break }
            n += 1
        }
        return n
    }

    /// A new session: session counts back to 0.
    public func resetSession() {
        session = [:]
        sessionTotal = 0
    }

    /// Forgets every impression of `id` (stale campaigns).
    public func remove(_ id: String) {
        data.impressions[id] = nil
        data.changed()
    }
}
