/// The two ends of a load run's measured window (``LoadOptions/onWindowEdge``).
public enum LoadWindowEdge: Sendable, Equatable {
    case start
    case end
}

/// What a load run does and for how long.
public struct LoadOptions: Sendable {
    /// What each connection does once open.
    public enum Mode: Sendable, Equatable {
        /// Each connection creates a live session with one of ``LoadOptions/scenes`` (in turn;
        /// ``DemoScene``: HUD + bar + player animating, or ``BenchScene/scroll`` or
        /// ``BenchScene/navigation``) and sends a HUD label change every
        /// ``LoadOptions/commandInterval`` seconds, timing how long until a frame shows it.
        case liveSessions
        /// Each connection receives the frames the bare libwebsockets baseline server pushes,
        /// sending what ``LoadOptions/receiverTraffic`` says (the server ignores it).
        case receiveOnly
        /// `sessions` controllers each create a session with an unchanging scene, then
        /// `viewersPerSession` more connections join each one as viewers and stay idle.
        case idleViewers(viewersPerSession: Int)
    }

    /// Server address (loopback only: this is a local benchmark).
    public var host = "127.0.0.1"
    /// Server port.
    public var port = 8080
    /// The WebSocket path.
    public var path = "/ws"
    /// What each connection does.
    public var mode: Mode = .liveSessions
    /// Connections (live, receive-only) or sessions (idle viewers) to open.
    public var sessions = 1000
    /// Seconds measured, after everything is connected and set up and ``warmup`` has passed.
    public var duration: Double = 10
    /// Seconds between setup and the measured window.
    public var warmup: Double = 2
    /// Seconds between two timed commands of one session (staggered across sessions).
    public var commandInterval: Double = 1
    /// Connection handshakes in flight at once while ramping up.
    public var maxPendingConnects = 64
    /// Seconds the ramp-up (connecting and setting up) may take before the run gives up waiting.
    public var setupTimeout: Double = 60
    /// Bytes libwebsockets reads per receive callback per connection.
    public var receiveBufferSize = 8192
    /// The server process to sample (CPU, resident memory), if known.
    public var serverPID: Int32?
    /// Niceness of the generator's threads (Linux: per thread). On a machine shared with the
    /// server, a positive value lets the server have the CPU it needs while the generator uses
    /// what is left, so the generator does not slow down what it measures.
    public var nice: Int32 = 0

    /// Microseconds the generator pauses after each service pass (0: none), so that one `poll`
    /// covers many sockets with data instead of one or two: at 30,000 frames a second per thread
    /// `poll` over 500 sockets per few frames was half of the generator's CPU. Frames are then
    /// timestamped up to this much late, which can only make the measured intervals and
    /// latencies worse, never better. 200 us: 500 us cost as little CPU but its late timestamps
    /// showed in the latency p99 (about 2 ms worse over four runs).
    public var servicePause = 200

    /// Called when the measured window starts and when it has ended (on a generator thread; with
    /// several threads, once per thread), for a caller that reads the server's own figures over
    /// the same window. It must not block: the generator is timing frames when the window starts.
    public var onWindowEdge: (@Sendable (LoadWindowEdge) -> Void)?

    /// The client implementation: the epoll client (cheap per frame, the default) or a
    /// libwebsockets client context (parses every byte; kept to show both measure the same).
    public var client: LoadClient = .epoll

    /// How frames are asked for (docs/protocol.md section 9): canonical JSON text, or compact
    /// binary messages (`"frames":"binary"` on session.create and session.join).
    public var frames: FrameEncoding = .json

    /// Whether live sessions and viewers ask for frames as deltas (`"delta":true`, docs/protocol.md
    /// section 10), as the page does; off by default (whole frames, what the CPU targets were set
    /// with: docs/benchmarks.md, "Third round, frame deltas").
    public var deltas = false

    /// The scenes live sessions use, connection by connection in turn: by default all three
    /// (every third session the scroll scene, every third the navigation scene); `[.demo]` for
    /// the demo scene only.
    public var scenes: [BenchScene] = BenchScene.allCases

