/// A day of the proleptic Gregorian calendar in UTC, computed with integer arithmetic
/// (Howard Hinnant's `civil_from_days` / `days_from_civil`): no `Calendar`, no time zone
/// database, no allocation. Systems use it for day strings and the starts of days and weeks
/// of the virtual clock, which is UTC.
public struct CivilDate: Equatable, Sendable {
    public var year: Int64
    /// 1...12
    public var month: Int64
    /// 1...31
    public var day: Int64

    public init(year: Int64, month: Int64, day: Int64) {
        self.year = year
        self.month = month
        self.day = day
    }

    /// The day holding `unixTime` (seconds since 1970-01-01T00:00:00Z; earlier times too).
    public init(unixTime: Double) {
        self.init(daysSinceEpoch: Self.days(unixTime))
    }

    /// The day `days` days after 1970-01-01.
    public init(daysSinceEpoch days: Int64) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        day = doy - (153 * mp + 2) / 5 + 1
        month = mp < 10 ? mp + 3 : mp - 9
        year = yoe + era * 400 + (month <= 2 ? 1 : 0)
    }

    /// Days from 1970-01-01 to this day (negative before it).
    public var daysSinceEpoch: Int64 {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = month > 2 ? month - 3 : month + 9
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    /// 1 (Sunday) ... 7 (Saturday), as `Calendar`'s `weekday`.
    public var weekday: Int64 {
        let d = daysSinceEpoch
        // 1970-01-01 was a Thursday (5).
        return ((d % 7 + 7) % 7 + 4) % 7 + 1
    }

    /// The whole days since the epoch of a Unix time (rounded down).
    public static func days(_ unixTime: Double) -> Int64 {
        Int64((unixTime / 86_400).rounded(.down))
    }

    /// `year`, `month` and `day` zero-padded (4, 2, 2 digits; a `-` before a negative year),
    /// joined by `separator`: `20231114`, `2023-11-14`.
    public func formatted(separator: String = "") -> String {
        func pad(_ n: Int64, _ width: Int) -> String {
            let digits = String(n.magnitude)
            return (n < 0 ? "-" : "") + String(repeating: "0", count: Swift.max(0, width - digits.count)) + digits
        }
        return pad(year, 4) + separator + pad(month, 2) + separator + pad(day, 2)
    }
}
