import Engine
import Foundation
import Testing

/// ``CivilDate`` against Foundation's Gregorian calendar in UTC, which it replaces.
struct CivilDateTests {
    static func foundation(_ unix: Double) -> (DateComponents, Calendar) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let c = calendar.dateComponents([.year, .month, .day, .weekday], from: Date(timeIntervalSince1970: unix))
        return (c, calendar)
    }

    @Test func knownDays() {
        #expect(CivilDate(unixTime: 0) == CivilDate(year: 1970, month: 1, day: 1))
        #expect(CivilDate(unixTime: 1_700_000_000).formatted() == "20231114")
        #expect(CivilDate(unixTime: 1_700_000_000).formatted(separator: "-") == "2023-11-14")
        #expect(CivilDate(unixTime: -1).formatted(separator: "-") == "1969-12-31")
        #expect(CivilDate(year: 2024, month: 2, day: 29).daysSinceEpoch == 19_782)
        #expect(CivilDate(unixTime: 951_782_400).formatted() == "20000229") // a leap day of a century year
        #expect(CivilDate(unixTime: 0).weekday == 5) // Thursday
        #expect(CivilDate(year: -1, month: 3, day: 1).formatted() == "-0001" + "0301")
    }

    @Test func agreesWithFoundationEverywhere() {
        // Every day from 1900 to 2100 (leap years, centuries), at noon and one second before midnight,
        // and a pseudo-random sample of 1600-3800.
        var unix: Double = -2_208_988_800
        while unix < 4_102_444_800 {
            for t in [unix + 43_200, unix + 86_399] {
                let (c, _) = Self.foundation(t)
                let d = CivilDate(unixTime: t)
                #expect(d.year == Int64(c.year!) && d.month == Int64(c.month!) && d.day == Int64(c.day!), "\(t)")
                #expect(d.weekday == Int64(c.weekday!), "\(t)")
                #expect(CivilDate(daysSinceEpoch: d.daysSinceEpoch) == d)
            }
            unix += 86_400 * 7 + 3_600
        }
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        for _ in 0..<2_000 {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            // 1600 to 3800 (Foundation's Gregorian calendar is Julian before October 1582).
            let t = -11_676_096_000 + Double((seed >> 1) % 69_000_000_000)
            let (c, _) = Self.foundation(t)
            let d = CivilDate(unixTime: t)
            #expect(d.month == Int64(c.month!) && d.day == Int64(c.day!) && d.weekday == Int64(c.weekday!), "\(t)")
        }
    }
}
