import ArgumentParser
import Typesetting
import Foundation
import LoadGenerator

/// `progresscast bench`: measures docs/requirements.md section 9's figures and prints one table.
struct Bench: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run benchmarks and print one table: figure, target, measured, pass/fail (use a release build).",
        discussion: """
        Parts (--parts, comma-separated; default all): engine (sample + display list + encode of \
        the demo scene), replay (replay --verify speed on a long recording), seek (seeking in it), \
        server (live sessions through `progresscast serve`, started as a child process on a free \
        port, driven by the built-in load generator), baseline (the same frame bytes through bare \
        libwebsockets, and ProgressCast's fps as a fraction of it), idle (viewers of unchanging \
        sessions: server CPU and memory), page (draw time in headless Chromium, through \
        Benchmarks/page_bench.py), timing (presentation samples). Run from the repository root \
        (or pass --public). --smoke runs every part small and short (about 10 s) and fails only \
        on errors, never on targets.
        """
    )

    static let allParts = ["engine", "replay", "seek", "server", "baseline", "idle", "page", "timing"]

    @Option(name: .long, help: "Which parts to run (comma-separated): \(Bench.allParts.joined(separator: ", ")).")
    var parts: String = Bench.allParts.joined(separator: ",")

    @Option(name: .long, help: "Seconds each timed part measures for.")
    var seconds: Double = 10

    @Option(name: .long, help: "Live sessions for the server and baseline parts.")
    var sessions: Int = 1000

    @Option(name: .customLong("idle-viewers"), help: "Viewers in the idle part (in sessions of 100).")
    var idleViewers: Int = 10_000

    @Option(name: .customLong("recording-minutes"), help: "Length of the replay and seek parts' recording.")
    var recordingMinutes: Double = 60

    @Option(help: "The page folder (served to Chromium; Benchmarks/ is looked for beside it).")
    var `public` = "Public"

    @Option(name: .customLong("load-threads"), help: "Load generator threads for the server, baseline and idle parts.")
    var loadThreads = 2

    @Option(help: "Frame encodings for the server and baseline parts (comma-separated): json (the default format), binary.")
    var frames = "json,binary"

    @Flag(help: "A quick run of every part (small loads, about 10 s) that fails only on errors.")
    var smoke = false

    @Flag(help: "Exit with status 1 when a figure misses its target.")
    var strict = false

    func run() throws {
        let selected = parts.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        for part in selected where !Bench.allParts.contains(part) {
            throw ValidationError("unknown bench part \"\(part)\" (known: \(Bench.allParts.joined(separator: ", ")))")
        }
        guard seconds > 0, seconds <= 600, (1...10_000).contains(sessions), (1...20_000).contains(idleViewers),
              recordingMinutes > 0, recordingMinutes <= 600 else {
            throw ValidationError("--seconds must be in (0, 600], --sessions in 1...10000, --idle-viewers in 1...20000, --recording-minutes in (0, 600]")
        }
        var encodings: [FrameEncoding] = []
        for name in frames.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) where !name.isEmpty {
            guard let encoding = FrameEncoding(rawValue: name) else { throw ValidationError("--frames: unknown encoding \"\(name)\" (json, binary)") }
            encodings.append(encoding)
        }
        guard !encodings.isEmpty else { throw ValidationError("--frames needs json, binary or both") }
        let scratch = try BenchEnvironment.makeScratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let viewersPerSession = min(100, idleViewers)
        var settings = BenchSettings(
            seconds: seconds, sessions: sessions,
            idleSessions: max(1, idleViewers / viewersPerSession), idleViewers: viewersPerSession,
            warmup: 2, recordingSeconds: recordingMinutes * 60, pageFrames: 600,
            publicDirectory: (self.public as NSString).standardizingPath, scratchDirectory: scratch,
            executable: BenchEnvironment.executablePath(), loadThreads: max(1, min(loadThreads, 8)))
        if smoke {
            settings.seconds = 1
            settings.warmup = 0.5
            settings.sessions = min(sessions, 20)
            settings.idleSessions = 2
            settings.idleViewers = 10
            settings.recordingSeconds = 120
            settings.pageFrames = 60
        }
        let loadBefore = BenchEnvironment.loadAverage()
        let fonts = try FontCatalog()
        var table = BenchTable()
        var errors: [String] = []
        var progressCast: [FrameEncoding: LoadReport] = [:]
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
            if !smoke { sleep(5) }
        }
        for part in Bench.allParts where selected.contains(part) {
            FileHandle.standardError.write(Data("bench: \(part)...\n".utf8))
            do {
                switch part {
                case "engine": table.add(try EngineBenchmark.run(seconds: smoke ? 0.5 : min(seconds, 5), fonts: fonts))
                case "replay": table.add(try ReplayBenchmark.runReplay(path: try recording(), fonts: fonts))
                case "seek": table.add(try ReplayBenchmark.runSeek(path: try recording(), fonts: fonts))
                case "server":
                    for encoding in encodings {
                        settle()
                        let result = try ServerBenchmark.runServer(settings, encoding: encoding)
                        progressCast[encoding] = result.report
                        table.add(result.rows)
                    }
                case "baseline":
                    for encoding in encodings {
                        settle()
                        table.add(try ServerBenchmark.runBaseline(settings, encoding: encoding, fonts: fonts, compareWith: progressCast[encoding]))
                    }
                case "idle": table.add(try ServerBenchmark.runIdle(settings))
                case "page": table.add(try PageBenchmark.run(settings, fonts: fonts))
                case "timing": table.add(TimingBenchmark.run(seconds: smoke ? 0.3 : min(seconds, 2)))
                default: break
                }
            } catch {
                errors.append("\(part): \(error)")
                table.add([BenchRow(figure: "\(part): ERROR", target: "-", measured: "\(error)", passed: false)])
            }
        }
        table.notes.append("load average before the run: \(loadBefore) (other processes on the machine skew every figure)")
        if smoke { table.notes.append("smoke run: small loads and short windows; the figures are not the targets' conditions") }
        print(table.render())
        if !errors.isEmpty {
            FileHandle.standardError.write(Data(("bench: errors:\n" + errors.joined(separator: "\n") + "\n").utf8))
            throw ExitCode(2)
        }
        if strict && !smoke && table.rows.contains(where: { $0.passed == false }) { throw ExitCode(1) }
    }
}