    /// What receive-only connections send (``Mode/receiveOnly``; the baseline ignores it):
    /// nothing by default (docs/benchmarks.md, "The baseline's clients").
    public var receiverTraffic: ReceiverTraffic = .silent

    /// Whether a connection may turn *interactive* to the kernel's TCP when its client writes
    /// (Linux's own behaviour). By default (false) the client sets `TCP_QUICKACK` after each
    /// write, which ends that mode, so every connection acks the frames it gets as its client
    /// reads them, whatever it sent and whatever the sizes of its frames: on loopback an
    /// interactive connection acks inside the sender's `send`, which charges the server for the
    /// client's acks, by an amount that depends on the frames' sizes and timing and so differs
    /// between the server part and the baseline part (docs/benchmarks.md, "The baseline's
    /// clients").
    public var interactiveAcks = false

    /// The defaults: 1,000 live sessions on 127.0.0.1:8080 for 10 s after a 2 s warmup.
    public init() {}
}

/// How a load run asks for frames.
public enum FrameEncoding: String, Sendable, CaseIterable {
    case json, binary
}

/// Everything a load run measured.
public struct LoadReport: Sendable {
    /// Connections asked for.
    public var connectionsWanted = 0
    /// Connections that completed the WebSocket handshake.
    public var connectionsOpened = 0
    /// Connections that failed to open or closed before the end.
    public var connectionsFailed = 0
    /// Connections closed before the end of the run.
    public var connectionsClosedEarly = 0
    /// Connections whose setup (session create, scene ops, join) succeeded.
    public var connectionsReady = 0
    /// Seconds from the first connect to everything set up.
    public var setupSeconds = 0.0
    /// Length of the measured window in seconds.
    public var windowSeconds = 0.0
    /// Frames received in the window (all connections).
    public var frames = 0
    /// Bytes of frames received in the window.
    public var frameBytes = 0
    /// Frames per second per measured connection, averaged.
    public var fpsMean = 0.0
    /// The lowest frames per second of one measured connection.
    public var fpsMin = 0.0
    /// Median of the milliseconds between consecutive frames of one connection, over every connection.
    public var intervalP50 = 0.0
    /// 99th percentile of the frame interval (ms).
    public var intervalP99 = 0.0
    /// Longest frame interval (ms).
    public var intervalMax = 0.0
    /// Median command-to-frame latency in milliseconds: from writing the command to the socket to
    /// receiving the first frame whose content reflects it.
    public var latencyP50 = 0.0
    /// 99th percentile of the command-to-frame latency (ms).
    public var latencyP99 = 0.0
    /// Longest command-to-frame latency (ms).
    public var latencyMax = 0.0
    /// Timed commands whose latency was measured.
    public var latencySamples = 0
    /// Timed commands not reflected by any frame within 2 s.
    public var latencyLost = 0
    /// Error replies from the server (the first one kept as an example).
    public var errorReplies = 0
    /// The first error reply or failure seen, if any.
    public var firstError: String?
    /// The server's share of one core over the window.
    public var serverCPU: Double?
    /// The part of ``serverCPU`` the kernel spent on the server's behalf (its `send`s and the
    /// loopback delivery they run, its waits for events): the rest ran the server's own code.
    public var serverSystemCPU: Double?
    /// The server's threads over the window, busiest first (``ProcessSample/threadShares(since:)``).
    public var serverThreads: [ThreadShare] = []
    /// The server's resident memory at the end (bytes).
    public var serverResidentBytes: Int?
    /// The server's peak resident memory (bytes).
    public var serverPeakResidentBytes: Int?
    /// The load generator's own share of one core over the window.
    public var clientCPU = 0.0

    /// Raw samples, kept for merging the reports of parallel generators.
    var rates: [Double] = []
    var intervalSamples: [Float] = []
    var latencySampleValues: [Float] = []

    /// Server CPU time per frame delivered in the window, in microseconds.
    public var serverMicrosecondsPerFrame: Double? {
        guard let serverCPU else { return nil }
        return microsecondsPerFrame(serverCPU)
    }

