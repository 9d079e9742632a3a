import Foundation
public import LoadGenerator
import Typesetting

/// What `progresscast bench` measures, already validated by the command line: docs/requirements.md
/// section 9's figures (docs/benchmarks.md explains each part and its conditions).
public struct BenchRequest {
    /// The parts to run (names from ``BenchSuite/allParts``); they run in that list's order.
    public var parts: [String]
    /// Seconds each timed part measures for.
    public var seconds: Double
    /// Live sessions for the server and baseline parts.
    public var sessions: Int
    /// Viewers in the idle part (in sessions of at most 100).
    public var idleViewers: Int
    /// Length of the replay and seek parts' recording.
    public var recordingMinutes: Double
    /// The page folder (served to Chromium; Benchmarks/ is looked for beside it).
    public var publicDirectory: String
    /// Load generator threads for the server, baseline and idle parts.
    public var loadThreads: Int
    /// Frame encodings for the server and baseline parts.
    public var encodings: [FrameEncoding]
    /// Every part small and short (about 10 s); the figures are then not the targets' conditions.
    public var smoke: Bool
    /// The scenes of the server part's live sessions, connection by connection in turn (by
    /// default all three: demo, scroll, navigation; `[.demo]` for the demo scene only).
    public var loadScenes: [BenchScene]
    /// The load generator's client (the epoll client by default).
    public var loadClient: LoadClient = .epoll
    /// The frames part: exactly this many rounds of every session instead of ``seconds`` (a
    /// fixed amount of work, for instruction-level tools such as valgrind).
    public var frameRounds: Int?
    /// The server and baseline parts: rounds of their runs (each round runs every encoding's
    /// server run, then its baseline run); above 1, one summary row per target gives the spread
    /// over the rounds and how many met it.
    public var repeats = 1
    /// The server and baseline parts: windows per round and encoding (each a server run, then a
    /// baseline run, taken turn about); a round's figures pool its windows (``RepeatedLoadRuns``).
    /// nil: 3 when both parts run (not in a smoke run), else 1.
    public var windows: Int?
    /// What the baseline part's clients send the baseline (``ReceiverTraffic``; nothing by
    /// default: docs/benchmarks.md, "The baseline's clients").
    public var baselineTraffic: ReceiverTraffic = .silent
    /// Whether the load generator lets its connections turn interactive to the kernel's TCP
    /// (``LoadOptions/interactiveAcks``; false by default).
    public var interactiveAcks = false
    /// Whether the load's sessions take frames as deltas, as the page does (and the baseline
    /// sends those deltas' bytes); false by default (docs/benchmarks.md, "Third round, frame
    /// deltas").
    public var deltas = false

    /// Creates a value with these fields (see the type's documentation for their meaning).
    public init(
        parts: [String], seconds: Double, sessions: Int, idleViewers: Int, recordingMinutes: Double,
        publicDirectory: String, loadThreads: Int, encodings: [FrameEncoding], smoke: Bool,
        loadScenes: [BenchScene] = BenchScene.allCases
    ) {
        self.parts = parts
        self.seconds = seconds
        self.sessions = sessions
        self.idleViewers = idleViewers
        self.recordingMinutes = recordingMinutes
        self.publicDirectory = publicDirectory
        self.loadThreads = loadThreads
        self.encodings = encodings
        self.smoke = smoke
        self.loadScenes = loadScenes.isEmpty ? [.demo] : loadScenes
    }
}

/// What a bench run found: the table (figure, target, measured, pass/fail) and the parts that failed.
public struct BenchOutcome {
    /// The printed table, with its notes.
    public var table: String
    /// One line per part that failed with an error (`part: error`).
    public var errors: [String]
    /// Whether some figure missed its target.
    public var missedTarget: Bool
}

/// The benchmarks behind `progresscast bench`: each part measures figures and adds rows to one table.
public enum BenchSuite {
    /// Every part, in the order they run.
    public static let allParts = [
        "engine", "frames", "replay", "seek", "server", "baseline", "capacity", "idle", "page", "timing", "text",
    ]

    /// One load run of the server or the baseline part, in one frame encoding.
    public enum LoadRun: Equatable, Sendable {
        case server(FrameEncoding)
        case baseline(FrameEncoding)

        /// The part the run belongs to.
        public var part: String {
            switch self {
            case .server: "server"
            case .baseline: "baseline"
            }
        }
    }

