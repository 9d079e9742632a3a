import Testing

@testable import Benchmarking

/// The server side of the command-to-frame latency and the frames' wait to be written, read from
/// two `GET /api/stats` answers at the ends of the measured window.
@Suite("the server-side command-to-frame row and the frames' wait to be written")
struct OpLatencyRowTests {
    @Test("percentiles are the upper edges of the buckets where their share is reached")
    func percentiles() {
        // 50 samples under 1 ms, 40 at 7 ms, 9 at 16 ms, 1 at 30 ms.
        var counts = [Int](repeating: 0, count: 31)
        counts[0] = 50
        counts[7] = 40
        counts[16] = 9
        counts[30] = 1
        let buckets = MillisecondBuckets(counts: counts)
        #expect(buckets.count == 100)
        #expect(buckets.percentile(0.5) == 1)
        #expect(buckets.percentile(0.51) == 8)
        #expect(buckets.percentile(0.9) == 8)
        #expect(buckets.percentile(0.99) == 17)
        #expect(buckets.percentile(1.0) == 31)
        #expect(MillisecondBuckets().percentile(0.5) == nil)
    }

    @Test("two readings subtract bucket by bucket, either one possibly longer")
    func window() {
        let start = ServerStats(
            opToFrame: MillisecondBuckets(counts: [5, 3]), latestWait: MillisecondBuckets(counts: [7]))
        let end = ServerStats(
            opToFrame: MillisecondBuckets(counts: [9, 3, 0, 2]), latestWait: MillisecondBuckets(counts: [10, 1]))
        #expect(end.since(start).opToFrame.counts == [4, 0, 0, 2])
        #expect(end.since(start).latestWait.counts == [3, 1])
        #expect(start.opToFrame.since(end.opToFrame).counts == [-4, 0, 0, -2])
    }

    @Test("the row gives the median and p99 over the window's ops, then the frames' wait; none without ops")
    func row() throws {
        var counts = [Int](repeating: 0, count: 20)
        counts[6] = 60
        counts[17] = 40
        var stats = ServerStats(opToFrame: MillisecondBuckets(counts: counts))
        let row = try #require(ServerBenchmark.opLatencyRow(stats))
        #expect(
            row.measured
                == "under 7.0 ms median, under 18.0 ms p99 (100 ops): op read to its frame handed to the transport")
        #expect(row.passed == nil)
        stats.latestWait = MillisecondBuckets(counts: [900, 90, 0, 10])
        let both = try #require(ServerBenchmark.opLatencyRow(stats))
        #expect(
            both.measured
                == "under 7.0 ms median, under 18.0 ms p99 (100 ops): op read to its frame handed to the transport; then under 1.0 ms median, under 2.0 ms p99 (1000 frames) to be written"
        )
        #expect(ServerBenchmark.opLatencyRow(ServerStats()) == nil)
    }
}
