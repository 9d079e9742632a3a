import CLibWebSockets

#if canImport(Glibc)
    import Glibc
#endif

/// The load generator over a libwebsockets 4.1 client context. libwebsockets parses every
/// received payload byte by byte in `lws_ws_client_rx_sm` (about 5 ns a byte), so on a 2 KB JSON
/// frame this client costs about as much as the server it measures.
final class LWSLoadTransport: LoadTransport {
    private let options: LoadOptions
    private var context: OpaquePointer?
    private weak var generator: LoadGenerator?
    /// The protocol table, timer and C strings the context points to.
    private let storage = LWSStorage()
    private var timer: UnsafeMutablePointer<pc_lws_timer> { storage.timer }
    private var hostC: UnsafeMutablePointer<CChar>?
    private var pathC: UnsafeMutablePointer<CChar>?
    private var protocolC: UnsafeMutablePointer<CChar>?
    private let headroom = Int(pc_lws_pre)

    init(options: LoadOptions) {
        self.options = options
    }

    func serve(_ generator: LoadGenerator) throws(LoadError) {
        self.generator = generator
        hostC = storage.cString(options.host)
        pathC = storage.cString(options.path)
        protocolC = storage.cString("progresscast.v1")
        let protocols = storage.protocols
        protocols[0].name = UnsafePointer(protocolC)
        protocols[0].callback = loadClientCallback
        protocols[0].rx_buffer_size = options.receiveBufferSize

        lws_set_log_level(pc_lws_log_err, nil)
        var info = lws_context_creation_info()
        info.port = CONTEXT_PORT_NO_LISTEN
        info.protocols = UnsafePointer(protocols)
        info.user = Unmanaged.passUnretained(self).toOpaque()
        info.pt_serv_buf_size = UInt32(max(4096, options.receiveBufferSize))
        guard let context = lws_create_context(&info) else {
            throw LoadError("cannot create a libwebsockets client context")
        }
        self.context = context
        timer.pointee.owner = Unmanaged.passUnretained(self).toOpaque()
        lws_sul_schedule(context, 0, pc_lws_timer_sul(timer), loadClientTick, 1000)
        while !generator.stopped {
            if lws_service(context, 0) < 0 { break }
            if options.servicePause > 0 { usleep(UInt32(options.servicePause)) }
        }
        lws_sul_cancel(pc_lws_timer_sul(timer))
        lws_context_destroy(context)
        self.context = nil
    }

    func open(_ connection: ClientConnection) -> Bool {
        guard let context else { return false }
        var info = lws_client_connect_info()
        info.context = context
        info.address = UnsafePointer(hostC)
        info.port = Int32(options.port)
        info.path = UnsafePointer(pathC)
        info.host = UnsafePointer(hostC)
        info.protocol = UnsafePointer(protocolC)
        info.ietf_version_or_minus_one = -1
        info.opaque_user_data = Unmanaged.passUnretained(connection).toOpaque()
        guard let wsi = lws_client_connect_via_info(&info) else { return false }
        connection.wsi = wsi
        return true
    }

    func wantsToWrite(_ connection: ClientConnection) {
        if let wsi = connection.wsi { lws_callback_on_writable(wsi) }
    }

    fileprivate func tick() {
        guard let context, let generator else { return }
        generator.tick()
        if generator.stopped {
            lws_cancel_service(context)
        } else {
            lws_sul_schedule(
                context, 0, pc_lws_timer_sul(timer), loadClientTick, lws_usec_t(LoadGenerator.tickMicroseconds))
        }
    }

    fileprivate func established(_ connection: ClientConnection, wsi: OpaquePointer) {
        connection.wsi = wsi
        generator?.established(connection)
    }

    fileprivate func writable(_ connection: ClientConnection, wsi: OpaquePointer) -> Int32 {
        guard let message = connection.popOutgoing() else { return 0 }
        // libwebsockets writes its frame header into the LWS_PRE bytes in front of the payload.
        var bytes = [UInt8](repeating: 0, count: headroom + message.bytes.count)
        bytes.replaceSubrange(headroom..., with: message.bytes)
        let written = bytes.withUnsafeMutableBytes { buffer -> Int32 in
            guard let base = buffer.baseAddress else { return -1 }
            return lws_write(
                wsi, base.assumingMemoryBound(to: UInt8.self) + headroom, message.bytes.count, LWS_WRITE_TEXT)
        }
        guard written >= 0 else { return -1 }
        // As the epoll client does: end the interactive mode the write began.
        if !options.interactiveAcks { InteractiveAcks.end(on: lws_get_socket_fd(wsi)) }
        generator?.wrote(message, on: connection)
        if connection.hasOutgoing { lws_callback_on_writable(wsi) }
        return 0
    }

    fileprivate func received(_ connection: ClientConnection, wsi: OpaquePointer, bytes: UnsafeRawPointer?, count: Int)
    {
        guard let generator else { return }
        let chunk = UnsafeRawBufferPointer(start: bytes, count: bytes == nil ? 0 : count)
        let final = lws_is_final_fragment(wsi) != 0 && lws_remaining_packet_payload(wsi) == 0
        if connection.assembly.isEmpty && final {
            generator.message(chunk, on: connection)
            return
        }
        connection.assembly.append(contentsOf: chunk)
        if final {
            let whole = connection.assembly
            connection.assembly.removeAll(keepingCapacity: true)
            whole.withUnsafeBytes { generator.message($0, on: connection) }
        }
    }

    fileprivate func closed(_ connection: ClientConnection) {
        connection.wsi = nil
        generator?.closed(connection)
    }
}

/// libwebsockets' client protocol callback (C convention, on the load generator's thread).
private func loadClientCallback(
    _ wsi: OpaquePointer?,
    _ reason: lws_callback_reasons,
    _ user: UnsafeMutableRawPointer?,
    _ input: UnsafeMutableRawPointer?,
    _ length: Int
) -> Int32 {
    guard let wsi, let transport = contextOwner(of: wsi, as: LWSLoadTransport.self) else { return 0 }
    guard let raw = lws_get_opaque_user_data(wsi) else { return 0 }
    let connection = Unmanaged<ClientConnection>.fromOpaque(raw).takeUnretainedValue()
    switch reason {
    case LWS_CALLBACK_CLIENT_ESTABLISHED:
        transport.established(connection, wsi: wsi)
    case LWS_CALLBACK_CLIENT_RECEIVE:
        transport.received(connection, wsi: wsi, bytes: UnsafeRawPointer(input), count: length)
    case LWS_CALLBACK_CLIENT_WRITEABLE:
        return transport.writable(connection, wsi: wsi)
    case LWS_CALLBACK_CLIENT_CONNECTION_ERROR, LWS_CALLBACK_CLIENT_CLOSED:
        transport.closed(connection)
    default:
        break
    }
    return 0
}

/// The load generator's periodic tick (ramp-up, timed commands, window bookkeeping).
private func loadClientTick(_ sul: UnsafeMutablePointer<lws_sorted_usec_list_t>?) {
    timerOwner(of: sul, as: LWSLoadTransport.self)?.tick()
}