    /// The server and baseline parts' runs of one round, in order: per encoding, `windows` times
    /// its server run, then its baseline run. With both parts, each baseline run comes right
    /// after a server run, which its CPU ratio compares it with: the machine's speed drifts over
    /// minutes, and all server runs first put each pair two runs apart (docs/benchmarks.md,
    /// "Reading the CPU ratio").
    public static func loadRuns(parts: [String], encodings: [FrameEncoding], windows: Int = 1) -> [LoadRun] {
        let server = parts.contains("server")
        let baseline = parts.contains("baseline")
        return encodings.flatMap { encoding -> [LoadRun] in
            let pair: [LoadRun] = (server ? [.server(encoding)] : []) + (baseline ? [.baseline(encoding)] : [])
            return Array(repeatElement(pair, count: max(1, windows)).joined())
        }
    }

    /// The windows per round a request runs: ``BenchRequest/windows``, or by default 3 when both
    /// the server and the baseline part run (a CPU ratio to measure) outside a smoke run, else 1.
    public static func windows(of request: BenchRequest) -> Int {
        if let windows = request.windows { return windows }
        return !request.smoke && request.parts.contains("server") && request.parts.contains("baseline") ? 3 : 1
    }

    /// Runs the request's parts (progress on standard error) and returns the table. A part that
    /// throws becomes an ERROR row and an entry of ``BenchOutcome/errors``; the others still run.
    public static func run(_ request: BenchRequest) throws -> BenchOutcome {
        let scratch = try BenchEnvironment.makeScratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let viewersPerSession = min(100, request.idleViewers)
        var settings = BenchSettings(
            seconds: request.seconds, sessions: request.sessions,
            idleSessions: max(1, request.idleViewers / viewersPerSession), idleViewers: viewersPerSession,
            warmup: 2, recordingSeconds: request.recordingMinutes * 60, pageFrames: 600,
            publicDirectory: (request.publicDirectory as NSString).standardizingPath, scratchDirectory: scratch,
            executable: BenchEnvironment.executablePath(), loadThreads: max(1, min(request.loadThreads, 8)),
            loadScenes: request.loadScenes, loadClient: request.loadClient, baselineTraffic: request.baselineTraffic,
            interactiveAcks: request.interactiveAcks, deltas: request.deltas)
        if request.smoke {
            settings.seconds = 1
            settings.warmup = 0.5
            settings.sessions = min(request.sessions, 20)
            settings.idleSessions = 2
            settings.idleViewers = 10
            settings.recordingSeconds = 120
            settings.pageFrames = 60
        }
        let loadBefore = BenchEnvironment.loadAverage()
        let fonts = try FontCatalog()
        var table = BenchTable()
        var errors: [String] = []
        var recordingPath: String?
        func recording() throws -> String {
            if let recordingPath { return recordingPath }
            let path = scratch + "/bench.pcast"
            try ReplayBenchmark.writeRecording(seconds: settings.recordingSeconds, to: path, fonts: fonts)
            recordingPath = path
            return path
        }
        /// A pause before each load run, so the one before it (a thousand connections closing,
        /// two busy cores) does not weigh on it: back to back, the second of two server runs
        /// measured 2-4 fps less than it did alone.
        func settle() {
            if !request.smoke { sleep(5) }
        }
        for part in BenchSuite.allParts where request.parts.contains(part) {
            benchProgress("\(part)...")
            do {
                switch part {
                // Each scene measures this long (three scenes: 0.9 s in a smoke run, 15 s by default).
                case "engine":
                    table.add(
                        try EngineBenchmark.run(seconds: request.smoke ? 0.3 : min(request.seconds, 5), fonts: fonts))
                case "frames":
                    table.add(
                        try FramePathBenchmark.run(
                            sessions: settings.sessions, scenes: request.loadScenes,
                            seconds: request.smoke ? 0.3 : min(request.seconds, 5),
                            rounds: request.frameRounds, encodings: request.encodings, fonts: fonts))
                case "replay": table.add(try ReplayBenchmark.runReplay(path: try recording(), fonts: fonts))
                case "seek": table.add(try ReplayBenchmark.runSeek(path: try recording(), fonts: fonts))
                case "server", "baseline":
                    // The two parts run together, at the first of them (``loadRuns(parts:encodings:)``).
                    guard part == "server" || !request.parts.contains("server") else { break }
                    runServerAndBaseline(
                        request, settings: settings, fonts: fonts, settle: settle, table: &table, errors: &errors)
                case "capacity":
                    for encoding in request.encodings {
                        table.add(try ServerBenchmark.runCapacity(settings, encoding: encoding, smoke: request.smoke))
                    }
                case "idle": table.add(try ServerBenchmark.runIdle(settings))
                case "page": table.add(try PageBenchmark.run(settings, fonts: fonts))
                case "timing": table.add(TimingBenchmark.run(seconds: request.smoke ? 0.3 : min(request.seconds, 2)))
                case "text":
                    table.add(TextBenchmark.run(seconds: request.smoke ? 0.2 : min(request.seconds, 2), fonts: fonts))
                default: break
                }
            } catch {
                errors.append("\(part): \(error)")
                table.add([BenchRow(figure: "\(part): ERROR", target: "-", measured: "\(error)", passed: false)])
            }
        }
        table.notes.append(
            "load average before the run: \(loadBefore) (other processes on the machine skew every figure)")
        if request.smoke {
            table.notes.append("smoke run: small loads and short windows; the figures are not the targets' conditions")
        }
        return BenchOutcome(
            table: table.render(), errors: errors, missedTarget: table.rows.contains(where: { $0.passed == false }))
    }

