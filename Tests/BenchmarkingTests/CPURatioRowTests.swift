import LoadGenerator
import Testing

@testable import Benchmarking

/// The server part's headline CPU figure: ProgressCast's CPU per delivered frame over bare
/// libwebsockets' in the same run, held to 2.0x.
@Suite("the CPU ratio row compares per-frame CPU with the baseline's")
struct CPURatioRowTests {
    /// A report of `frames` frames over 10 s at `cpu` of a core, `kernel` of it in the kernel.
    private func report(cpu: Double?, frames: Int, kernel: Double? = nil) -> LoadReport {
        var report = LoadReport()
        report.serverCPU = cpu
        report.serverSystemCPU = kernel
        report.windowSeconds = 10
        report.frames = frames
        return report
    }

    @Test("the ratio of the two per-frame figures, passing at or under 2.0x")
    func ratio() throws {
        // 1.2 cores over 600,000 frames: 20 us; 0.6 cores over 600,000: 10 us.
        let within = try #require(
            ServerBenchmark.cpuRatioRow(
                progressCast: report(cpu: 1.2, frames: 600_000), baseline: report(cpu: 0.6, frames: 600_000),
                encoding: .json))
        #expect(within.measured == "20.0 / 10.0 us = 2.00x")
        #expect(within.target == "<= 2.0x")
        #expect(within.passed == true)
        #expect(within.figure.contains("JSON frames"))

        let over = try #require(
            ServerBenchmark.cpuRatioRow(
                progressCast: report(cpu: 1.5, frames: 600_000), baseline: report(cpu: 0.6, frames: 600_000),
                encoding: .binary))
        #expect(over.measured == "25.0 / 10.0 us = 2.50x")
        #expect(over.passed == false)
        #expect(over.figure.contains("binary frames"))
    }

    @Test("no row without a CPU figure on either side")
    func missing() {
        #expect(
            ServerBenchmark.cpuRatioRow(
                progressCast: report(cpu: nil, frames: 600_000), baseline: report(cpu: 0.6, frames: 600_000),
                encoding: .json) == nil)
        #expect(
            ServerBenchmark.cpuRatioRow(
                progressCast: report(cpu: 1.0, frames: 600_000), baseline: report(cpu: 0.6, frames: 0),
                encoding: .json) == nil)
    }

    @Test("the ratio split into the kernel's part and the server's own code")
    func split() throws {
        // 1.2 cores (0.7 in the kernel) against 0.6 (0.5) over 600,000 frames in 10 s.
        let row = try #require(
            ServerBenchmark.cpuSplitRow(
                progressCast: report(cpu: 1.2, frames: 600_000, kernel: 0.7),
                baseline: report(cpu: 0.6, frames: 600_000, kernel: 0.5)))
        #expect(row.measured == "kernel 11.7 / 8.3 us = 1.40x, own code 8.3 / 1.7 us")
        #expect(row.passed == nil)
        #expect(
            ServerBenchmark.cpuSplitRow(
                progressCast: report(cpu: 1.2, frames: 600_000),
                baseline: report(cpu: 0.6, frames: 600_000, kernel: 0.5)
            ) == nil)
    }

    @Test("the threads row gives each thread's share and CPU per frame, with the kernel's part")
    func threads() throws {
        var load = report(cpu: 1.5, frames: 600_000, kernel: 0.9)
        #expect(ServerBenchmark.threadsRow(load) == nil)
        load.serverThreads = [
            ThreadShare(name: "pc-service", user: 0.3, system: 0.9),
            ThreadShare(name: "pc-render-0", user: 0.3, system: 0),
        ]
        let row = try #require(ServerBenchmark.threadsRow(load))
        #expect(
            row.measured
                == "pc-service 120.0% (20.0 us/frame, kernel 15.0); pc-render-0 30.0% (5.0 us/frame, kernel 0.0)")
    }
}
