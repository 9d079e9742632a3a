import Foundation
import FrameCodecs
import LoadGenerator
import Session
import Shapes
import Typesetting

/// What every part of a bench run shares.
struct BenchSettings {
    /// Seconds measured by each timed part.
    var seconds: Double
    /// Live sessions for the server and baseline parts.
    var sessions: Int
    /// Idle part: sessions and viewers per session.
    var idleSessions: Int
    var idleViewers: Int
    /// Seconds between setup and the measured window (server parts).
    var warmup: Double
    /// Media length of the replay part's recording, in seconds.
    var recordingSeconds: Double
    /// Frames the page part draws.
    var pageFrames: Int
    /// The page folder (served to Chromium by the page part).
    var publicDirectory: String
    var scratchDirectory: String
    var executable: String
    /// Load generator threads (each with its own client and a share of the connections).
    var loadThreads = 2
    /// Niceness of the load generator's threads (the server runs at normal priority).
    var loadNice: Int32 = 5
    /// The live sessions' scenes, in turn (server part).
    var loadScenes: [BenchScene] = BenchScene.allCases
    /// The load generator's client implementation.
    var loadClient: LoadClient = .epoll
    /// What the baseline part's clients send (``BenchRequest/baselineTraffic``).
    var baselineTraffic: ReceiverTraffic = .silent
    /// ``LoadOptions/interactiveAcks`` for every load run.
    var interactiveAcks = false
    /// ``LoadOptions/deltas`` for every load run, and whether the baseline sends the deltas a
    /// ProgressCast session would (``ServerBenchmark/writeLoadFrames(to:encoding:deltas:scenes:fonts:framesPerScene:)``).
    var deltas = false

    /// The load's scenes as the table names them ("demo/scroll/navigation"), and ", deltas" when
    /// the sessions take deltas.
    var sceneLabel: String {
        loadScenes.map(\.rawValue).joined(separator: "/") + (deltas ? ", deltas" : "")
    }
}

/// The `server`, `baseline` and `idle` parts: the real `progresscast serve` (or the bare
/// libwebsockets baseline) as a child process on a free loopback port, driven by the load
/// generator in this process.
enum ServerBenchmark {
    /// Starts `progresscast serve` on a free port; returns it with its port.
    static func startServer(
        _ settings: BenchSettings, maxSessions: Int, maxConnectionsPerSession: Int
    ) throws -> (BenchProcess, Int) {
        let server = try BenchProcess(
            executable: settings.executable,
            arguments: [
                "serve", "--host", "127.0.0.1", "--port", "0", "--public", settings.publicDirectory,
                "--recordings", settings.scratchDirectory + "/recordings", "--log-level", "warning",
                "--max-sessions", String(maxSessions), "--max-connections-per-session",
                String(maxConnectionsPerSession),
            ],
            logPath: settings.scratchDirectory + "/serve-\(maxSessions)-\(maxConnectionsPerSession).log")
        guard let port = server.waitForPort() else {
            server.stop()
            throw BenchError("progresscast serve did not start: \(server.logTail())")
        }
        return (server, port)
    }

