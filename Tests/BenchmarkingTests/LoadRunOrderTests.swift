import LoadGenerator
import Testing

@testable import Benchmarking

/// The order of the server and baseline parts' load runs: the CPU ratio compares a server run
/// with the baseline run of the same encoding, so the two run back to back.
@Suite("server and baseline runs alternate by encoding")
struct LoadRunOrderTests {
    @Test("with both parts, each encoding's baseline follows its server run")
    func bothPartsPairUp() {
        let runs = BenchSuite.loadRuns(parts: ["server", "baseline"], encodings: [.json, .binary])
        #expect(runs == [.server(.json), .baseline(.json), .server(.binary), .baseline(.binary)])
    }

    @Test("the order of the parts asked for does not change it")
    func partOrderIsIrrelevant() {
        let runs = BenchSuite.loadRuns(parts: ["baseline", "frames", "server"], encodings: [.binary])
        #expect(runs == [.server(.binary), .baseline(.binary)])
    }

    @Test("one part alone runs each encoding once")
    func onePartAlone() {
        #expect(
            BenchSuite.loadRuns(parts: ["server"], encodings: [.json, .binary]) == [.server(.json), .server(.binary)])
        #expect(
            BenchSuite.loadRuns(parts: ["baseline"], encodings: [.json, .binary])
                == [.baseline(.json), .baseline(.binary)])
        #expect(BenchSuite.loadRuns(parts: ["frames"], encodings: [.json]).isEmpty)
    }

    @Test("windows repeat each encoding's pair, server then baseline, before the next encoding")
    func windowsAlternate() {
        let runs = BenchSuite.loadRuns(parts: ["server", "baseline"], encodings: [.json, .binary], windows: 2)
        #expect(
            runs == [
                .server(.json), .baseline(.json), .server(.json), .baseline(.json),
                .server(.binary), .baseline(.binary), .server(.binary), .baseline(.binary),
            ])
        #expect(BenchSuite.loadRuns(parts: ["server"], encodings: [.json], windows: 3).count == 3)
    }

    @Test("three windows by default when both parts run outside a smoke run, else one")
    func defaultWindows() {
        func request(_ parts: [String], smoke: Bool = false, windows: Int? = nil) -> BenchRequest {
            var request = BenchRequest(
                parts: parts, seconds: 10, sessions: 1000, idleViewers: 100, recordingMinutes: 1,
                publicDirectory: "Public", loadThreads: 2, encodings: [.json], smoke: smoke)
            request.windows = windows
            return request
        }
        #expect(BenchSuite.windows(of: request(["server", "baseline"])) == 3)
        #expect(BenchSuite.windows(of: request(["server", "baseline"], smoke: true)) == 1)
        #expect(BenchSuite.windows(of: request(["server"])) == 1)
        #expect(BenchSuite.windows(of: request(["baseline"])) == 1)
        #expect(BenchSuite.windows(of: request(["server", "baseline"], windows: 1)) == 1)
        #expect(BenchSuite.windows(of: request(["server"], windows: 4)) == 4)
    }

    @Test("each run names its part")
    func runsNameTheirPart() {
        #expect(BenchSuite.LoadRun.server(.json).part == "server")
        #expect(BenchSuite.LoadRun.baseline(.binary).part == "baseline")
    }
}
