import ComponentSupport

/// ISO 8601 date-times as `session.create`'s `date` takes them (docs/protocol.md section 8):
/// `YYYY-MM-DDThh:mm[:ss[.fff]]` followed by `Z` or `±hh:mm` (a space may stand for the `T`).
/// Parsed and written with the engines' integer calendar arithmetic (``CivilDateTime``), so a
/// session's wall clock never depends on the server's time zone or locale.
public enum ISO8601 {
    /// A parsed date-time: Unix seconds (UTC) and the offset it was written in.
    public struct DateTime: Equatable, Sendable {
        /// Seconds since 1970-01-01T00:00:00Z.
        public var epochSeconds: Double
        /// Seconds east of UTC of the written offset (0 for `Z`).
        public var utcOffsetSeconds: Double
    }

    /// Parses `text`, or returns nil when it is not a date-time of the accepted form, or names
    /// a day that does not exist (2026-02-30), or lies outside years 1-9999.
    public static func parse(_ text: String) -> DateTime? {
        let b = Array(text.utf8)
        var i = 0
        func digits(_ n: Int) -> Int? {
            guard i + n <= b.count else { return nil }
            var v = 0
            for k in 0..<n {
                let c = b[i + k]
                guard c >= 0x30 && c <= 0x39 else { return nil }
                v = v * 10 + Int(c - 0x30)
            }
            i += n
            return v
        }
        func expect(_ c: UInt8) -> Bool {
            guard i < b.count, b[i] == c else { return false }
            i += 1
            return true
        }
        guard let year = digits(4), expect(0x2D), let month = digits(2), expect(0x2D), let day = digits(2) else {
            return nil
        }
        guard i < b.count, b[i] == 0x54 || b[i] == 0x74 || b[i] == 0x20 else { return nil }
        i += 1
        guard let hour = digits(2), expect(0x3A), let minute = digits(2) else { return nil }
        var seconds = 0.0
        if expect(0x3A) {
            guard let s = digits(2) else { return nil }
            seconds = Double(s)
            if expect(0x2E) {
                var scale = 0.1
                var any = false
                while i < b.count, b[i] >= 0x30, b[i] <= 0x39 {
                    seconds += Double(b[i] - 0x30) * scale
                    scale /= 10
                    i += 1
                    any = true
                }
                guard any else { return nil }
            }
        }
        var offset = 0
        if expect(0x5A) || expect(0x7A) {
            offset = 0
        } else if i < b.count, b[i] == 0x2B || b[i] == 0x2D {
            let sign = b[i] == 0x2D ? -1 : 1
            i += 1
            guard let oh = digits(2) else { return nil }
            _ = expect(0x3A)
            guard let om = digits(2), oh <= 23, om <= 59 else { return nil }
            offset = sign * (oh * 3600 + om * 60)
        } else {
            return nil
        }
        guard i == b.count, (1...9999).contains(year), (1...12).contains(month),
            (1...daysIn(month, of: year)).contains(day),
            hour <= 23, minute <= 59, seconds < 61
        else { return nil }
        let local =
            Double(CivilDateTime.days(year: year, month: month, day: day)) * 86_400 + Double(hour * 3600 + minute * 60)
            + seconds
        return DateTime(epochSeconds: local - Double(offset), utcOffsetSeconds: Double(offset))
    }

    private static func daysIn(_ month: Int, of year: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// `epochSeconds` written in the offset `utcOffsetSeconds` as `YYYY-MM-DDThh:mm:ss±hh:mm`
    /// (`Z` for UTC), whole seconds: the form the recording's `session.create` line keeps.
    public static func format(epochSeconds: Double, utcOffsetSeconds: Double) -> String {
        let offset = Int(utcOffsetSeconds.rounded())
        let local = (epochSeconds + Double(offset)).rounded(.down)
        let civil = CivilDateTime(unixSeconds: local)
        let second = Int(local - (local / 60).rounded(.down) * 60)
        func two(_ v: Int) -> String { v < 10 ? "0\(v)" : "\(v)" }
        func four(_ v: Int) -> String { String(repeating: "0", count: max(0, 4 - String(v).count)) + String(v) }
        var text =
            "\(four(civil.year))-\(two(civil.month))-\(two(civil.day))T\(two(civil.hour)):\(two(civil.minute)):\(two(second))"
        if offset == 0 {
            text += "Z"
        } else {
            let a = abs(offset)
            text += (offset < 0 ? "-" : "+") + two(a / 3600) + ":" + two(a / 60 % 60)
        }
        return text
    }
}