    /// Live sessions at 60 fps through ProgressCast, with frames in `encoding`.
    static func runServer(
        _ settings: BenchSettings, encoding: FrameEncoding
    ) throws -> (rows: [BenchRow], report: LoadReport) {
        let (report, counts) = try liveSessionsWithStats(settings, encoding: encoding)
        let n = settings.sessions
        let scenes = settings.sceneLabel
        var rows = [
            BenchRow(
                figure:
                    "server, \(label(encoding)): \(n) live sessions (\(scenes)) at 60 fps, delivered fps per session",
                target: ">= 57 mean",
                measured:
                    "\(f1(report.fpsMean)) mean, \(f1(report.fpsMin)) lowest (\(report.connectionsReady)/\(n) sessions)",
                passed: CapacitySearch.meetsFPS(report, sessions: n)),
            BenchRow(
                figure: "server, \(label(encoding)): frame interval", target: "p99 <= 25 ms",
                measured: "\(f1(report.intervalP50)) ms median, \(f1(report.intervalP99)) ms p99",
                passed: CapacitySearch.meetsInterval(report)),
            BenchRow(
                figure: "server, \(label(encoding)): command-to-frame latency", target: "p99 <= 20 ms",
                measured:
                    "\(f1(report.latencyP50)) ms median, \(f1(report.latencyP99)) ms p99 (\(report.latencySamples) cmds, \(report.latencyLost) lost)",
                passed: CapacitySearch.meetsLatency(report)),
        ]
        rows.append(
            BenchRow(
                figure: "  server CPU, memory", target: "-",
                measured:
                    "\(cpu(report.serverCPU)) of a core (\(f1(report.serverMicrosecondsPerFrame ?? 0)) us/frame), \(mib(report.serverResidentBytes)) resident, \(report.frames > 0 ? report.frameBytes / report.frames : 0) B/frame",
                passed: nil))
        if let row = threadsRow(report) { rows.append(row) }
        if let counts {
            let slots = counts.rendered + counts.skippedUnsent
            rows.append(
                BenchRow(
                    figure: "  server frame slots (whole run)", target: "-",
                    measured:
                        "\(counts.rendered) rendered, \(counts.skippedUnsent) skipped (\(percent(counts.skippedUnsent, of: slots))), \(counts.framesReplaced) replaced unsent (\(percent(counts.framesReplaced, of: counts.changed)) of \(counts.changed) changed)",
                    passed: nil))
            if let row = opLatencyRow(counts) { rows.append(row) }
        }
        rows.append(
            BenchRow(
                figure: "  load generator CPU", target: "-",
                measured: "\(cpu(report.clientCPU)) of a core (\(f1(report.clientMicrosecondsPerFrame ?? 0)) us/frame)",
                passed: nil))
        try checkErrors(report)
        return (rows, report)
    }

    /// The most live sessions meeting all three server targets with frames in `encoding`
    /// (``CapacitySearch``): a count meets them when most of its runs do (two or three runs,
    /// ``CapacitySearch/majority(of:_:)``; one in a smoke run), each against a fresh server after
    /// a settle pause.
    static func runCapacity(_ settings: BenchSettings, encoding: FrameEncoding, smoke: Bool) throws -> [BenchRow] {
        var tallies: [Int: String] = [:]
        let result = try CapacitySearch.search(
            start: settings.sessions, minimum: smoke ? 5 : 100, maximum: smoke ? 40 : 6000,
            minimumStep: smoke ? 10 : 50, maximumProbes: smoke ? 2 : 7
        ) { sessions in
            let verdict = try CapacitySearch.majority(of: smoke ? 1 : 3) {
                if !smoke { sleep(5) }
                var probeSettings = settings
                probeSettings.sessions = sessions
                let report = try liveSessions(probeSettings, encoding: encoding)
                let passed = CapacitySearch.meetsTargets(report, sessions: sessions)
                benchProgress(
                    "capacity \(encoding.rawValue) \(sessions) sessions: \(f1(report.fpsMean)) fps, interval p99 \(f1(report.intervalP99)) ms, latency p99 \(f1(report.latencyP99)) ms: \(passed ? "meets" : "misses")"
                )
                return passed
            }
            tallies[sessions] = verdict.runs > 1 ? " \(verdict.passes)/\(verdict.runs)" : ""
            return verdict.passed
        }
        let probes = result.probes.map { "\($0.sessions) \($0.passed ? "pass" : "fail")\(tallies[$0.sessions] ?? "")" }
            .joined(separator: ", ")
        return [
            BenchRow(
                figure: "server, \(label(encoding)): most live sessions meeting all three targets",
                target: ">= \(settings.sessions)",
                measured: "\(result.sessions) (probes: \(probes))",
                passed: result.sessions >= settings.sessions)
        ]
    }