    /// Server CPU time the kernel spent per frame delivered in the window, in microseconds.
    public var serverSystemMicrosecondsPerFrame: Double? {
        guard let serverSystemCPU else { return nil }
        return microsecondsPerFrame(serverSystemCPU)
    }

    /// `share` of one core over the window, per frame delivered in it, in microseconds (nil
    /// without frames).
    public func microsecondsPerFrame(_ share: Double) -> Double? {
        frames > 0 ? share * windowSeconds / Double(frames) * 1e6 : nil
    }

    /// Load generator CPU time per frame received in the window, in microseconds.
    public var clientMicrosecondsPerFrame: Double? { microsecondsPerFrame(clientCPU) }

    /// An empty report.
    public init() {}

    /// A few lines for people.
    public var summary: String {
        var lines: [String] = []
        lines.append(
            "connections: \(connectionsOpened)/\(connectionsWanted) open, \(connectionsReady) ready, \(connectionsFailed) failed, \(connectionsClosedEarly) closed early; setup \(fmt(setupSeconds)) s"
        )
        lines.append("window: \(fmt(windowSeconds)) s, \(frames) frames, \(frameBytes / max(frames, 1)) B each")
        lines.append("fps per connection: mean \(fmt(fpsMean)), min \(fmt(fpsMin))")
        lines.append(
            "frame interval: p50 \(fmt(intervalP50)) ms, p99 \(fmt(intervalP99)) ms, max \(fmt(intervalMax)) ms")
        if latencySamples > 0 || latencyLost > 0 {
            lines.append(
                "command-to-frame: p50 \(fmt(latencyP50)) ms, p99 \(fmt(latencyP99)) ms, max \(fmt(latencyMax)) ms (\(latencySamples) samples, \(latencyLost) lost)"
            )
        }
        if let serverCPU {
            let perFrame = serverMicrosecondsPerFrame.map { ", \(fmt($0)) us per frame" } ?? ""
            lines.append(
                "server: \(fmt(serverCPU * 100)) % of a core\(perFrame), \(mib(serverResidentBytes)) MiB resident (peak \(mib(serverPeakResidentBytes)) MiB)"
            )
            if let system = serverSystemCPU {
                lines.append("  of which the kernel: \(fmt(system * 100)) % of a core")
            }
            for thread in serverThreads {
                lines.append(
                    "  thread \(thread.name): \(fmt((thread.user + thread.system) * 100)) % of a core (kernel \(fmt(thread.system * 100)) %)"
                )
            }
        }
        let perFrame = clientMicrosecondsPerFrame.map { ", \(fmt($0)) us per frame" } ?? ""
        lines.append("load generator: \(fmt(clientCPU * 100)) % of a core\(perFrame)")
        if errorReplies > 0 { lines.append("error replies: \(errorReplies), first: \(firstError ?? "")") }
        return lines.joined(separator: "\n")
    }

    private func fmt(_ value: Double) -> String {
        let scaled = (value * 100).rounded() / 100
        return "\(scaled)"
    }

    private func mib(_ bytes: Int?) -> String { bytes.map { fmt(Double($0) / 1_048_576) } ?? "?" }
}

/// What a receive-only connection sends to the server it measures (``LoadOptions/receiverTraffic``).
///
/// What a client writes can make its connection *interactive* to the kernel's TCP, which
/// decides who pays for the acks of the frames it receives (``InteractiveAcks``); with
/// ``LoadOptions/interactiveAcks`` left false the client ends that mode after each write, so
/// the traffic chosen here changes what the baseline reads, not who pays for the acks. The
/// options other than `silent` reproduce the twenty-eighth session's comparison
/// (docs/benchmarks.md, "The baseline's clients").
public enum ReceiverTraffic: String, Sendable, CaseIterable {
    /// Nothing: the connection only receives (the default).
    case silent
    /// The messages a live session's client sends to set its scene up (``BenchScene``'s
    /// `session.create` and load ops, for the connection's scene), once, as it connects.
    case setup
    /// ``setup``, then the same commands a live session's client sends every
    /// ``LoadOptions/commandInterval`` seconds (the scene's restart ops and the label change),
    /// untimed.
    case commands
}
