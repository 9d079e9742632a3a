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
/// Like ProgressCast it speaks the `progresscast.v1` subprotocol on `/ws` and offers no
/// permessage-deflate here, so the same load generator connects to both.
public final class BaselineServer {
    private let frames: [[UInt8]]
    private let fps: Int
    private let kind: lws_write_protocol
    private let lifetimeSeconds: Double
    private var context: OpaquePointer?
    /// The protocol table, timer and C strings the context points to.
    private let storage = LWSStorage()
    private var protocols: UnsafeMutablePointer<lws_protocols> { storage.protocols }
    private var timer: UnsafeMutablePointer<pc_lws_timer> { storage.timer }
    private let headroom = Int(pc_lws_pre)
    /// Frames with LWS_PRE bytes of headroom in front (lws_write writes the header there).
    private var buffers: [[UInt8]]
    private var frameNumber = 0
    private var start: Int64 = 0
    private var stopped = false

    /// - Parameters:
    ///   - frames: the frame messages to send, in turn (each one a whole message).
    ///   - fps: frames per second per connection.
    ///   - lifetimeSeconds: the server stops by itself after this long (a bound for benchmark runs).
    ///   - binary: send them as binary messages (binary frames) instead of text.
    public init(frames: [[UInt8]], fps: Int, lifetimeSeconds: Double, binary: Bool = false) {
        kind = binary ? LWS_WRITE_BINARY : LWS_WRITE_TEXT
        self.frames = frames.isEmpty ? [Array(#"{"type":"frame"}"#.utf8)] : frames
        self.fps = max(1, fps)
        self.lifetimeSeconds = lifetimeSeconds
        buffers = self.frames.map { [UInt8](repeating: 0, count: Int(pc_lws_pre)) + $0 }
    }

    /// Listens on `host:port` (0: any free port), calls `onListening` with the port, and serves
    /// on the calling thread until the lifetime ends.
    public func run(host: String, port: Int, onListening: (Int) -> Void) throws(LoadError) {
        protocols[0].name = UnsafePointer(storage.cString("progresscast.v1"))
        protocols[0].callback = baselineCallback
        protocols[0].per_session_data_size = MemoryLayout<Int>.size
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

    /// Writes the current frame unless this connection already has it.
    func writable(_ wsi: OpaquePointer, sent: UnsafeMutablePointer<Int>) -> Int32 {
        guard sent.pointee != frameNumber else { return 0 }
        sent.pointee = frameNumber
        let index = frameNumber % buffers.count
        let count = frames[index].count
        let written = buffers[index].withUnsafeMutableBytes { buffer -> Int32 in
            guard let base = buffer.baseAddress else { return -1 }
            return lws_write(wsi, base.assumingMemoryBound(to: UInt8.self) + headroom, count, kind)
        }
        return written < 0 ? -1 : 0
    }
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
        user?.storeBytes(of: -1, as: Int.self)
    case LWS_CALLBACK_SERVER_WRITEABLE:
        guard let user else { return 0 }
        return server.writable(wsi, sent: user.assumingMemoryBound(to: Int.self))
    default:
        break
    }
    return 0
}

/// The baseline server's frame-period timer.
private func baselineTick(_ sul: UnsafeMutablePointer<lws_sorted_usec_list_t>?) {
    timerOwner(of: sul, as: BaselineServer.self)?.tick()
}