    /// `settings.sessions` live sessions (taking `settings.loadScenes` in turn) with frames in
    /// `encoding` against a fresh `progresscast serve`; throws if the server exits meanwhile.
    private static func liveSessions(_ settings: BenchSettings, encoding: FrameEncoding) throws -> LoadReport {
        try liveSessionsWithStats(settings, encoding: encoding).report
    }

    /// ``liveSessions(_:encoding:)``, with the server's frame counters over the whole run
    /// (nil when `/api/stats` could not be read).
    private static func liveSessionsWithStats(
        _ settings: BenchSettings, encoding: FrameEncoding
    ) throws -> (report: LoadReport, counts: ServerStats?) {
        let (server, port) = try startServer(
            settings, maxSessions: settings.sessions + 10, maxConnectionsPerSession: 100)
        defer { server.stop() }
        let before = try? ServerStats.read(port: port)
        let window = WindowStats(port: port)
        let report = try runLoad(
            settings, port: port, serverPID: server.pid, mode: .liveSessions, sessions: settings.sessions
        ) {
            $0.frames = encoding
            $0.scenes = settings.loadScenes
            $0.onWindowEdge = { window.edge($0) }
        }
        guard server.process.isRunning else {
            throw BenchError("progresscast serve exited during the run: \(server.logTail())")
        }
        let after = try? ServerStats.read(port: port)
        guard var counts = before.flatMap({ before in after.map { $0.since(before) } }) else { return (report, nil) }
        // The latency buckets over the measured window only: the whole run's include the ops
        // sent and the frames written while a thousand sessions were being set up.
        let inWindow = window.counts
        counts.opToFrame = inWindow?.opToFrame ?? MillisecondBuckets()
        counts.latestWait = inWindow?.latestWait ?? MillisecondBuckets()
        return (report, counts)
    }

    /// "JSON frames" or "binary frames", for the table.
    static func label(_ encoding: FrameEncoding) -> String {
        encoding == .json ? "JSON frames" : "binary frames"
    }

    /// The same frame bytes through bare libwebsockets to as many connections.
    static func runBaseline(
        _ settings: BenchSettings, encoding: FrameEncoding, fonts: FontCatalog,
        compareWith progressCast: LoadReport?
    ) throws -> (rows: [BenchRow], report: LoadReport) {
        let framesPath = settings.scratchDirectory + "/frames-\(encoding.rawValue).txt"
        try writeLoadFrames(
            to: framesPath, encoding: encoding, deltas: settings.deltas, scenes: settings.loadScenes, fonts: fonts)
        let lifetime = settings.seconds + settings.warmup + 90
        let baseline = try BenchProcess(
            executable: settings.executable,
            arguments: [
                "baseline", "--port", "0", "--frames", framesPath, "--fps", "60", "--seconds", String(lifetime),
            ]
                + (encoding == .binary ? ["--binary"] : []),
            logPath: settings.scratchDirectory + "/baseline.log")
        defer { baseline.stop() }
        guard let port = baseline.waitForPort() else {
            throw BenchError("the baseline server did not start: \(baseline.logTail())")
        }
        let report = try runLoad(
            settings, port: port, serverPID: baseline.pid, mode: .receiveOnly, sessions: settings.sessions
        ) {
            // What the clients send (nothing, by default; the scenes name a setup's ops).
            $0.scenes = settings.loadScenes
            $0.receiverTraffic = settings.baselineTraffic
        }
        let n = settings.sessions
        var rows = [
            BenchRow(
                figure:
                    "baseline, \(label(encoding)): bare libwebsockets, same bytes, \(n) connections at 60 fps (clients send: \(settings.baselineTraffic.rawValue))",
                target: "-",
                measured:
                    "\(f1(report.fpsMean)) fps mean, \(f1(report.intervalP99)) ms interval p99, \(cpu(report.serverCPU)) of a core (\(f1(report.serverMicrosecondsPerFrame ?? 0)) us/frame, kernel \(f1(report.serverSystemMicrosecondsPerFrame ?? 0))), \(report.frames > 0 ? report.frameBytes / report.frames : 0) B/frame",
                passed: nil),
            BenchRow(
                figure: "  load generator CPU (baseline run)", target: "-",
                measured: "\(cpu(report.clientCPU)) of a core (\(f1(report.clientMicrosecondsPerFrame ?? 0)) us/frame)",
                passed: nil),
        ]
        if let progressCast, report.fpsMean > 0 {
            let ratio = progressCast.fpsMean / report.fpsMean
            rows.append(
                BenchRow(
                    figure: "server, \(label(encoding)): ProgressCast fps / baseline fps", target: "-",
                    measured: "\(f1(progressCast.fpsMean)) / \(f1(report.fpsMean)) = \(String(format: "%.3f", ratio))",
                    passed: nil))
        }
        if let progressCast, let row = cpuRatioRow(progressCast: progressCast, baseline: report, encoding: encoding) {
            rows.append(row)
            if let split = cpuSplitRow(progressCast: progressCast, baseline: report) { rows.append(split) }
        }
        try checkErrors(report)
        return (rows, report)
    }

