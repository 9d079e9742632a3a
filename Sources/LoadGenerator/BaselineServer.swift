import CLibWebSockets

#if canImport(Glibc)
    import Glibc
#endif

/// The benchmark's baseline: a bare libwebsockets server (no sessions, no engine, no
/// ProgressCast transport layer) that pushes pre-encoded frame bytes to every connection at a
/// fixed rate: libwebsockets' minimal broadcast pattern, one timer per frame period asking for
/// a writeable callback on every connection (`lws_callback_on_writable_all_protocol`), one
/// `lws_write` of the current frame per connection per period. Frames are sent to a slow
/// connection only when it can take them (the newest frame wins), as ProgressCast does.
///
/// With `streams` above 1 the frames are that many interleaved streams (line `i` belongs to
/// stream `i % streams`, as ``ServerBenchmark``'s frames file holds the scenes of the load's
/// mix), and each connection is given one stream in turn as it connects and gets only that
/// stream's frames, as each ProgressCast session's connection gets its own scene's: every
/// connection sees the sizes, one after the other, that the server part's connections see,
/// which decides, with what the client sends, whether its kernel acks each frame as it reads
/// it or every second frame inside the sender's `send` (docs/benchmarks.md, "The baseline's
/// clients").
///
/// Like ProgressCast it speaks the `progresscast.v1` subprotocol on `/ws` and offers no
/// permessage-deflate here, so the same load generator connects to both.
public final class BaselineServer {
    private let fps: Int
    private let kind: lws_write_protocol
    private let lifetimeSeconds: Double
    private var context: OpaquePointer?
    /// The protocol table, timer and C strings the context points to.
    private let storage = LWSStorage()
    private var protocols: UnsafeMutablePointer<lws_protocols> { storage.protocols }
    private var timer: UnsafeMutablePointer<pc_lws_timer> { storage.timer }
    private let headroom = Int(pc_lws_pre)
    /// Each stream's frames with LWS_PRE bytes of headroom in front (lws_write writes the header
    /// there).
    private var buffers: [[[UInt8]]]
    /// The stream the next connection gets.
    private var nextStream = 0
    private var frameNumber = 0
    /// Whole messages the clients sent (read and dropped: the baseline answers nothing).
    public private(set) var messagesReceived = 0
    private var start: Int64 = 0
    private var stopped = false

