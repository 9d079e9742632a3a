import ArgumentParser
import Benchmarking
import Foundation
import LoadGenerator

/// `progresscast loadgen`: drives a running server with many WebSocket sessions and reports
/// delivered fps, frame intervals, command-to-frame latency and the server's CPU and memory.
struct LoadGen: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "loadgen",
        abstract: "Open many sessions against a server on this machine and measure what it delivers.",
        discussion: """
            Modes: live (each connection creates a live session with one of --scenes in turn: the demo \
            scene, HUD + bar + player animating; scroll, a table with a refreshing header under a HUD; \
            navigation, a stack pushing a screen again before each command, with a HUD; and changes the HUD's label every --command-interval seconds), receive (only \
            count frames: for the bare libwebsockets baseline), idle (--sessions unchanging sessions, \
            each joined by --viewers viewers). Command-to-frame latency runs from writing the label \
            change to receiving the first frame that shows the new label. Pass --server-pid to sample \
            the server's CPU and resident memory from /proc.
            """
    )

    @Option(help: "Server port on 127.0.0.1.")
    var port: Int

    @Option(help: "live, receive or idle.")
    var mode = "live"

    @Option(help: "Connections (live, receive) or sessions (idle).")
    var sessions = 1000

    @Option(help: "Viewers per session (idle mode).")
    var viewers = 100

    @Option(help: "Seconds measured after setup and warmup.")
    var duration: Double = 10

    @Option(help: "Seconds between setup and the measured window.")
    var warmup: Double = 2

    @Option(name: .customLong("command-interval"), help: "Seconds between timed commands of one session (live mode).")
    var commandInterval: Double = 1

    @Option(name: .customLong("server-pid"), help: "The server's process id, to sample its CPU and memory.")
    var serverPID: Int32?

    @Option(help: "Threads, each with its own client and a share of the connections.")
    var threads = 2

    @Option(help: "The client: epoll (reads frame headers only, the default) or libwebsockets (parses every byte).")
    var client = LoadClient.epoll.rawValue

    @Option(help: "Frames to ask for: json (the default format) or binary (docs/protocol.md section 9).")
    var frames = "json"

    @Option(
        help:
            "on: ask for frames as deltas (docs/protocol.md section 10), as the page does; off (the default): whole frames."
    )
    var deltas = "off"

    @Option(help: "Scenes of the live sessions, taken in turn (comma-separated): demo, scroll, navigation.")
    var scenes = BenchScene.allCases.map(\.rawValue).joined(separator: ",")

    @Option(
        name: .customLong("service-pause"),
        help:
            "Microseconds each thread pauses between service passes (0-10000; fewer polls, frames timestamped up to this late)."
    )
    var servicePause = LoadOptions().servicePause

    @Option(
        name: .customLong("receiver-traffic"),
        help: ArgumentHelp(
            "Receive mode: what each connection sends the server (--command-interval sets the interval): \(ReceiverTraffic.choicesHelp)."
        ))
    var receiverTraffic = ReceiverTraffic.silent.rawValue

    @OptionGroup var acks: InteractiveAcksOption

    func run() throws {
        var options = LoadOptions()
        options.port = port
        options.sessions = sessions
        options.duration = duration
        options.warmup = warmup
        options.commandInterval = commandInterval
        options.serverPID = serverPID
        guard let encoding = FrameEncoding(rawValue: frames) else {
            throw ValidationError("--frames must be json or binary")
        }
        options.frames = encoding
        guard deltas == "on" || deltas == "off" else { throw ValidationError("--deltas must be on or off") }
        options.deltas = deltas == "on"
        guard let loadClient = LoadClient(rawValue: client) else {
            throw ValidationError("--client must be epoll or libwebsockets")
        }
        options.client = loadClient
        guard (0...10_000).contains(servicePause) else { throw ValidationError("--service-pause must be in 0...10000") }
        options.servicePause = servicePause
        guard let mix = BenchScene.parseMix(scenes) else {
            throw ValidationError("--scenes: a comma-separated list of demo, scroll, navigation")
        }
        options.scenes = mix
        options.receiverTraffic = try ReceiverTraffic.parse(receiverTraffic, option: "--receiver-traffic")
        options.interactiveAcks = acks.interactiveAcks
        switch mode {
        case "live": options.mode = .liveSessions
        case "receive": options.mode = .receiveOnly
        case "idle": options.mode = .idleViewers(viewersPerSession: viewers)
        default: throw ValidationError("unknown --mode \"\(mode)\" (live, receive or idle)")
        }
        guard (1...20_000).contains(sessions), (0...1000).contains(viewers), duration > 0, duration <= 3600, warmup >= 0
        else {
            throw ValidationError("--sessions must be in 1...20000, --viewers in 0...1000, --duration in (0, 3600]")
        }
        guard (1...16).contains(threads) else { throw ValidationError("--threads must be in 1...16") }
        let report = try LoadGenerator.run(options: options, threads: threads)
        print(report.summary)
    }
}

/// `progresscast baseline`: the bare libwebsockets server the bench compares against.
struct Baseline: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "baseline",
        abstract: "Serve given frame bytes through bare libwebsockets at a fixed rate (the bench's baseline).",
        shouldDisplay: false
    )

    @Option(help: "TCP port on 127.0.0.1 (0 picks a free one).")
    var port = 0

    @Option(help: "A file of frame messages, one per line (with --binary: binary frames, one per line in hex).")
    var frames: String

    @Flag(help: "Send the frames as binary WebSocket messages.")
    var binary = false

    @Option(
        help: ArgumentHelp(
            "The frames file holds this many interleaved streams (line i belongs to stream i mod N); each connection gets one stream, given out in turn as they connect (1: every connection gets every line in turn)."
        ))
    var streams = 1

    @Option(help: "Frames per second per connection.")
    var fps = 60

    @Option(help: "Seconds after which the server stops by itself.")
    var seconds: Double = 120

    func run() throws {
        let data = try CommandFailure.read(frames)
        var lines = Array(data).split(separator: UInt8(ascii: "\n")).map { Array($0) }
        if binary {
            lines = try lines.map { line throws(ValidationError) -> [UInt8] in
                guard let bytes = HexBytes.decode(line) else {
                    throw ValidationError("--binary: a line of \(frames) is not hex")
                }
                return bytes
            }
        }
        guard (1...240).contains(fps), seconds > 0 else {
            throw ValidationError("--fps must be in 1...240 and --seconds positive")
        }
        guard (1...64).contains(streams) else { throw ValidationError("--streams must be in 1...64") }
        let server = BaselineServer(frames: lines, streams: streams, fps: fps, lifetimeSeconds: seconds, binary: binary)
        try server.run(host: "127.0.0.1", port: port) { bound in
            FileHandle.standardOutput.write(Data("listening on http://127.0.0.1:\(bound)\n".utf8))
        }
        // When the lifetime ends (a killed server prints nothing): what the clients sent.
        FileHandle.standardOutput.write(Data("received \(server.messagesReceived) messages\n".utf8))
    }
}