    /// The most server CPU per delivered frame ProgressCast may spend, as a multiple of what bare
    /// libwebsockets spends per frame sending the same bytes in the same run (machines differ in
    /// both figures; the ratio is what the target holds to).
    static let cpuRatioTarget = 2.0

    /// ProgressCast's server CPU per delivered frame over the baseline's (nil when either run has
    /// no CPU figure).
    static func cpuRatio(progressCast: LoadReport, baseline: LoadReport) -> Double? {
        guard let server = progressCast.serverMicrosecondsPerFrame, let bare = baseline.serverMicrosecondsPerFrame,
            bare > 0, server.isFinite
        else { return nil }
        return server / bare
    }

    /// ProgressCast's server CPU per delivered frame over the baseline's, measured in the same
    /// run, against ``cpuRatioTarget`` (nil when either run has no CPU figure).
    static func cpuRatioRow(progressCast: LoadReport, baseline: LoadReport, encoding: FrameEncoding) -> BenchRow? {
        guard let ratio = cpuRatio(progressCast: progressCast, baseline: baseline),
            let server = progressCast.serverMicrosecondsPerFrame, let bare = baseline.serverMicrosecondsPerFrame
        else { return nil }
        return BenchRow(
            figure: "server, \(label(encoding)): CPU per frame / baseline CPU per frame",
            target: "<= \(f1(cpuRatioTarget))x",
            measured: "\(f1(server)) / \(f1(bare)) us = \(String(format: "%.2f", ratio))x",
            passed: ratio <= cpuRatioTarget)
    }

    /// The CPU ratio's two parts: the kernel's work per frame (the `send`s and their loopback
    /// delivery, which the baseline pays for the same bytes too) and the server's own code per
    /// frame, each against the baseline's (nil without the kernel figures).
    static func cpuSplitRow(progressCast: LoadReport, baseline: LoadReport) -> BenchRow? {
        guard let split = CPUSplit(progressCast: progressCast, baseline: baseline) else { return nil }
        return BenchRow(
            figure: "  CPU per frame, the kernel's / the server's own code", target: "-",
            measured:
                "kernel \(f1(split.serverKernel)) / \(f1(split.baselineKernel)) us = \(String(format: "%.2f", split.kernelRatio))x, own code \(f1(split.serverOwn)) / \(f1(split.baselineOwn)) us",
            passed: nil)
    }

    /// The server's and the baseline's CPU per frame, each split into the kernel's part and the
    /// process's own code (microseconds).
    struct CPUSplit {
        var serverKernel: Double
        var serverOwn: Double
        var baselineKernel: Double
        var baselineOwn: Double
        var kernelRatio: Double { serverKernel / baselineKernel }

