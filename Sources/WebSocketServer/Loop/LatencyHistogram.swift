/// Latencies in whole-millisecond buckets, so that two readings subtract into the histogram of
/// the time between them: how long latest values waited in their slot before they were
/// written (``ServerLoop/latestWait``), and any latency a handler keeps of its own. Kept on one
/// thread (the service thread).
public struct LatencyHistogram: Sendable, Equatable {
    /// Buckets of one millisecond from 0 to 100 ms; the last one counts everything from 100 ms on.
    public static let bucketCount = 101

    /// Samples per bucket: `buckets[i]` counts latencies of at least `i` and under `i + 1` ms.
    public private(set) var buckets = [Int](repeating: 0, count: bucketCount)
    /// An empty histogram.
    public init() {}

    /// Samples recorded.
    public private(set) var count = 0
    /// The sum of every sample, in microseconds.
    public private(set) var totalMicroseconds: Int64 = 0
    /// The longest sample, in microseconds.
    public private(set) var maxMicroseconds: Int64 = 0

    /// Records one latency (negative values, from a clock read out of order, count as zero).
    public mutating func record(microseconds: Int64) {
        let value = max(0, microseconds)
        buckets[min(Int(value / 1_000), Self.bucketCount - 1)] += 1
        count += 1
        totalMicroseconds += value
        maxMicroseconds = max(maxMicroseconds, value)
    }

    /// ``buckets`` without its trailing empty buckets (what `GET /api/stats` lists).
    public var trimmedBuckets: ArraySlice<Int> {
        let last = buckets.lastIndex { $0 > 0 } ?? -1
        return buckets[..<(last + 1)]
    }
}
