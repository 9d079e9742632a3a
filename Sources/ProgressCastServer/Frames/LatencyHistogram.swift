/// The server's side of the command-to-frame latency (`GET /api/stats`, `latency.opToFrame`):
/// for each op on a live session, from the moment the service thread read it to the moment the
/// first frame rendered after it was handed to the transport (docs/protocol.md section 1). A
/// load generator's figure adds the network, the write and its own reading; the difference
/// between the two is the part the server does not spend.
///
/// Whole milliseconds in buckets (so that two readings subtract into the histogram of the
/// time between them), kept on the service thread only.
struct LatencyHistogram {
    /// Buckets of one millisecond from 0 to 100 ms; the last one counts everything from 100 ms on.
    static let bucketCount = 101

    /// Samples per bucket: `buckets[i]` counts latencies of at least `i` and under `i + 1` ms.
    private(set) var buckets = [Int](repeating: 0, count: bucketCount)
    /// Samples recorded.
    private(set) var count = 0
    /// The sum of every sample, in microseconds.
    private(set) var totalMicroseconds: Int64 = 0
    /// The longest sample, in microseconds.
    private(set) var maxMicroseconds: Int64 = 0

    /// Records one latency (negative values, from a clock read out of order, count as zero).
    mutating func record(microseconds: Int64) {
        let value = max(0, microseconds)
        buckets[min(Int(value / 1_000), Self.bucketCount - 1)] += 1
        count += 1
        totalMicroseconds += value
        maxMicroseconds = max(maxMicroseconds, value)
    }

    /// ``buckets`` without its trailing empty buckets (what `GET /api/stats` lists).
    var trimmedBuckets: ArraySlice<Int> {
        let last = buckets.lastIndex { $0 > 0 } ?? -1
        return buckets[..<(last + 1)]
    }
}