        /// nil without the kernel figures of both runs.
        init?(progressCast: LoadReport, baseline: LoadReport) {
            guard let server = progressCast.serverMicrosecondsPerFrame, let bare = baseline.serverMicrosecondsPerFrame,
                let serverKernel = progressCast.serverSystemMicrosecondsPerFrame,
                let bareKernel = baseline.serverSystemMicrosecondsPerFrame, bareKernel > 0
            else { return nil }
            self.serverKernel = serverKernel
            serverOwn = server - serverKernel
            baselineKernel = bareKernel
            baselineOwn = bare - bareKernel
        }
    }

    /// The server's side of the command-to-frame latency over the window (`GET /api/stats`): from
    /// the service thread reading an op to the first frame after it handed to the transport, and
    /// then how long frames waited in their connection's slot to be written, to set beside the
    /// load generator's figure (nil without samples).
    static func opLatencyRow(_ counts: ServerStats) -> BenchRow? {
        guard let median = counts.opToFrame.percentile(0.5), let p99 = counts.opToFrame.percentile(0.99) else {
            return nil
        }
        var measured =
            "under \(f1(median)) ms median, under \(f1(p99)) ms p99 (\(counts.opToFrame.count) ops): op read to its frame handed to the transport"
        if let waitMedian = counts.latestWait.percentile(0.5), let waitP99 = counts.latestWait.percentile(0.99) {
            measured +=
                "; then under \(f1(waitMedian)) ms median, under \(f1(waitP99)) ms p99 (\(counts.latestWait.count) frames) to be written"
        }
        return BenchRow(figure: "  server side of command-to-frame", target: "-", measured: measured, passed: nil)
    }

    /// The server's threads over the window: each one's share of a core and CPU per delivered
    /// frame, with the kernel's part (nil when no thread was read).
    static func threadsRow(_ report: LoadReport) -> BenchRow? {
        guard !report.serverThreads.isEmpty else { return nil }
        let threads = report.serverThreads.prefix(4).map { thread in
            let total = thread.user + thread.system
            return
                "\(thread.name) \(cpu(total)) (\(f1(report.microsecondsPerFrame(total) ?? 0)) us/frame, kernel \(f1(report.microsecondsPerFrame(thread.system) ?? 0)))"
        }
        return BenchRow(
            figure: "  server CPU by thread", target: "-", measured: threads.joined(separator: "; "), passed: nil)
    }

    /// Many viewers of unchanging sessions: the server's CPU and memory while idle.
    static func runIdle(_ settings: BenchSettings) throws -> [BenchRow] {
        let (server, port) = try startServer(
            settings, maxSessions: settings.idleSessions + 10,
            maxConnectionsPerSession: settings.idleViewers + 1)
        defer { server.stop() }
        let report = try runLoad(
            settings, port: port, serverPID: server.pid,
            mode: .idleViewers(viewersPerSession: settings.idleViewers), sessions: settings.idleSessions
        ) {
            $0.warmup = max(settings.warmup, 3)
            $0.receiveBufferSize = 4096
            $0.maxPendingConnects = 128
            $0.setupTimeout = 120
        }
        guard server.process.isRunning else {
            throw BenchError("progresscast serve exited during the run: \(server.logTail())")
        }
        let viewers = settings.idleSessions * settings.idleViewers
        let connected =
            report.connectionsReady - min(report.connectionsReady, settings.idleSessions)
            - report.connectionsClosedEarly
        let resident = report.serverResidentBytes ?? .max
        let share = report.serverCPU ?? 1
        try checkErrors(report)
        return [
            BenchRow(
                figure: "idle: viewers connected to unchanging sessions", target: "\(viewers)",
                measured: "\(connected) (+ \(settings.idleSessions) controllers; setup \(f1(report.setupSeconds)) s)",
                passed: connected == viewers),
            BenchRow(
                figure: "idle: server CPU", target: "< 5% of a core",
                measured: "\(cpu(report.serverCPU)) of a core over \(f1(report.windowSeconds)) s",
                passed: connected == viewers && share < 0.05),
            BenchRow(
                figure: "idle: server resident memory", target: "< 1 GB",
                measured: "\(mib(report.serverResidentBytes)) (peak \(mib(report.serverPeakResidentBytes)))",
                passed: connected == viewers && resident < 1_000_000_000),
        ]
    }

