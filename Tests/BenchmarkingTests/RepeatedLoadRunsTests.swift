import LoadGenerator
import Testing

@testable import Benchmarking

/// `bench --repeat N`: the server and baseline parts' rounds summed up, one row per target with
/// the spread over the rounds and how many met it.
@Suite("repeated server and baseline runs are summed up per target")
struct RepeatedLoadRunsTests {
    /// A server run of 1,000 ready sessions over 10 s: `fps` delivered, the two p99s, and `us`
    /// of server CPU per frame (600,000 frames).
    private func run(
        fps: Double = 60, interval: Double = 18, latency: Double = 17, us: Double, kernelUS: Double? = nil
    ) -> LoadReport {
        var report = LoadReport()
        report.connectionsReady = 1000
        report.fpsMean = fps
        report.intervalP99 = interval
        report.latencyP99 = latency
        report.latencySamples = 8000
        report.windowSeconds = 10
        report.frames = 600_000
        report.serverCPU = us * 600_000 / 10 / 1_000_000
        report.serverSystemCPU = kernelUS.map { $0 * 600_000 / 10 / 1_000_000 }
        return report
    }

    private func summary(server: Bool = true, baseline: Bool = true) -> RepeatedLoadRuns {
        RepeatedLoadRuns(
            sessions: 1000, scenes: "demo/scroll/navigation", rounds: 3, server: server, baseline: baseline)
    }

    private func row(_ rows: [BenchRow], _ text: String) throws -> BenchRow {
        try #require(rows.first { $0.figure.contains(text) })
    }

    @Test("every round meeting a target passes it, with the spread and the median")
    func allRoundsMeet() throws {
        var runs = summary()
        for (server, bare) in [(12.0, 6.0), (11.0, 6.0), (10.8, 6.0)] {
            runs.addServerRun(run(us: server), encoding: .json)
            runs.addBaselineRun(run(us: bare), encoding: .json)
        }
        let rows = runs.rows()
        let fps = try row(rows, "delivered fps")
        #expect(fps.figure.hasPrefix("server, JSON frames, 3 rounds: 1000 live sessions (demo/scroll/navigation)"))
        #expect(fps.target == ">= 57 mean, every round")
        #expect(fps.measured == "60.0-60.0 fps (median 60.0 fps); 3 of 3 rounds meet it")
        #expect(fps.passed == true)
        let ratio = try row(rows, "CPU per frame / baseline CPU per frame")
        #expect(ratio.target == "<= 2.0x, every round")
        #expect(ratio.measured == "1.80-2.00x (median 1.83x); 3 of 3 rounds at or under 2.0x")
        #expect(ratio.passed == true)
        #expect(try row(rows, "  server CPU per frame").measured == "10.8-12.0 us (median 11.0 us)")
        let bare = try row(rows, "baseline, JSON frames")
        #expect(bare.measured == "6.0-6.0 us (median 6.0 us) (3 of 3 rounds ran)")
        // What the baseline's clients sent is part of what was measured (the default: nothing).
        #expect(bare.figure.contains("(clients send: silent)"))
        let rounds = try row(rows, "each round")
        #expect(rounds.measured.hasPrefix("1: 60.0 fps, 18.0/17.0 ms, 12.0 us = 2.00x; 2: "))
        #expect(rounds.passed == nil)
    }

    @Test("the baseline's row names what its clients sent")
    func baselineTrafficNamed() throws {
        var runs = RepeatedLoadRuns(
            sessions: 1000, scenes: "demo", rounds: 1, server: false, baseline: true, baselineTraffic: .setup)
        runs.addBaselineRun(run(us: 5), encoding: .binary)
        let bare = try row(runs.rows(), "baseline, binary frames")
        #expect(bare.figure.contains("(clients send: setup)"))
    }

    @Test("one round missing a target fails it, and counts the others")
    func oneRoundMisses() throws {
        var runs = summary()
        runs.addServerRun(run(latency: 21, us: 12.6), encoding: .binary)
        runs.addBaselineRun(run(us: 6), encoding: .binary)
        runs.addServerRun(run(interval: 26, us: 11), encoding: .binary)
        runs.addBaselineRun(run(us: 6), encoding: .binary)
        runs.addServerRun(run(fps: 56.9, us: 11.4), encoding: .binary)
        runs.addBaselineRun(run(us: 6), encoding: .binary)
        let rows = runs.rows()
        let latency = try row(rows, "command-to-frame latency p99")
        #expect(latency.measured == "17.0-21.0 ms (median 17.0 ms); 2 of 3 rounds meet it")
        #expect(latency.passed == false)
        #expect(try row(rows, "frame interval p99").passed == false)
        #expect(try row(rows, "delivered fps").passed == false)
        let ratio = try row(rows, "CPU per frame / baseline CPU per frame")
        #expect(ratio.measured == "1.83-2.10x (median 1.90x); 2 of 3 rounds at or under 2.0x")
        #expect(ratio.passed == false)
    }