    /// The server and baseline parts: every encoding's server run, then its baseline run, as many
    /// times as the request's windows, for each of the request's rounds. One round of one window
    /// adds each run's rows; more add one summary row per target at the end
    /// (``RepeatedLoadRuns``). A run that fails becomes an ERROR row and an entry of `errors`; the
    /// others still run.
    private static func runServerAndBaseline(
        _ request: BenchRequest, settings: BenchSettings, fonts: FontCatalog, settle: () -> Void,
        table: inout BenchTable, errors: inout [String]
    ) {
        let windows = windows(of: request)
        let server = request.parts.contains("server")
        var repeated =
            request.repeats > 1 || windows > 1
            ? RepeatedLoadRuns(
                sessions: settings.sessions, scenes: settings.sceneLabel,
                rounds: request.repeats, windows: windows, server: server,
                baseline: request.parts.contains("baseline"), baselineTraffic: settings.baselineTraffic) : nil
        for round in 1...request.repeats {
            let roundName = request.repeats > 1 ? " round \(round)/\(request.repeats)" : ""
            var serverReport: LoadReport?
            // Per encoding, the windows begun in this round (a server run begins one; so does a
            // baseline run without the server part).
            var begun: [FrameEncoding: Int] = [:]
            for run in loadRuns(parts: request.parts, encodings: request.encodings, windows: windows) {
                settle()
                let encoding: FrameEncoding
                switch run {
                case .server(let runEncoding), .baseline(let runEncoding): encoding = runEncoding
                }
                if case .server = run {
                    begun[encoding, default: 0] += 1
                } else if !server {
                    begun[encoding, default: 0] += 1
                }
                let window = begun[encoding, default: 1] - 1
                let name = roundName + (windows > 1 ? " window \(window + 1)/\(windows)" : "")
                do {
                    switch run {
                    case .server:
                        serverReport = nil
                        defer { repeated?.addServerRun(serverReport, encoding: encoding, window: window) }
                        let result = try ServerBenchmark.runServer(settings, encoding: encoding)
                        serverReport = result.report
                        if repeated == nil { table.add(result.rows) }
                        benchProgress("server \(encoding.rawValue)\(name): \(headline(result.report))")
                    case .baseline:
                        var baselineReport: LoadReport?
                        defer { repeated?.addBaselineRun(baselineReport, encoding: encoding, window: window) }
                        let result = try ServerBenchmark.runBaseline(
                            settings, encoding: encoding, fonts: fonts, compareWith: serverReport)
                        baselineReport = result.report
                        if repeated == nil { table.add(result.rows) }
                        let ratio = serverReport.flatMap {
                            ServerBenchmark.cpuRatio(progressCast: $0, baseline: result.report)
                        }
                        benchProgress(
                            "baseline \(encoding.rawValue)\(name): \(headline(result.report, latency: false))"
                                + (ratio.map { String(format: ", CPU ratio %.2fx", $0) } ?? ""))
                    }
                } catch {
                    errors.append("\(run.part)\(name): \(error)")
                    table.add([
                        BenchRow(figure: "\(run.part)\(name): ERROR", target: "-", measured: "\(error)", passed: false)
                    ])
                }
            }
        }
        if let repeated { table.add(repeated.rows()) }
    }

    /// One load run's headline figures, for progress lines.
    private static func headline(_ report: LoadReport, latency: Bool = true) -> String {
        "\(f1(report.fpsMean)) fps, interval p99 \(f1(report.intervalP99)) ms"
            + (latency ? ", latency p99 \(f1(report.latencyP99)) ms" : "")
            + ", \(f1(report.serverMicrosecondsPerFrame ?? 0)) us/frame"
    }
}