    /// Runs the load generator against the server on `port` (process `serverPID`) with the
    /// bench's duration, warmup, niceness and threads; `adjust` sets whatever else the part needs.
    private static func runLoad(
        _ settings: BenchSettings, port: Int, serverPID: Int32, mode: LoadOptions.Mode, sessions: Int,
        adjust: (inout LoadOptions) -> Void = { _ in }
    ) throws -> LoadReport {
        var options = LoadOptions()
        options.port = port
        options.mode = mode
        options.sessions = sessions
        options.duration = settings.seconds
        options.warmup = settings.warmup
        options.serverPID = serverPID
        options.nice = settings.loadNice
        options.client = settings.loadClient
        options.interactiveAcks = settings.interactiveAcks
        options.deltas = settings.deltas
        adjust(&options)
        return try LoadGenerator.run(options: options, threads: settings.loadThreads)
    }

    /// Fails the part when the server answered with errors or connections failed.
    private static func checkErrors(_ report: LoadReport) throws {
        if report.connectionsFailed > 0 || report.errorReplies > 0 || report.connectionsReady == 0 {
            throw BenchError(
                "load run had \(report.connectionsFailed) failed connections, \(report.errorReplies) error replies"
                    + (report.firstError.map { " (first: \($0))" } ?? "") + ", \(report.connectionsReady) ready")
        }
    }

    /// The frames the server part's sessions show, for the baseline to send: `framesPerScene`
    /// frames of each scene of the load's mix, built from the scene's ``BenchScene/loadOps`` as
    /// a load session builds it (the navigation scene pushing again once a second, as the load
    /// generator does with each timed command), one per line, the scenes taking turns line by
    /// line. Every baseline connection is sent the same line at each tick, so over the run the
    /// bytes per frame are the mix's, as in the server part. With `deltas`, each scene's frames
    /// after its first are the deltas a session sends for them (docs/protocol.md section 10),
    /// made by the server's own incremental encoder.
    static func writeLoadFrames(
        to path: String, encoding: FrameEncoding, deltas: Bool = false, scenes: [BenchScene], fonts: FontCatalog,
        framesPerScene: Int = 120
    ) throws {
        let mix = scenes.isEmpty ? [BenchScene.demo] : scenes
        var cores = try mix.map { scene -> SessionCore in
            var core = SessionCore(
                settings: SessionSettings(clock: .manual, fps: 60, title: "bench"), fonts: fonts)
            var time: Int64 = 0
            for text in scene.loadOps {
                try EngineBenchmark.apply(text, to: &core, at: time)
                time += scene.opStepMicroseconds
            }
            _ = core.takeEvents()
            return core
        }
        var encoder = FrameEncoder(capacity: 16384)
        var binaryEncoder = BinaryFrameEncoder(capacity: 8192)
        var deltaFrames = mix.map { _ in DeltaFrames(encoding) }
        var text: [UInt8] = []
        for frame in 1...max(framesPerScene, 1) {
            // From 1 s on: the scroll scene's pull has ended and its header is refreshing.
            let time = 1_000_000 + EngineBenchmark.frameTime(frame)
            for index in mix.indices {
                if frame % 60 == 0 {
                    for op in mix[index].restartOps { try EngineBenchmark.apply(op, to: &cores[index], at: time) }
                }
                cores[index].advance(to: time)
                _ = cores[index].takeEvents()
                let seq = (frame - 1) * mix.count + index + 1
                if deltas {
                    let message = deltaFrames[index].next(&cores[index], seq: seq, base: seq - mix.count)
                    text += encoding == .json ? message : HexBytes.encode(message)
                    text.append(UInt8(ascii: "\n"))
                    continue
                }
                let list = cores[index].displayList()
                switch encoding {
                case .json: text += encoder.encodeFrame(list, seq: seq, time: cores[index].time)
                case .binary:
                    text += HexBytes.encode(binaryEncoder.encodeFrame(list, seq: seq, time: cores[index].time))
                }
                text.append(UInt8(ascii: "\n"))
            }
        }
        guard FileManager.default.createFile(atPath: path, contents: Data(text)) else {
            throw BenchError("cannot write \(path)")
        }
    }

