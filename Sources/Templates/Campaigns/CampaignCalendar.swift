import Engine

/// The calendar of campaign limits and counters: UTC, weeks starting on Sunday
/// (firstWeekday 1, as `en_US` and the SDK's unit tests). Computed with ``CivilDate``:
/// no `Calendar` (creating one costs more than the whole in-app pipeline).
public enum CampaignCalendar {
    static let secondsPerDay: Int64 = 86_400

    /// `yyyyMMdd` of a Unix time (daily counters, `wzrk_id` of suppressed in-apps).
    public static func dayString(_ unix: Double) -> String {
        CivilDate(unixTime: unix).formatted()
    }

    /// 00:00 of the day `days - 1` days before the day of `unix` (`CTImpressionManager perDay:`).
    public static func startOfDay(_ unix: Double, daysBack days: Int) -> Int64 {
        (CivilDate.days(unix) - Int64(days - 1)) * secondsPerDay
    }

    /// 00:00 of the first day (Sunday) of the week `weeks - 1` weeks before the week of `unix`
    /// (`perWeek:`).
    public static func startOfWeek(_ unix: Double, weeksBack weeks: Int) -> Int64 {
        let day = CivilDate.days(unix) - 7 * Int64(weeks - 1)
        let back = CivilDate(daysSinceEpoch: day).weekday - 1
        return (day - back) * secondsPerDay
    }
}
