import Foundation

/// The calendar of campaign limits and counters: UTC, weeks starting on Sunday
/// (firstWeekday 1, as `en_US` and the SDK's unit tests).
public enum CampaignCalendar {
    static var calendar: Calendar {
        var c = Calendar(identifier: .gregorian)
        c.timeZone = TimeZone(identifier: "UTC")!
        c.firstWeekday = 1
        return c
    }

    /// `yyyyMMdd` of a Unix time (daily counters, `wzrk_id` of suppressed in-apps).
    public static func dayString(_ unix: Double) -> String {
        let c = calendar.dateComponents([.year, .month, .day], from: Date(timeIntervalSince1970: unix))
        return String(format: "%04d%02d%02d", c.year ?? 0, c.month ?? 0, c.day ?? 0)
    }

    /// 00:00 of the day `days - 1` days before the day of `unix` (`CTImpressionManager perDay:`).
    public static func startOfDay(_ unix: Double, daysBack days: Int) -> Int64 {
        let cal = calendar
        var c = cal.dateComponents([.year, .month, .day], from: Date(timeIntervalSince1970: unix))
        c.hour = 0
        c.minute = 0
        c.second = 0
        c.day = (c.day ?? 1) - (days - 1)
        return Int64(cal.date(from: c)?.timeIntervalSince1970 ?? unix)
    }

    /// 00:00 of the first day of the week `weeks - 1` weeks before the week of `unix` (`perWeek:`).
    public static func startOfWeek(_ unix: Double, weeksBack weeks: Int) -> Int64 {
        let cal = calendar
        let date = Date(timeIntervalSince1970: unix)
        let shifted = cal.date(byAdding: .weekOfYear, value: -(weeks - 1), to: date) ?? date
        var c = cal.dateComponents([.year, .month, .day, .weekday], from: shifted)
        let back = ((c.weekday ?? 1) - cal.firstWeekday + 7) % 7
        c.day = (c.day ?? 1) - back
        c.weekday = nil
        return Int64(cal.date(from: DateComponents(year: c.year, month: c.month, day: c.day))?.timeIntervalSince1970 ?? unix)
    }
}