    /// Two seconds of demo-scene frames (the bytes ProgressCast sends), one per line: JSON, or
    /// binary frames in hex (`progresscast baseline --binary`).
    static func writeDemoFrames(to path: String, encoding: FrameEncoding, fonts: FontCatalog, count: Int = 120) throws {
        var core = try EngineBenchmark.demoCore(fonts: fonts)
        var encoder = FrameEncoder(capacity: 8192)
        var binaryEncoder = BinaryFrameEncoder()
        var text: [UInt8] = []
        for frame in 1...count {
            core.advance(to: Int64(frame) * 1_000_000 / 60)
            switch encoding {
            case .json: text += encoder.encodeFrame(core.displayList(), seq: frame, time: core.time)
            case .binary:
                text += HexBytes.encode(binaryEncoder.encodeFrame(core.displayList(), seq: frame, time: core.time))
            }
            text.append(UInt8(ascii: "\n"))
        }
        guard FileManager.default.createFile(atPath: path, contents: Data(text)) else {
            throw BenchError("cannot write \(path)")
        }
    }
}

/// One scene's frames as a session with a watcher taking deltas sends them (``ServerBenchmark/writeLoadFrames(to:encoding:deltas:scenes:fonts:framesPerScene:)``):
/// the first whole, then each as its delta from the one before.
private struct DeltaFrames {
    private var list = IncrementalDisplayList(keepsShapes: false)
    private var encoder: IncrementalFrameEncoder
    private var state = IncrementalFrameEncoder.DeltaState()
    private var scratch = IncrementalFrameEncoder.Scratch()
    private var shapes: [Shape] = []
    private var started = false

    init(_ encoding: FrameEncoding) {
        encoder = IncrementalFrameEncoder(encoding == .json ? .json : .binary)
    }

    /// The message for `core`'s frame now, numbered `seq`: its delta from frame `base` (the one
    /// before), or the whole frame for the first.
    mutating func next(_ core: inout SessionCore, seq: Int, base: Int) -> [UInt8] {
        // Drawn into the buffer lent for the frame, and encoded from it.
        list.swapFrameShapes(&shapes)
        core.draw(into: &list)
        encoder.encodeFrame(
            list, seq: seq, time: core.time, headroom: 0, deltaBase: started ? base : nil, deltas: &state,
            scratch: &scratch)
        list.swapFrameShapes(&shapes)
        defer { started = true }
        if let (delta, _) = state.delta(leadingTo: seq) { return delta }
        return Array(encoder.frame)
    }
}

func percent(_ part: Int, of whole: Int) -> String {
    whole > 0 ? String(format: "%.1f%%", Double(part) * 100 / Double(whole)) : "-"
}
func f1(_ value: Double) -> String { String(format: "%.1f", value) }
/// A progress line of `bench` on standard error ("bench: " and `line`).
func benchProgress(_ line: String) { FileHandle.standardError.write(Data("bench: \(line)\n".utf8)) }
func cpu(_ share: Double?) -> String { share.map { String(format: "%.1f%%", $0 * 100) } ?? "?" }
func mib(_ bytes: Int?) -> String { bytes.map { String(format: "%.0f MiB", Double($0) / 1_048_576) } ?? "?" }
