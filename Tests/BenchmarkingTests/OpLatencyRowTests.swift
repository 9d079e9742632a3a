import Testing

@testable import Benchmarking

/// The server side of the command-to-frame latency, read from two `GET /api/stats` answers at
/// the ends of the measured window.
@Suite("the server-side command-to-frame row")
struct OpLatencyRowTests {
    @Test("percentiles are the upper edges of the buckets where their share is reached")
    func percentiles() {
        // 50 samples under 1 ms, 40 at 7 ms, 9 at 16 ms, 1 at 30 ms.
        var buckets = [Int](repeating: 0, count: 31)
        buckets[0] = 50
        buckets[7] = 40
        buckets[16] = 9
        buckets[30] = 1
        let stats = ServerStats(opToFrameBuckets: buckets)
        #expect(stats.opToFrameCount == 100)
        #expect(stats.opToFramePercentile(0.5) == 1)
        #expect(stats.opToFramePercentile(0.51) == 8)
        #expect(stats.opToFramePercentile(0.9) == 8)
        #expect(stats.opToFramePercentile(0.99) == 17)
        #expect(stats.opToFramePercentile(1.0) == 31)
        #expect(ServerStats().opToFramePercentile(0.5) == nil)
    }

    @Test("two readings subtract bucket by bucket, the later one possibly longer")
    func window() {
        let start = ServerStats(opToFrameBuckets: [5, 3])
        let end = ServerStats(opToFrameBuckets: [9, 3, 0, 2])
        #expect(end.since(start).opToFrameBuckets == [4, 0, 0, 2])
    }

    @Test("the row gives the median and p99 over the window's ops, none without samples")
    func row() throws {
        var buckets = [Int](repeating: 0, count: 20)
        buckets[6] = 60
        buckets[17] = 40
        let row = try #require(ServerBenchmark.opLatencyRow(ServerStats(opToFrameBuckets: buckets)))
        #expect(
            row.measured
                == "under 7.0 ms median, under 18.0 ms p99 (100 ops): op read to its frame handed to the transport")
        #expect(row.passed == nil)
        #expect(ServerBenchmark.opLatencyRow(ServerStats()) == nil)
    }
}
