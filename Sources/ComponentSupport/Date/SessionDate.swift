/// The wall clock of a session, advancing with media time: the Unix time (seconds) at media
/// time 0 and the UTC offset (seconds) of the session's time zone. Deterministic: the date at a
/// media time is computed, never read from the system clock.
public struct SessionDate: Equatable, Hashable, Sendable {
    /// Seconds since 1970-01-01T00:00:00Z at media time 0.
    public var epochSeconds: Double
    /// Seconds east of UTC (for example 28800 for UTC+8).
    public var utcOffsetSeconds: Double

    /// A session clock; the default is 2026-01-01T00:00:00Z.
    public init(epochSeconds: Double = 1_767_225_600, utcOffsetSeconds: Double = 0) {
        self.epochSeconds = epochSeconds
        self.utcOffsetSeconds = utcOffsetSeconds
    }

    /// The local calendar date and time at media time `time`.
    public func local(at time: Double) -> CivilDateTime {
        CivilDateTime(unixSeconds: epochSeconds + time + utcOffsetSeconds)
    }
}
