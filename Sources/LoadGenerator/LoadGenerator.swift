import Dispatch
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A WebSocket client that opens many connections to a ProgressCast server (or the bare
/// baseline server), drives them, and times every frame it receives.
///
/// It runs on the calling thread (``run()`` blocks until the measured window ends) over one of
/// two transports (``LoadOptions/client``): a minimal epoll client of its own (the default; it
/// reads a frame's header and hands the payload over without touching its bytes) or a
/// libwebsockets client context (which parses every received byte). Its per-message work is a
/// prefix check, a timestamp and, while a timed command is in flight, one `memmem`. It offers no
/// extensions (no permessage-deflate).
///
/// Measurements, inside the window only (after setup and warmup):
/// - fps: frames received per connection per second;
/// - frame interval: time between consecutive frames of one connection;
/// - command-to-frame latency (live sessions): each session sends
///   `{"op":"hud.update","target":"h1","label":"cN"}` every ``LoadOptions/commandInterval`` seconds
///   (staggered across sessions, the next one only after the last was seen); the latency is from
///   the moment the command's bytes were handed to the kernel to the moment the first complete frame
///   containing `"text":"cN"` arrived. It includes the server's frame pacing (up to 1/fps).
public final class LoadGenerator {
    let options: LoadOptions
    /// How the connections reach the server (``LoadOptions/client``).
    private let transport: any LoadTransport
    /// Microseconds between two ticks (ramp-up, timed commands, window bookkeeping).
    static let tickMicroseconds = 2_000

    private var connections: [ClientConnection] = []
    /// Connections waiting to be opened, in order.
    private var connectQueue: [ClientConnection] = []
    private var connectQueueHead = 0
    private var pendingConnects = 0
    private var expected = 0
    private var settled = 0

    /// Set when the measured window is over: the transport stops serving.
    private(set) var stopped = false
    private var setupStart: Int64 = 0
    private var windowStart: Int64 = .max
    private var windowEnd: Int64 = .max
    private var serverAtStart: ProcessSample?
    private var clientAtStart: ProcessSample?

    private var report = LoadReport()
    private var intervals: [Float] = []
    private var latencies: [Float] = []
    private let framePrefix = Array(#"{"type":"frame""#.utf8)
    /// The first bytes of a binary frame (`PCF1`, docs/protocol.md section 9).
    private let binaryFramePrefix: [UInt8] = [0x50, 0x43, 0x46, 0x31]
    /// The first bytes of a delta, JSON and binary (`PCD1`, docs/protocol.md section 10): a frame
    /// sent as what changed counts as a frame.
    private let deltaPrefix = Array(#"{"type":"delta""#.utf8)
    private let binaryDeltaPrefix: [UInt8] = [0x50, 0x43, 0x44, 0x31]
    private let ackPrefix = Array(#"{"type":"ack""#.utf8)
    private let errorPrefix = Array(#"{"type":"error""#.utf8)
    private let sessionKey = Array(#""session":""#.utf8)

    /// A generator for one run with `options` (see ``run()``).
    public init(options: LoadOptions) {
        self.options = options
        switch options.client {
        case .libwebsockets: transport = LWSLoadTransport(options: options)
        case .epoll: transport = EpollLoadTransport(options: options)
        }
    }

    /// Opens the connections, sets them up, waits out the warmup, measures for the duration,
    /// closes everything and returns what it measured. Throws when the transport cannot start.
    public func run() throws(LoadError) -> LoadReport {
        if options.nice != 0 {
            // On Linux PRIO_PROCESS with 0 is the calling thread.
            _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, options.nice)
        }
        buildConnections()
        setupStart = MonotonicClock.nanoseconds()
        try transport.serve(self)
        finishReport()
        stopped = true
        return report
    }

    // MARK: Setup

    private func buildConnections() {
        switch options.mode {
        case .liveSessions:
            connections = (0..<options.sessions).map {
                ClientConnection(index: $0, role: .live(BenchScene.forConnection($0, mix: options.scenes)))
            }
            expected = options.sessions
        case .receiveOnly:
            connections = (0..<options.sessions).map {
                ClientConnection(index: $0, role: .receiver(BenchScene.forConnection($0, mix: options.scenes)))
            }
            expected = options.sessions
        case .idleViewers(let viewers):
            connections = (0..<options.sessions).map { ClientConnection(index: $0, role: .controller) }
            expected = options.sessions * (1 + viewers)
        }
        connectQueue = connections
        report.connectionsWanted = expected
    }

    /// Opens connections from the queue while fewer than the maximum are handshaking.
    private func rampUp() {
        while pendingConnects < options.maxPendingConnects, connectQueueHead < connectQueue.count {
            let connection = connectQueue[connectQueueHead]
            connectQueueHead += 1
            pendingConnects += 1
            if !transport.open(connection), connection.phase == .connecting {
                connectionFailed(connection)
            }
        }
    }

    private func connectionFailed(_ connection: ClientConnection) {
        if connection.phase == .connecting { pendingConnects -= 1 }
        connection.phase = .failed
        report.connectionsFailed += 1
        settled += 1
    }

    func established(_ connection: ClientConnection) {
        pendingConnects -= 1
        report.connectionsOpened += 1
        connection.phase = .settingUp
        switch connection.role {
        case .live(let scene):
            connection.acksWanted = sendSessionSetup(scene.loadOps, on: connection)
        case .controller:
            connection.acksWanted = sendSessionSetup(DemoScene.idleSceneOps, on: connection)
        case .viewer(let session):
            let frames = framesField.map { #","frames":"\#($0)""# } ?? ""
            let deltas = options.deltas ? #","delta":true"# : ""
            send(#"{"op":"session.join","id":1,"session":"\#(session)"\#(frames)\#(deltas)}"#, on: connection)
            connection.acksWanted = 1
        case .receiver(let scene):
            if options.receiverTraffic != .silent {
                // What a live session's client sends first; the baseline answers nothing, so
                // the connection is ready at once.
                sendSessionSetup(scene.loadOps, on: connection)
            }
            becameReady(connection)
        }
    }

    /// Sends `session.create` (id 1) and then `ops` (ids from 2); returns how many acks they ask for.
    @discardableResult
    private func sendSessionSetup(_ ops: [String], on connection: ClientConnection) -> Int {
        send(DemoScene.createOp(clock: "live", id: 1, frames: framesField, deltas: options.deltas), on: connection)
        for (index, op) in ops.enumerated() { send(withID(op, index + 2), on: connection) }
        return 1 + ops.count
    }

    /// The `frames` value to ask for (nil: the default, JSON).
    private var framesField: String? { options.frames == .binary ? "binary" : nil }

    private func withID(_ op: String, _ id: Int) -> String {
        "{\"id\":\(id)," + op.dropFirst()
    }

    private func becameReady(_ connection: ClientConnection) {
        connection.phase = .ready
        report.connectionsReady += 1
        settled += 1
        if sendsCommands(connection) {
            // Stagger the first command over one interval.
            let offset = Double(connection.index % 997) / 997 * options.commandInterval
            connection.nextCommandAt = MonotonicClock.nanoseconds() + Int64((offset + 0.5) * 1e9)
        }
        if case .controller = connection.role, case .idleViewers(let viewers) = options.mode,
            let session = connection.sessionID
        {
            for _ in 0..<viewers {
                let viewer = ClientConnection(index: connections.count, role: .viewer(session: session))
                connections.append(viewer)
                connectQueue.append(viewer)
            }
        }
    }

    /// Whether `connection` sends commands every ``LoadOptions/commandInterval`` (live sessions,
    /// and receivers when ``LoadOptions/receiverTraffic`` is `commands`).
    private func sendsCommands(_ connection: ClientConnection) -> Bool {
        switch connection.role {
        case .live: true
        case .receiver: options.receiverTraffic == .commands
        case .controller, .viewer: false
        }
    }

    private func setupFailed(_ connection: ClientConnection, _ text: String) {
        if report.firstError == nil { report.firstError = text }
        connection.phase = .failed
        settled += 1
        if case .controller = connection.role, case .idleViewers(let viewers) = options.mode {
            settled += viewers  // its viewers will never be opened
        }
    }

    // MARK: Sending

    private func send(_ text: String, on connection: ClientConnection, timed: Bool = false) {
        connection.enqueue(text, timed: timed)
        transport.wantsToWrite(connection)
    }

    /// The transport has handed `message` to the kernel.
    func wrote(_ message: ClientConnection.Outgoing, on connection: ClientConnection) {
        if message.timed { connection.pendingSentAt = MonotonicClock.nanoseconds() }
    }

    // MARK: Receiving

    /// A whole message arrived on `connection`.
    func message(_ text: UnsafeRawBufferPointer, on connection: ClientConnection) {
        if hasPrefix(text, framePrefix) || hasPrefix(text, binaryFramePrefix) || hasPrefix(text, binaryDeltaPrefix)
            || hasPrefix(text, deltaPrefix)
        {
            frameArrived(text, on: connection)
        } else if hasPrefix(text, ackPrefix) {
            guard connection.phase == .settingUp else { return }
            if case .controller = connection.role, connection.sessionID == nil {
                connection.sessionID = sessionValue(text)
            }
            connection.acksWanted -= 1
            if connection.acksWanted == 0 {
                if case .controller = connection.role, connection.sessionID == nil {
                    setupFailed(connection, "session.create's ack has no session id")
                } else {
                    becameReady(connection)
                }
            }
        } else if hasPrefix(text, errorPrefix) {
            report.errorReplies += 1
            let description = String(decoding: text.prefix(300), as: UTF8.self)
            if report.firstError == nil { report.firstError = description }
            if connection.phase == .settingUp { setupFailed(connection, description) }
        }
    }

    private func frameArrived(_ text: UnsafeRawBufferPointer, on connection: ClientConnection) {
        let now = MonotonicClock.nanoseconds()
        if now >= windowStart && now < windowEnd {
            connection.framesInWindow += 1
            report.frames += 1
            report.frameBytes += text.count
            if connection.lastFrameAt >= windowStart {
                intervals.append(Float(Double(now - connection.lastFrameAt) / 1e6))
            }
        }
        connection.lastFrameAt = now
        if let marker = connection.pendingMarker, connection.pendingSentAt > 0, Self.find(marker, in: text) != nil {
            if connection.pendingSentAt >= windowStart && connection.pendingSentAt < windowEnd {
                latencies.append(Float(Double(now - connection.pendingSentAt) / 1e6))
            }
            connection.pendingMarker = nil
            connection.pendingSentAt = 0
        }
    }

    private func hasPrefix(_ text: UnsafeRawBufferPointer, _ prefix: [UInt8]) -> Bool {
        guard text.count >= prefix.count else { return false }
        for index in prefix.indices where text[index] != prefix[index] { return false }
        return true
    }

    /// The value of the first `"session":"..."` member (session ids are plain hex).
    private func sessionValue(_ text: UnsafeRawBufferPointer) -> String? {
        guard let start = Self.find(sessionKey, in: text) else { return nil }
        let from = start + sessionKey.count
        guard let end = text[from...].firstIndex(of: UInt8(ascii: "\"")) else { return nil }
        return String(decoding: text[from..<end], as: UTF8.self)
    }

    /// The offset of the first occurrence of `needle` in `haystack` (memchr for the first byte,
    /// then memcmp).
    static func find(_ needle: [UInt8], in haystack: UnsafeRawBufferPointer) -> Int? {
        guard let first = needle.first, let base = haystack.baseAddress, needle.count <= haystack.count else {
            return nil
        }
        return needle.withUnsafeBytes { pattern -> Int? in
            guard let patternBase = pattern.baseAddress else { return nil }
            var offset = 0
            let last = haystack.count - needle.count
            while offset <= last {
                guard let hit = memchr(base + offset, Int32(first), last - offset + 1) else { return nil }
                let position = base.distance(to: UnsafeRawPointer(hit))
                if memcmp(base + position, patternBase, needle.count) == 0 { return position }
                offset = position + 1
            }
            return nil
        }
    }

    func closed(_ connection: ClientConnection) {
        guard !stopped else { return }
        if report.firstError == nil, let reason = connection.lastTransportError { report.firstError = reason }
        switch connection.phase {
        case .connecting:
            connectionFailed(connection)
        case .settingUp:
            connection.phase = .closed
            report.connectionsClosedEarly += 1
            settled += 1
        case .ready:
            connection.phase = .closed
            report.connectionsClosedEarly += 1
        case .failed, .closed:
            break
        }
    }

    // MARK: Ticks

    /// Called by the transport every ``tickMicroseconds``: ramps up, opens and closes the
    /// measured window, sends due commands. Sets ``stopped`` when the window is over.
    func tick() {
        guard !stopped else { return }
        let now = MonotonicClock.nanoseconds()
        rampUp()
        if windowStart == .max {
            let timedOut = Double(now - setupStart) / 1e9 > options.setupTimeout
            if settled >= expected || timedOut {
                report.setupSeconds = Double(now - setupStart) / 1e9
                windowStart = now + Int64(options.warmup * 1e9)
                windowEnd = windowStart + Int64(options.duration * 1e9)
            }
        } else if serverAtStart == nil && clientAtStart == nil && now >= windowStart {
            serverAtStart = options.serverPID.flatMap { ProcessSample.read(pid: $0) }
            clientAtStart = ProcessSample.read(pid: nil)
            if serverAtStart == nil && options.serverPID != nil {
                serverAtStart = ProcessSample.read(pid: options.serverPID)
            }
            options.onWindowEdge?(.start)
        }
        if now >= windowEnd {
            stopped = true
            return
        }
        if options.mode == .liveSessions || options.receiverTraffic == .commands { sendDueCommands(now) }
    }

    private func sendDueCommands(_ now: Int64) {
        let interval = Int64(options.commandInterval * 1e9)
        for connection in connections
        where connection.phase == .ready && sendsCommands(connection) && now >= connection.nextCommandAt {
            // A live session's label change is timed until a frame shows it; a receiver sends the
            // same ops untimed (the baseline shows no label).
            let scene: BenchScene
            let timed: Bool
            switch connection.role {
            case .live(let liveScene): (scene, timed) = (liveScene, true)
            case .receiver(let receiverScene): (scene, timed) = (receiverScene, false)
            case .controller, .viewer: continue
            }
            if timed, connection.pendingMarker != nil {
                // Not seen within 2 s: count it lost and move on.
                guard connection.pendingSentAt > 0, now - connection.pendingSentAt > 2_000_000_000 else { continue }
                if connection.pendingSentAt >= windowStart && connection.pendingSentAt < windowEnd {
                    report.latencyLost += 1
                }
            }
            connection.commandCounter += 1
            let label = "c\(connection.commandCounter)"
            if timed {
                connection.pendingMarker = DemoScene.labelMarker(label, encoding: options.frames)
                connection.pendingSentAt = 0
            }
            connection.nextCommandAt = now + interval
            // The navigation scene pushes its second screen again (untimed; its acks are ignored).
            for op in scene.restartOps { send(op, on: connection) }
            send(DemoScene.labelOp(label), on: connection, timed: timed)
        }
    }

    // MARK: Report

    private func finishReport() {
        let end = MonotonicClock.nanoseconds()
        if windowStart != .max { options.onWindowEdge?(.end) }
        let windowEndTime = min(end, windowEnd)
        report.windowSeconds = windowStart == .max ? 0 : max(0, Double(windowEndTime - windowStart) / 1e9)
        if let start = clientAtStart, let now = ProcessSample.read(pid: nil) {
            report.clientCPU = now.coreShare(since: start)
        }
        if let pid = options.serverPID, let now = ProcessSample.read(pid: pid) {
            if let start = serverAtStart {
                report.serverCPU = now.coreShare(since: start)
                report.serverSystemCPU = now.systemShare(since: start)
                report.serverThreads = now.threadShares(since: start)
            }
            report.serverResidentBytes = now.residentBytes
            report.serverPeakResidentBytes = now.peakResidentBytes
        }
        // Fps over the connections that measure frames (viewers only see a frame on join).
        let measured = connections.filter { connection in
            switch connection.role {
            case .live, .receiver: return connection.phase == .ready || connection.phase == .closed
            case .controller, .viewer: return false
            }
        }
        report.rates = measured.map { report.windowSeconds > 0 ? Double($0.framesInWindow) / report.windowSeconds : 0 }
        report.intervalSamples = intervals
        report.latencySampleValues = latencies
        Self.summarizeSamples(&report)
    }

    /// Sets the percentiles from the raw samples.
    static func summarizeSamples(_ report: inout LoadReport) {
        report.intervalSamples.sort()
        report.latencySampleValues.sort()
        report.intervalP50 = percentile(report.intervalSamples, 50)
        report.intervalP99 = percentile(report.intervalSamples, 99)
        report.intervalMax = Double(report.intervalSamples.last ?? 0)
        report.latencyP50 = percentile(report.latencySampleValues, 50)
        report.latencyP99 = percentile(report.latencySampleValues, 99)
        report.latencyMax = Double(report.latencySampleValues.last ?? 0)
        report.latencySamples = report.latencySampleValues.count
        if !report.rates.isEmpty {
            report.fpsMean = report.rates.reduce(0, +) / Double(report.rates.count)
            report.fpsMin = report.rates.min() ?? 0
        }
    }

    /// Runs `threads` generators at once, each on its own thread with its own libwebsockets
    /// context and a share of the sessions, and merges what they measured. One thread's event
    /// loop saturates at about 50,000 frames a second (libwebsockets 4.1 parses received
    /// payload byte by byte), so a single-threaded generator would be the bottleneck.
    public static func run(options: LoadOptions, threads: Int) throws(LoadError) -> LoadReport {
        let count = max(1, min(threads, options.sessions))
        if count == 1 { return try LoadGenerator(options: options).run() }
        let results = ResultBox(count: count)
        let done = DispatchGroup()
        for index in 0..<count {
            var options = options
            options.sessions = options.sessions / count + (index < options.sessions % count ? 1 : 0)
            let share = options
            done.enter()
            let thread = Thread {
                let result: Result<LoadReport, LoadError>
                do throws(LoadError) { result = .success(try LoadGenerator(options: share).run()) } catch {
                    result = .failure(error)
                }
                results.set(index, result)
                done.leave()
            }
            thread.stackSize = 1 << 20
            thread.start()
        }
        done.wait()
        var reports: [LoadReport] = []
        for result in results.all() {
            switch result {
            case .success(let report): reports.append(report)
            case .failure(let error): throw error
            case nil: throw LoadError("a load generator thread produced no report")
            }
        }
        return merge(reports)
    }

    /// One report from several generators' reports (sums, concatenated samples, averaged windows).
    static func merge(_ reports: [LoadReport]) -> LoadReport {
        guard var merged = reports.first else { return LoadReport() }
        for other in reports.dropFirst() {
            merged.connectionsWanted += other.connectionsWanted
            merged.connectionsOpened += other.connectionsOpened
            merged.connectionsFailed += other.connectionsFailed
            merged.connectionsClosedEarly += other.connectionsClosedEarly
            merged.connectionsReady += other.connectionsReady
            merged.setupSeconds = max(merged.setupSeconds, other.setupSeconds)
            merged.windowSeconds += other.windowSeconds
            merged.frames += other.frames
            merged.frameBytes += other.frameBytes
            merged.latencyLost += other.latencyLost
            merged.errorReplies += other.errorReplies
            merged.firstError = merged.firstError ?? other.firstError
            merged.clientCPU = max(merged.clientCPU, other.clientCPU)
            merged.rates += other.rates
            merged.intervalSamples += other.intervalSamples
            merged.latencySampleValues += other.latencySampleValues
        }
        merged.windowSeconds /= Double(reports.count)
        summarizeSamples(&merged)
        return merged
    }

    /// Nearest-rank percentile of sorted samples (0 when empty).
    static func percentile(_ sorted: [Float], _ p: Double) -> Double {
        guard !sorted.isEmpty else { return 0 }
        let rank = Int((p / 100 * Double(sorted.count)).rounded(.up)) - 1
        return Double(sorted[min(max(rank, 0), sorted.count - 1)])
    }
}

/// Results of parallel generators, filled in by their threads.
private final class ResultBox: @unchecked Sendable {
    // @unchecked: every access holds `lock`.
    private let lock = NSLock()
    private var results: [Result<LoadReport, LoadError>?]

    init(count: Int) { results = Array(repeating: nil, count: count) }

    func set(_ index: Int, _ result: Result<LoadReport, LoadError>) {
        lock.lock()
        results[index] = result
        lock.unlock()
    }

    func all() -> [Result<LoadReport, LoadError>?] {
        lock.lock()
        defer { lock.unlock() }
        return results
    }
}

/// The load generator could not run.
public struct LoadError: Error, CustomStringConvertible {
    /// What went wrong.
    public var description: String
    /// An error saying `description`.
    public init(_ description: String) { self.description = description }
}
