import Testing
import WebSocketServer

/// The latency histograms `GET /api/stats` reports (`latency`).
@Suite("latency histograms count whole milliseconds")
struct LatencyHistogramTests {
    @Test("a sample goes to the bucket of its whole milliseconds; 100 ms and over share the last")
    func buckets() {
        var histogram = LatencyHistogram()
        #expect(histogram.trimmedBuckets.isEmpty)
        for microseconds: Int64 in [0, 999, 1_000, 16_700, 99_999, 100_000, 5_000_000, -20] {
            histogram.record(microseconds: microseconds)
        }
        #expect(histogram.count == 8)
        #expect(histogram.buckets.count == LatencyHistogram.bucketCount)
        #expect(histogram.buckets[0] == 3, "0, 999 and a negative reading (as 0)")
        #expect(histogram.buckets[1] == 1)
        #expect(histogram.buckets[16] == 1)
        #expect(histogram.buckets[99] == 1)
        #expect(histogram.buckets[100] == 2)
        #expect(histogram.buckets.reduce(0, +) == histogram.count)
        #expect(histogram.maxMicroseconds == 5_000_000)
        #expect(histogram.totalMicroseconds == 999 + 1_000 + 16_700 + 99_999 + 100_000 + 5_000_000)
        #expect(histogram.trimmedBuckets.count == 101)
    }

    @Test("the listed buckets end at the last one with samples")
    func trimmed() {
        var histogram = LatencyHistogram()
        histogram.record(microseconds: 2_500)
        histogram.record(microseconds: 7_000)
        #expect(Array(histogram.trimmedBuckets) == [0, 0, 1, 0, 0, 0, 0, 1])
    }
}
