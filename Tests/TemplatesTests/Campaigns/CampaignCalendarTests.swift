import Foundation
import Testing
@testable import Templates

/// The campaign calendar (computed) against the same rules written with Foundation's calendar.
struct CampaignCalendarTests {
    static var calendar: Calendar {
        var c = Calendar(identifier: .gregorian)
        c.timeZone = TimeZone(identifier: "UTC")!
        c.firstWeekday = 1
        return c
    }

    static func startOfDay(_ unix: Double, daysBack days: Int) -> Int64 {
        var c = calendar.dateComponents([.year, .month, .day], from: Date(timeIntervalSince1970: unix))
        c.day = (c.day ?? 1) - (days - 1)
        return Int64(calendar.date(from: c)!.timeIntervalSince1970)
    }

    static func startOfWeek(_ unix: Double, weeksBack weeks: Int) -> Int64 {
        let cal = calendar
        let shifted = cal.date(byAdding: .weekOfYear, value: -(weeks - 1), to: Date(timeIntervalSince1970: unix))!
        var c = cal.dateComponents([.year, .month, .day, .weekday], from: shifted)
        c.day = c.day! - (c.weekday! - cal.firstWeekday + 7) % 7
        return Int64(cal.date(from: DateComponents(year: c.year, month: c.month, day: c.day))!.timeIntervalSince1970)
    }

    @Test func startsOfDaysAndWeeksAsFoundationComputesThem() {
        var unix = 1_600_000_000.0
        while unix < 1_800_000_000 {
            for n in [1, 2, 3, 7, 10] {
                #expect(CampaignCalendar.startOfDay(unix, daysBack: n) == Self.startOfDay(unix, daysBack: n), "\(unix) \(n)")
                #expect(CampaignCalendar.startOfWeek(unix, weeksBack: n) == Self.startOfWeek(unix, weeksBack: n), "\(unix) \(n)")
            }
            unix += 86_400 * 3 + 7_777
        }
        #expect(CampaignCalendar.dayString(1_700_000_000) == "20231114")
        // 2023-11-14 was a Tuesday: its week started on Sunday the 12th.
        #expect(CampaignCalendar.startOfWeek(1_700_000_000, weeksBack: 1) == 1_699_747_200)
    }
}
