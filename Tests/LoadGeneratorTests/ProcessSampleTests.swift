import Testing

@testable import LoadGenerator

#if canImport(Glibc)
    import Glibc
#endif

/// The server's CPU as `bench` reports it: in all, the kernel's part, and per thread.
@Suite("process and thread CPU samples read from /proc")
struct ProcessSampleTests {
    @Test("a stat line's name may hold spaces and parentheses; utime and stime are fields 14 and 15")
    func statLine() throws {
        let text =
            "4242 (pc (render) 0) S 1 4242 4242 0 -1 4194624 100 0 0 0 250 75 0 0 20 0 3 0 12345 1000000 500 18446744073709551615\n"
        let line = try #require(StatLine(text, ticksPerSecond: 100))
        #expect(line.name == "pc (render) 0")
        #expect(line.userSeconds == 2.5)
        #expect(line.systemSeconds == 0.75)
        #expect(StatLine("4242 pc S 1", ticksPerSecond: 100) == nil)
        #expect(StatLine("4242 (pc) S 1 2 3", ticksPerSecond: 100) == nil)
        #expect(StatLine("", ticksPerSecond: 100) == nil)
    }

    @Test("thread shares are matched by id, split into user and kernel, busiest first")
    func shares() {
        let earlier = ProcessSample(
            userSeconds: 1, systemSeconds: 1, residentBytes: 0, peakResidentBytes: 0, wallSeconds: 10,
            threads: [
                ThreadSample(id: 1, name: "main", userSeconds: 1, systemSeconds: 0),
                ThreadSample(id: 2, name: "pc-service", userSeconds: 3, systemSeconds: 5),
                ThreadSample(id: 3, name: "pc-render-0", userSeconds: 2, systemSeconds: 0),
            ])
        let later = ProcessSample(
            userSeconds: 4, systemSeconds: 4, residentBytes: 0, peakResidentBytes: 0, wallSeconds: 12,
            threads: [
                ThreadSample(id: 1, name: "main", userSeconds: 1, systemSeconds: 0),
                ThreadSample(id: 2, name: "pc-service", userSeconds: 4, systemSeconds: 7),
                ThreadSample(id: 3, name: "pc-render-0", userSeconds: 3.5, systemSeconds: 0.1),
                // Started after the first sample: counted from zero.
                ThreadSample(id: 4, name: "pc-render-1", userSeconds: 0.2, systemSeconds: 0),
            ])
        let shares = later.threadShares(since: earlier)
        #expect(shares.map(\.name) == ["pc-service", "pc-render-0", "pc-render-1"])
        #expect(abs(shares[0].user - 0.5) < 1e-9 && abs(shares[0].system - 1.0) < 1e-9)
        #expect(abs(shares[1].user - 0.75) < 1e-9 && abs(shares[1].system - 0.05) < 1e-9)
        #expect(abs(shares[2].user - 0.1) < 1e-9)
        #expect(later.cpuSeconds == 8)
        #expect(later.coreShare(since: earlier) == 3)
        #expect(earlier.threadShares(since: later).isEmpty, "no shares over a window that runs backwards")
    }

    @Test("this process's sample lists its threads, and CPU spent on this thread shows in its share")
    func thisProcess() throws {
        let before = try #require(ProcessSample.read(pid: nil))
        #expect(before.threads.contains { $0.id == getpid() }, "the main thread is listed")
        var x = 0.0
        let start = MonotonicClock.seconds()
        while MonotonicClock.seconds() - start < 0.15 { x += (x * 1.0000001).squareRoot() + 1 }
        let after = try #require(ProcessSample.read(pid: nil))
        #expect(x > 0)
        let shares = after.threadShares(since: before)
        #expect(!shares.isEmpty)
        #expect(
            shares.reduce(0) { $0 + $1.user } > 0.2, "about 0.15 s of one thread's CPU over a window of about 0.15 s")
        #expect(after.userSeconds > before.userSeconds)
        #expect(ProcessSample.read(pid: Int32.max) == nil)
    }
}
