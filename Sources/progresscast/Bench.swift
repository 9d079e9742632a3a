import ArgumentParser
import Benchmarking
import Foundation
import LoadGenerator

/// `progresscast bench`: measures docs/requirements.md section 9's figures and prints one table.
struct Bench: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run benchmarks and print one table: figure, target, measured, pass/fail (use a release build).",
        discussion: """
            Parts (--parts, comma-separated; default all): engine (sample + display list + encode per \
            frame of the demo, scroll and navigation scenes), frames (the server's frame path, drawing, \
            encoding and comparing, for --sessions sessions in turn on one thread, no network), replay (replay --verify speed on a long recording), seek (seeking in it), \
            server (live sessions through `progresscast serve`, started as a child process on a free \
            port, driven by the built-in load generator; the sessions take the demo, scroll and \
            navigation scenes in turn, or those of --scenes, or only the demo scene with --demo-only), baseline (the same frame bytes through bare \
            libwebsockets, and ProgressCast's fps as a fraction of it), capacity (the most live sessions \
            that still meet all three server targets, searched over session counts, a fresh server per probe), idle (viewers of unchanging \
            sessions: server CPU and memory), page (draw time in headless Chromium, through \
            Benchmarks/page_bench.py), timing (presentation samples), text (measuring labels with HarfBuzz shaping: \
            new, cached, Arabic and truncated). Run from the repository root \
            (or pass --public). --smoke runs every part small and short (about 10 s) and fails only \
            on errors, never on targets.
            """
    )

    static let allParts = BenchSuite.allParts

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

    @Option(help: "The load generator's client: epoll (reads frame headers only) or libwebsockets.")
    var client = LoadClient.epoll.rawValue

    @Option(
        help: "Frame encodings for the server and baseline parts (comma-separated): json (the default format), binary.")
    var frames = "json,binary"

    @Option(
        help: ArgumentHelp(
            "Frames part: exactly this many rounds of every session instead of --seconds (a fixed amount of work, for instruction-level tools such as valgrind's callgrind)."
        ))
    var rounds: Int?

    @Option(
        name: .customLong("repeat"),
        help: ArgumentHelp(
            "Server and baseline parts: run this many rounds (each encoding's server run, then its baseline run) and print, per target, the spread over the rounds and how many met it (1-50)."
        ))
    var repeats = 1

    @Option(
        help: ArgumentHelp(
            "Server and baseline parts: windows per round and encoding, taken turn about (a server run, then a baseline run, this many times); a round's figures pool its windows: its CPU ratio is all its server windows' CPU per frame over all its baseline windows', and it meets the other targets only when every window does (1-10; default 3 when both parts run, else 1)."
        ))
    var windows: Int?

    @Flag(
        name: .customLong("demo-only"),
        help:
            "Every session uses the demo scene: the same as --scenes demo (kept for earlier scripts)."
    )
    var demoOnly = false

    @Option(
        help:
            "Server, baseline, capacity and frames parts: the sessions' scenes, taken in turn (comma-separated): demo, scroll, navigation."
    )
    var scenes = BenchScene.allCases.map(\.rawValue).joined(separator: ",")

    @Option(
        name: .customLong("baseline-clients"),
        help: ArgumentHelp(
            "Baseline part: what its clients send the baseline server: \(ReceiverTraffic.choicesHelp)."))
    var baselineClients = ReceiverTraffic.silent.rawValue

    @OptionGroup var acks: InteractiveAcksOption

    @Option(
        help: ArgumentHelp(
            "Server, baseline and capacity parts: on: sessions take frames as deltas (docs/protocol.md section 10), as the page does, and the baseline sends those deltas; off (the default): whole frames."
        ))
    var deltas = "off"

    @Flag(help: "A quick run of every part (small loads, about 10 s) that fails only on errors.")
    var smoke = false

    @Flag(help: "Exit with status 1 when a figure misses its target.")
    var strict = false

    func run() throws {
        let selected = parts.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter {
            !$0.isEmpty
        }
        guard !selected.isEmpty else {
            throw ValidationError("--parts names no part (known: \(Bench.allParts.joined(separator: ", ")))")
        }
        for part in selected where !Bench.allParts.contains(part) {
            throw ValidationError("unknown bench part \"\(part)\" (known: \(Bench.allParts.joined(separator: ", ")))")
        }
        guard seconds > 0, seconds <= 600, (1...10_000).contains(sessions), (1...20_000).contains(idleViewers),
            recordingMinutes > 0, recordingMinutes <= 600
        else {
            throw ValidationError(
                "--seconds must be in (0, 600], --sessions in 1...10000, --idle-viewers in 1...20000, --recording-minutes in (0, 600]"
            )
        }
        var encodings: [FrameEncoding] = []
        for name in frames.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) where !name.isEmpty {
            guard let encoding = FrameEncoding(rawValue: name) else {
                throw ValidationError("--frames: unknown encoding \"\(name)\" (json, binary)")
            }
            encodings.append(encoding)
        }
        guard !encodings.isEmpty else { throw ValidationError("--frames needs json, binary or both") }
        guard (1...50).contains(repeats) else { throw ValidationError("--repeat must be in 1...50") }
        if let windows, !(1...10).contains(windows) { throw ValidationError("--windows must be in 1...10") }
        if let rounds, !(1...100_000).contains(rounds) {
            throw ValidationError("--rounds must be in 1...100000")
        }
        guard let mix = BenchScene.parseMix(scenes) else {
            throw ValidationError("--scenes: a comma-separated list of demo, scroll, navigation")
        }
        guard let loadClient = LoadClient(rawValue: client) else {
            throw ValidationError("--client must be epoll or libwebsockets")
        }
        var request = BenchRequest(
            parts: selected, seconds: seconds, sessions: sessions, idleViewers: idleViewers,
            recordingMinutes: recordingMinutes, publicDirectory: self.public,
            loadThreads: loadThreads, encodings: encodings, smoke: smoke,
            loadScenes: demoOnly ? [.demo] : mix)
        request.loadClient = loadClient
        request.frameRounds = rounds
        request.repeats = repeats
        request.windows = windows
        request.baselineTraffic = try ReceiverTraffic.parse(baselineClients, option: "--baseline-clients")
        request.interactiveAcks = acks.interactiveAcks
        guard deltas == "on" || deltas == "off" else { throw ValidationError("--deltas must be on or off") }
        request.deltas = deltas == "on"
        let outcome = try BenchSuite.run(request)
        print(outcome.table)
        if !outcome.errors.isEmpty {
            FileHandle.standardError.write(
                Data(("bench: errors:\n" + outcome.errors.joined(separator: "\n") + "\n").utf8))
            throw ExitCode(2)
        }
        if strict && !smoke && outcome.missedTarget { throw ExitCode(1) }
    }
}
