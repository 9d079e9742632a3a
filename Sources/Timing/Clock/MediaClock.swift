#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A source of media time in seconds, quantised to whole microseconds.
public protocol MediaClock: Sendable {
    /// The current media time.
    func now() -> Double
}

/// Seconds since the clock was created, read from CLOCK_MONOTONIC (Core Animation's
/// CACurrentMediaTime on Linux). Never goes backwards.
public struct LiveClock: MediaClock {
    private let originMicroseconds: Int64

    public init() {
        originMicroseconds = LiveClock.monotonicMicroseconds()
    }

    public func now() -> Double {
        MediaTime.seconds(microseconds: microseconds(atMonotonic: LiveClock.monotonicMicroseconds()))
    }

    /// The clock's time in whole microseconds when ``monotonicMicroseconds()`` read `monotonic`
    /// (what ``now()`` said then, without reading the clock again).
    public func microseconds(atMonotonic monotonic: Int64) -> Int64 {
        monotonic - originMicroseconds
    }

    /// CLOCK_MONOTONIC in whole microseconds.
    public static func monotonicMicroseconds() -> Int64 {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Int64(ts.tv_sec) * 1_000_000 + Int64(ts.tv_nsec) / 1_000
    }
}

/// A clock that moves only when told to: tests, replays and `clock: "manual"` sessions.
public struct ManualClock: MediaClock {
    private var microseconds: Int64

    public init(startingAt seconds: Double = 0) {
        microseconds = MediaTime.microseconds(seconds)
    }

    public func now() -> Double { MediaTime.seconds(microseconds: microseconds) }

    /// Moves the clock forward by `seconds` (quantised to microseconds; negative values are ignored).
    public mutating func advance(by seconds: Double) {
        let step = MediaTime.microseconds(seconds)
        if step > 0 { microseconds += step }
    }

    /// Sets the clock to an absolute time (quantised to microseconds).
    public mutating func set(to seconds: Double) {
        microseconds = MediaTime.microseconds(seconds)
    }
}
