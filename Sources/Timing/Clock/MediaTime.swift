/// Media time helpers. ProgressCast keeps media time in seconds as `Double`, but every time at
/// which a command is applied is first quantised to whole microseconds, so a live session and
/// its replay (which reads integer microseconds from the recording) see bit-identical times.
public enum MediaTime {
    /// Whole microseconds nearest to `seconds` (half away from zero).
    public static func microseconds(_ seconds: Double) -> Int64 {
        guard seconds.isFinite else { return 0 }
        let scaled = (seconds * 1_000_000).rounded()
        if scaled >= 9.2e18 { return Int64.max }
        if scaled <= -9.2e18 { return Int64.min }
        return Int64(scaled)
    }

    /// Seconds for a whole number of microseconds.
    public static func seconds(microseconds: Int64) -> Double {
        Double(microseconds) / 1_000_000
    }

    /// `seconds` rounded to whole microseconds.
    public static func quantise(_ seconds: Double) -> Double {
        Self.seconds(microseconds: microseconds(seconds))
    }
}
