/// A proleptic Gregorian date and time to the minute, computed with integer arithmetic
/// (Howard Hinnant's days-from-civil algorithms), no Foundation.
public struct CivilDateTime: Equatable, Hashable, Sendable {
    /// The year (proleptic Gregorian).
    public var year: Int
    /// 1...12.
    public var month: Int
    /// 1...31.
    public var day: Int
    /// 0...23.
    public var hour: Int
    /// 0...59.
    public var minute: Int

    /// A date and time from its fields.
    public init(year: Int, month: Int, day: Int, hour: Int = 0, minute: Int = 0) {
        self.year = year
        self.month = month
        self.day = day
        self.hour = hour
        self.minute = minute
    }

    /// The date and time `seconds` after 1970-01-01T00:00 (clamped to about ±100,000 years).
    public init(unixSeconds seconds: Double) {
        let bounded = seconds.isFinite ? min(max(seconds, -3e15), 3e15) : 0
        let whole = Int64(bounded.rounded(.down))
        let days = whole >= 0 ? whole / 86_400 : -((-whole + 86_399) / 86_400)
        let secondOfDay = whole - days * 86_400
        let (y, m, d) = CivilDateTime.civil(fromDays: days)
        self.init(year: y, month: m, day: d, hour: Int(secondOfDay / 3600), minute: Int(secondOfDay % 3600 / 60))
    }

    /// Days since 1970-01-01 of a civil date.
    public static func days(year: Int, month: Int, day: Int) -> Int64 {
        let y = Int64(month <= 2 ? year - 1 : year)
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let m = Int64(month)
        let doy = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + Int64(day) - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    /// The civil date of a day count since 1970-01-01.
    static func civil(fromDays days: Int64) -> (Int, Int, Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        let y = yoe + era * 400 + (m <= 2 ? 1 : 0)
        return (Int(y), Int(m), Int(d))
    }

    /// Whether `other` is the same calendar day (year, month and day all equal).
    public func isSameDay(as other: CivilDateTime) -> Bool {
        year == other.year && month == other.month && day == other.day
    }
}