    @Test("a round whose run failed meets nothing and shows as failed")
    func failedRound() throws {
        var runs = summary()
        runs.addServerRun(run(us: 11), encoding: .json)
        runs.addBaselineRun(run(us: 6), encoding: .json)
        runs.addServerRun(nil, encoding: .json)
        runs.addBaselineRun(run(us: 6), encoding: .json)
        runs.addServerRun(run(us: 12), encoding: .json)
        runs.addBaselineRun(nil, encoding: .json)
        let rows = runs.rows()
        let fps = try row(rows, "delivered fps")
        #expect(fps.measured.hasSuffix("; 2 of 3 rounds meet it"))
        #expect(fps.passed == false)
        let ratio = try row(rows, "CPU per frame / baseline CPU per frame")
        // Only the first round has both runs.
        #expect(ratio.measured == "1.83-1.83x (median 1.83x); 1 of 3 rounds at or under 2.0x")
        #expect(ratio.passed == false)
        #expect(try row(rows, "baseline, JSON frames").measured.hasSuffix("(2 of 3 rounds ran)"))
        let rounds = try row(rows, "each round").measured
        #expect(rounds.contains("2: failed"))
        #expect(
            rounds.contains("3: 60.0 fps, 18.0/17.0 ms, 12.0 us;")
                || rounds.hasSuffix("3: 60.0 fps, 18.0/17.0 ms, 12.0 us"))
    }

    @Test("each encoding keeps its own rounds, in the order they ran")
    func encodingsApart() throws {
        var runs = summary()
        runs.addServerRun(run(us: 11), encoding: .json)
        runs.addBaselineRun(run(us: 5.5), encoding: .json)
        runs.addServerRun(run(us: 14), encoding: .binary)
        runs.addBaselineRun(run(us: 5), encoding: .binary)
        #expect(runs.rounds(of: .json).count == 1)
        #expect(runs.rounds(of: .binary).count == 1)
        let rows = runs.rows()
        let first = try #require(rows.first)
        #expect(first.figure.hasPrefix("server, JSON frames"))
        let binaryRatio = try row(rows, "binary frames, 3 rounds: CPU per frame / baseline")
        #expect(binaryRatio.measured.hasPrefix("2.80-2.80x"))
    }

    @Test("the baseline part alone: its CPU per frame, no server targets and no ratio")
    func baselineAlone() throws {
        var runs = summary(server: false)
        runs.addBaselineRun(run(us: 6), encoding: .json)
        runs.addBaselineRun(run(us: 5), encoding: .json)
        #expect(runs.rounds(of: .json).count == 2)
        let rows = runs.rows()
        #expect(rows.count == 1)
        #expect(rows[0].measured == "5.0-6.0 us (median 5.5 us) (2 of 3 rounds ran)")
    }

    @Test("the kernel's and the own code's parts of both, when the runs read them")
    func kernelSplit() throws {
        var runs = summary()
        runs.addServerRun(run(us: 12, kernelUS: 6), encoding: .json)
        runs.addBaselineRun(run(us: 6, kernelUS: 5), encoding: .json)
        runs.addServerRun(run(us: 10, kernelUS: 5.5), encoding: .json)
        runs.addBaselineRun(run(us: 5.5, kernelUS: 5), encoding: .json)
        let split = try row(runs.rows(), "the kernel's / the process's own code")
        #expect(
            split.measured
                == "server kernel 5.5-6.0 us (median 5.8 us), own code 4.5-6.0 us (median 5.2 us); baseline kernel 5.0-5.0 us (median 5.0 us), own code 0.5-1.0 us (median 0.8 us); kernel / kernel 1.10-1.20x (median 1.15x)"
        )
        // Without the kernel figures there is no such row.
        var plain = summary()
        plain.addServerRun(run(us: 12), encoding: .json)
        plain.addBaselineRun(run(us: 6), encoding: .json)
        #expect(!plain.rows().contains { $0.figure.contains("the kernel's") })
    }

    @Test("a round of windows pools them: CPU time over frames, the worst fps and p99s")
    func windowsPooled() throws {
        var slow = run(fps: 59, interval: 22, latency: 18, us: 12, kernelUS: 6)
        slow.frames = 300_000
        slow.serverCPU = 12.0 * 300_000 / 10 / 1_000_000
        slow.serverSystemCPU = 6.0 * 300_000 / 10 / 1_000_000
        let fast = run(fps: 60, interval: 18, latency: 19, us: 9, kernelUS: 5)
        let pooled = try #require(RepeatedLoadRuns.pooled([slow, fast]))
        #expect(pooled.frames == 900_000)
        #expect(pooled.windowSeconds == 20)
        // (12 us x 300,000 + 9 us x 600,000) / 900,000 frames: weighted by frames, not by window.
        #expect(abs((pooled.serverMicrosecondsPerFrame ?? 0) - 10) < 1e-9)
        #expect(abs((pooled.serverSystemMicrosecondsPerFrame ?? 0) - 16.0 / 3) < 1e-9)
        #expect(pooled.fpsMean == 59)
        #expect(pooled.intervalP99 == 22)
        #expect(pooled.latencyP99 == 19)
        #expect(pooled.latencySamples == 16_000)
        // A failed window fails the round; one window is itself.
        #expect(RepeatedLoadRuns.pooled([slow, nil]) == nil)
        #expect(RepeatedLoadRuns.pooled([]) == nil)
        #expect(RepeatedLoadRuns.pooled([fast])?.frames == 600_000)
        // A window without a CPU figure leaves the round without one.
        var blind = fast
        blind.serverCPU = nil
        #expect(RepeatedLoadRuns.pooled([fast, blind])?.serverCPU == nil)
    }

    @Test("rounds of windows: the ratio of pooled windows, each window's own ratio beside it")
    func roundsOfWindows() throws {
        var runs = RepeatedLoadRuns(
            sessions: 1000, scenes: "demo", rounds: 2, windows: 2, server: true, baseline: true)
        // Round 1: one window alone would read 2.10x, the round 1.90x (19 / 10 us).
        for (window, (server, bare)) in [(10.5, 5.0), (8.5, 5.0)].enumerated() {
            runs.addServerRun(run(us: server), encoding: .json, window: window)
            runs.addBaselineRun(run(us: bare), encoding: .json, window: window)
        }
        // Round 2: a window whose interval p99 misses makes the round miss.
        for (window, (server, interval)) in [(9.0, 18.0), (9.0, 26.0)].enumerated() {
            runs.addServerRun(run(interval: interval, us: server), encoding: .json, window: window)
            runs.addBaselineRun(run(us: 5), encoding: .json, window: window)
        }
        #expect(runs.rounds(of: .json).count == 2)
        let rows = runs.rows()
        let ratio = try row(rows, "CPU per frame / baseline CPU per frame")
        #expect(ratio.figure.hasPrefix("server, JSON frames, 2 rounds of 2 windows: "))
        #expect(ratio.measured == "1.80-1.90x (median 1.85x); 2 of 2 rounds at or under 2.0x")
        #expect(ratio.passed == true)
        let windows = try row(rows, "window by window")
        #expect(windows.measured == "1.70-2.10x (median 1.80x); 3 of 4 windows at or under 2.0x")
        #expect(windows.passed == nil)
        let interval = try row(rows, "frame interval p99")
        #expect(interval.measured == "18.0-26.0 ms (median 22.0 ms); 1 of 2 rounds meet it")
        #expect(interval.passed == false)
        let each = try row(rows, "each round").measured
        #expect(each.hasPrefix("1: 60.0 fps, 18.0/17.0 ms, 9.5 us = 1.90x (windows 2.10, 1.70); 2: "))
    }

    @Test("rounds of windows of the baseline alone")
    func baselineWindowsAlone() throws {
        var runs = RepeatedLoadRuns(
            sessions: 1000, scenes: "demo", rounds: 1, windows: 2, server: false, baseline: true)
        runs.addBaselineRun(run(us: 6), encoding: .json, window: 0)
        runs.addBaselineRun(run(us: 4), encoding: .json, window: 1)
        #expect(runs.rounds(of: .json).count == 1)
        #expect(try row(runs.rows(), "baseline, JSON frames").measured.hasPrefix("5.0-5.0 us"))
    }

    @Test("the median of an even count is the mean of the middle two; no values, no spread")
    func spread() {
        #expect(Spread([3, 1, 2]).map { [$0.lowest, $0.highest, $0.median] } == [1, 3, 2])
        #expect(Spread([4, 1, 3, 2])?.median == 2.5)
        #expect(Spread([]) == nil)
        #expect(Spread([1.234, 2.5])?.describe(unit: "x", format: "%.2f") == "1.23-2.50x (median 1.87x)")
    }
}