    /// - Parameters:
    ///   - frames: the frame messages to send, in turn (each one a whole message).
    ///   - streams: how many interleaved streams `frames` holds (1: every connection gets every
    ///     frame in turn).
    ///   - fps: frames per second per connection.
    ///   - lifetimeSeconds: the server stops by itself after this long (a bound for benchmark runs).
    ///   - binary: send them as binary messages (binary frames) instead of text.
    public init(frames: [[UInt8]], streams: Int = 1, fps: Int, lifetimeSeconds: Double, binary: Bool = false) {
        kind = binary ? LWS_WRITE_BINARY : LWS_WRITE_TEXT
        let frames = frames.isEmpty ? [Array(#"{"type":"frame"}"#.utf8)] : frames
        // No more streams than frames, so that none is empty.
        let streams = min(max(1, streams), frames.count)
        let byStream = (0..<streams).map { stream in
            stride(from: stream, to: frames.count, by: streams).map { frames[$0] }
        }
        self.fps = max(1, fps)
        self.lifetimeSeconds = lifetimeSeconds
        buffers = byStream.map { $0.map { [UInt8](repeating: 0, count: Int(pc_lws_pre)) + $0 } }
    }

    /// Listens on `host:port` (0: any free port), calls `onListening` with the port, and serves
    /// on the calling thread until the lifetime ends.
    public func run(host: String, port: Int, onListening: (Int) -> Void) throws(LoadError) {
        protocols[0].name = UnsafePointer(storage.cString("progresscast.v1"))
        protocols[0].callback = baselineCallback
        protocols[0].per_session_data_size = MemoryLayout<ConnectionState>.size
        protocols[0].rx_buffer_size = 4096
        // Each frame in one send, as the server does (WebSocketServer.Configuration.sendPacketSize).
        protocols[0].tx_packet_size = 256 * 1024
        lws_set_log_level(pc_lws_log_err, nil)
        var info = lws_context_creation_info()
        info.port = Int32(port)
        info.iface = UnsafePointer(storage.cString(host))
        info.vhost_name = UnsafePointer(storage.cString("default"))
        info.protocols = UnsafePointer(protocols)
        info.user = Unmanaged.passUnretained(self).toOpaque()
        info.options = pc_lws_option_fail_upon_unable_to_bind | pc_lws_option_disable_ipv6
        guard let context = lws_create_context(&info) else { throw LoadError("cannot listen on \(host):\(port)") }
        self.context = context
        let bound = Int(lws_get_vhost_listen_port(lws_get_vhost_by_name(context, "default")))
        onListening(bound)
        start = MonotonicClock.nanoseconds()
        timer.pointee.owner = Unmanaged.passUnretained(self).toOpaque()
        lws_sul_schedule(context, 0, pc_lws_timer_sul(timer), baselineTick, 0)
        while !stopped {
            if lws_service(context, 0) < 0 { break }
        }
        lws_sul_cancel(pc_lws_timer_sul(timer))
        lws_context_destroy(context)
        self.context = nil
    }

    /// One frame period: the next frame becomes current and every connection is asked to write it.
    func tick() {
        guard let context else { return }
        let now = MonotonicClock.nanoseconds()
        if Double(now - start) / 1e9 >= lifetimeSeconds {
            stopped = true
            lws_cancel_service(context)
            return
        }
        frameNumber += 1
        lws_callback_on_writable_all_protocol(context, protocols)
        // Due times on a fixed grid, so the rate does not drift.
        let period = 1_000_000_000 / Int64(fps)
        let next = start + Int64(frameNumber) * period
        lws_sul_schedule(context, 0, pc_lws_timer_sul(timer), baselineTick, max(0, (next - now) / 1000))
    }

    /// Counts a whole message a client sent.
    fileprivate func messageReceived() {
        messagesReceived += 1
    }

    /// A new connection's state: no frame sent yet, and the next stream.
    fileprivate func connectionOpened() -> ConnectionState {
        defer { nextStream = (nextStream + 1) % buffers.count }
        return ConnectionState(sent: -1, stream: nextStream)
    }

    /// Writes its stream's current frame unless this connection already has it.
    fileprivate func writable(_ wsi: OpaquePointer, state: UnsafeMutablePointer<ConnectionState>) -> Int32 {
        guard state.pointee.sent != frameNumber else { return 0 }
        state.pointee.sent = frameNumber
        let stream = state.pointee.stream
        let index = frameNumber % buffers[stream].count
        let count = buffers[stream][index].count - headroom
        let written = buffers[stream][index].withUnsafeMutableBytes { buffer -> Int32 in
            guard let base = buffer.baseAddress else { return -1 }
            return lws_write(wsi, base.assumingMemoryBound(to: UInt8.self) + headroom, count, kind)
        }
        return written < 0 ? -1 : 0
    }
}

/// A baseline connection's state, in libwebsockets' per-session data.
private struct ConnectionState {
    /// The frame number it was last sent (-1: none yet).
    var sent: Int
    /// The stream it gets (see ``BaselineServer``).
    var stream: Int
}

/// The baseline server's protocol callback (C convention, on its service thread).
private func baselineCallback(
    _ wsi: OpaquePointer?,
    _ reason: lws_callback_reasons,
    _ user: UnsafeMutableRawPointer?,
    _ input: UnsafeMutableRawPointer?,
    _ length: Int
) -> Int32 {
    guard let wsi, let server = contextOwner(of: wsi, as: BaselineServer.self) else { return 0 }
    switch reason {
    case LWS_CALLBACK_ESTABLISHED:
        user?.storeBytes(of: server.connectionOpened(), as: ConnectionState.self)
    case LWS_CALLBACK_SERVER_WRITEABLE:
        guard let user else { return 0 }
        return server.writable(wsi, state: user.assumingMemoryBound(to: ConnectionState.self))
    case LWS_CALLBACK_RECEIVE:
        if lws_is_final_fragment(wsi) != 0 && lws_remaining_packet_payload(wsi) == 0 { server.messageReceived() }
    default:
        break
    }
    return 0
}

/// The baseline server's frame-period timer.
private func baselineTick(_ sul: UnsafeMutablePointer<lws_sorted_usec_list_t>?) {
    timerOwner(of: sul, as: BaselineServer.self)?.tick()
}
