import CEpoll

#if canImport(Glibc)
    import Glibc
#endif

/// The load generator over a minimal WebSocket client of its own on Linux epoll.
///
/// Why not libwebsockets: its client parses every received payload byte by byte (about 5 ns a
/// byte, 10 us for a 2 KB JSON frame), so on a 2-core machine the instrument took a third to a
/// half of the CPU it was meant to measure. This client reads what the kernel has with one
/// `recv` per ready socket, reads each frame's 2-10 byte header and hands the payload to the
/// generator in place: per frame it costs the `recv` and a few comparisons, whatever its size.
///
/// What it implements of RFC 6455: the opening handshake (checking `Sec-WebSocket-Accept`),
/// unmasked server frames of any length up to ``maximumMessage``, fragmented messages, ping
/// (answered with pong) and close, masked client frames. No extensions are offered.
final class EpollLoadTransport: LoadTransport {
    /// The largest message accepted; a bigger one closes the connection.
    static let maximumMessage = 16 << 20
    private static let readCapacity = 256 << 10
    private static let eventCapacity = 1024
    private static let maximumResponseHead = 16 << 10

    private let options: LoadOptions
    private weak var generator: LoadGenerator?
    private var epoll: Int32 = -1
    private var address = sockaddr_in()
    /// Sockets by slot (``ClientConnection/slot``); nil once closed.
    private var sockets: [Socket?] = []
    private let readBuffer = UnsafeMutableRawBufferPointer.allocate(byteCount: readCapacity, alignment: 16)
    /// xorshift64 state for frame masks (RFC 6455 asks for unpredictable masks; this is a benchmark
    /// client on loopback, seeded from the system generator).
    private var maskState = UInt64.random(in: 1...UInt64.max)

    init(options: LoadOptions) {
        self.options = options
    }

    deinit {
        readBuffer.deallocate()
    }

    // MARK: Loop

    func serve(_ generator: LoadGenerator) throws(LoadError) {
        self.generator = generator
        address = try Self.resolve(host: options.host, port: options.port)
        epoll = epoll_create1(Int32(EPOLL_CLOEXEC))
        guard epoll >= 0 else { throw LoadError("epoll_create1 failed: \(String(cString: strerror(errno)))") }
        let events = UnsafeMutablePointer<epoll_event>.allocate(capacity: Self.eventCapacity)
        defer {
            events.deallocate()
            for case let socket? in sockets { Glibc.close(socket.fd) }
            sockets.removeAll()
            Glibc.close(epoll)
            epoll = -1
        }
        let tick = Int64(LoadGenerator.tickMicroseconds) * 1000
        var nextTick = MonotonicClock.nanoseconds()
        while !generator.stopped {
            var now = MonotonicClock.nanoseconds()
            if now >= nextTick {
                generator.tick()
                if generator.stopped { break }
                now = MonotonicClock.nanoseconds()
                nextTick = now + tick
            }
            let timeout = Int32((nextTick - now + 999_999) / 1_000_000)
            let count = epoll_wait(epoll, events, Int32(Self.eventCapacity), timeout)
            if count < 0 {
                if errno == EINTR { continue }
                throw LoadError("epoll_wait failed: \(String(cString: strerror(errno)))")
            }
            for index in 0..<Int(count) {
                let event = events[index]
                handle(slot: Int(event.data.u64), events: event.events)
            }
            // Same pacing as the libwebsockets client: one wait then covers many ready sockets.
            if count > 0 && options.servicePause > 0 { usleep(UInt32(options.servicePause)) }
        }
    }

    private static func resolve(host: String, port: Int) throws(LoadError) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(truncatingIfNeeded: port).bigEndian)
        let name = host == "localhost" ? "127.0.0.1" : host
        guard inet_pton(AF_INET, name, &address.sin_addr) == 1 else {
            throw LoadError("the epoll client needs an IPv4 address, not \(host)")
        }
        return address
    }

    // MARK: Opening

    func open(_ connection: ClientConnection) -> Bool {
        let fd = socket(
            AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { return false }
        var one: Int32 = 1
        _ = setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
        var target = address
        let result = withUnsafePointer(to: &target) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard result == 0 || errno == EINPROGRESS else {
            Glibc.close(fd)
            return false
        }
        let slot = sockets.count
        let handshake = WebSocketHandshake(
            host: options.host, port: options.port, path: options.path, subprotocol: "progresscast.v1")
        let socket = Socket(fd: fd, connection: connection, handshake: handshake)
        sockets.append(socket)
        connection.slot = slot
        guard watch(socket, slot: slot, writes: true, add: true) else {
            sockets[slot] = nil
            connection.slot = -1
            Glibc.close(fd)
            return false
        }
        return true
    }

    /// Registers or updates the socket's interest: always reads, writes while `writes`.
    @discardableResult
    private func watch(_ socket: Socket, slot: Int, writes: Bool, add: Bool = false) -> Bool {
        var event = epoll_event()
        event.events = EPOLLIN.rawValue | EPOLLRDHUP.rawValue | (writes ? EPOLLOUT.rawValue : 0)
        event.data.u64 = UInt64(slot)
        socket.watchingWrites = writes
        return epoll_ctl(epoll, add ? EPOLL_CTL_ADD : EPOLL_CTL_MOD, socket.fd, &event) == 0
    }

    // MARK: Events

    private func handle(slot: Int, events: UInt32) {
        guard slot < sockets.count, let socket = sockets[slot] else { return }
        if socket.state == .connecting {
            guard events & (EPOLLOUT.rawValue | EPOLLERR.rawValue | EPOLLHUP.rawValue) != 0 else { return }
            var error: Int32 = 0
            var length = socklen_t(MemoryLayout<Int32>.size)
            guard getsockopt(socket.fd, SOL_SOCKET, SO_ERROR, &error, &length) == 0, error == 0 else {
                close(slot)
                return
            }
            socket.state = .handshaking
            socket.outbound = socket.handshake.request
            socket.queuedTotal = socket.outbound.count
            flush(socket, slot: slot)
            return
        }
        if events & EPOLLIN.rawValue != 0 {
            readable(socket, slot: slot)
            guard sockets[slot] != nil else { return }
        }
        if events & EPOLLOUT.rawValue != 0 { flush(socket, slot: slot) }
        if events & (EPOLLERR.rawValue | EPOLLHUP.rawValue) != 0, sockets[slot] != nil { close(slot) }
    }

    private func readable(_ socket: Socket, slot: Int) {
        guard let base = readBuffer.baseAddress else { return }
        let count = recv(socket.fd, base, Self.readCapacity, 0)
        if count < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR) { return }
        guard count > 0 else {
            close(slot)
            return
        }
        if socket.inbound.isEmpty {
            let consumed = process(UnsafeRawBufferPointer(start: base, count: count), socket: socket, slot: slot)
            if consumed < count, sockets[slot] != nil {
                socket.inbound.append(
                    contentsOf: UnsafeRawBufferPointer(start: base + consumed, count: count - consumed))
            }
        } else {
            socket.inbound.append(contentsOf: UnsafeRawBufferPointer(start: base, count: count))
            let pending = socket.inbound
            let consumed = pending.withUnsafeBytes { process($0, socket: socket, slot: slot) }
            if sockets[slot] != nil { socket.inbound.removeFirst(consumed) }
        }
    }

    /// Handles the complete handshake response and frames at the front of `bytes`; returns how
    /// many bytes it used (the rest waits for more data).
    private func process(_ bytes: UnsafeRawBufferPointer, socket: Socket, slot: Int) -> Int {
        var offset = 0
        if socket.state == .handshaking {
            guard let end = Self.headEnd(in: bytes) else {
                if bytes.count > Self.maximumResponseHead { fail(slot, "the handshake response is too long") }
                return 0
            }
            do throws(WebSocketHandshake.Failure) {
                try socket.handshake.check(responseHead: Array(bytes[..<end]))
            } catch {
                fail(slot, error.description)
                return 0
            }
            offset = end + 4
            socket.state = .open
            generator?.established(socket.connection)
            guard sockets[slot] != nil else { return offset }
        }
        while sockets[slot] != nil {
            let rest = UnsafeRawBufferPointer(rebasing: bytes[offset...])
            let header: WebSocketFrame.Header
            do throws(WebSocketFrame.ProtocolError) {
                guard let read = try WebSocketFrame.header(in: rest, maximumPayload: Self.maximumMessage) else { break }
                header = read
            } catch {
                fail(slot, error.description)
                break
            }
            let total = header.headerLength + header.payloadLength
            guard rest.count >= total else { break }
            let payload = UnsafeRawBufferPointer(rebasing: rest[header.headerLength..<total])
            offset += total
            frame(header, payload: payload, socket: socket, slot: slot)
        }
        return offset
    }

    private func frame(_ header: WebSocketFrame.Header, payload: UnsafeRawBufferPointer, socket: Socket, slot: Int) {
        switch header.opcode {
        case .text, .binary:
            guard !socket.assembling else { return fail(slot, "a new message began inside a fragmented one") }
            if header.final {
                generator?.message(payload, on: socket.connection)
            } else {
                socket.assembling = true
                socket.assembly = Array(payload)
            }
        case .continuation:
            guard socket.assembling else { return fail(slot, "a continuation frame with no message") }
            guard socket.assembly.count + payload.count <= Self.maximumMessage else {
                return fail(slot, "a fragmented message over \(Self.maximumMessage) bytes")
            }
            socket.assembly.append(contentsOf: payload)
            if header.final {
                socket.assembling = false
                let whole = socket.assembly
                socket.assembly = []
                whole.withUnsafeBytes { generator?.message($0, on: socket.connection) }
            }
        case .ping:
            queue(.pong, payload: Array(payload), socket: socket, slot: slot)
        case .pong:
            break
        case .close:
            // Echo the status code (RFC 6455 section 5.5.1), then close our side.
            queue(.close, payload: Array(payload.prefix(2)), socket: socket, slot: slot)
            close(slot)
        }
    }

    private static func headEnd(in bytes: UnsafeRawBufferPointer) -> Int? {
        guard bytes.count >= 4 else { return nil }
        for index in 0...(bytes.count - 4)
        where bytes[index] == 13 && bytes[index + 1] == 10 && bytes[index + 2] == 13 && bytes[index + 3] == 10 {
            return index
        }
        return nil
    }

    // MARK: Writing

    func wantsToWrite(_ connection: ClientConnection) {
        let slot = connection.slot
        guard slot >= 0, slot < sockets.count, let socket = sockets[slot], socket.state == .open else { return }
        while let message = connection.popOutgoing() {
            queue(.text, payload: message.bytes, socket: socket, slot: slot, flushing: false)
            if message.timed { socket.written.append((end: socket.queuedTotal, message: message)) }
        }
        flush(socket, slot: slot)
    }

    private func queue(
        _ opcode: WebSocketFrame.Opcode, payload: [UInt8], socket: Socket, slot: Int, flushing: Bool = true
    ) {
        maskState ^= maskState << 13
        maskState ^= maskState >> 7
        maskState ^= maskState << 17
        let frame = WebSocketFrame.clientFrame(opcode, payload: payload, mask: UInt32(truncatingIfNeeded: maskState))
        socket.outbound.append(contentsOf: frame)
        socket.queuedTotal += frame.count
        if flushing { flush(socket, slot: slot) }
    }

    /// Writes what the kernel takes; watches for writability while anything is left.
    private func flush(_ socket: Socket, slot: Int) {
        while socket.outboundStart < socket.outbound.count {
            let sent = socket.outbound.withUnsafeBytes { buffer -> Int in
                guard let base = buffer.baseAddress else { return 0 }
                return send(
                    socket.fd, base + socket.outboundStart, buffer.count - socket.outboundStart, Int32(MSG_NOSIGNAL))
            }
            if sent < 0 {
                if errno == EINTR { continue }
                if errno == EAGAIN || errno == EWOULDBLOCK { break }
                close(slot)
                return
            }
            socket.outboundStart += sent
            socket.writtenTotal += sent
            if sent > 0 && !options.interactiveAcks { InteractiveAcks.end(on: socket.fd) }
        }
        while let first = socket.written.first, first.end <= socket.writtenTotal {
            socket.written.removeFirst()
            generator?.wrote(first.message, on: socket.connection)
        }
        let pending = socket.outboundStart < socket.outbound.count
        if !pending {
            socket.outbound.removeAll(keepingCapacity: true)
            socket.outboundStart = 0
        }
        if pending != socket.watchingWrites { watch(socket, slot: slot, writes: pending) }
    }

    // MARK: Closing

    private func fail(_ slot: Int, _ reason: String) {
        if let socket = sockets[slot] { socket.connection.lastTransportError = reason }
        close(slot)
    }

    private func close(_ slot: Int) {
        guard let socket = sockets[slot] else { return }
        sockets[slot] = nil
        epoll_ctl(epoll, EPOLL_CTL_DEL, socket.fd, nil)
        Glibc.close(socket.fd)
        socket.connection.slot = -1
        generator?.closed(socket.connection)
    }
}

/// One connection's socket and buffers.
private final class Socket {
    enum State { case connecting, handshaking, open }

    let fd: Int32
    let connection: ClientConnection
    let handshake: WebSocketHandshake
    var state = State.connecting
    var watchingWrites = false
    /// Received bytes not yet used (a partial frame or handshake response).
    var inbound: [UInt8] = []
    /// A fragmented message being assembled.
    var assembling = false
    var assembly: [UInt8] = []
    /// Bytes waiting for the kernel, from `outboundStart` on.
    var outbound: [UInt8] = []
    var outboundStart = 0
    /// Bytes queued and written since the socket opened, to tell when a message has gone out.
    var queuedTotal = 0
    var writtenTotal = 0
    /// Messages whose last byte is at `end` (in queued bytes), reported once written.
    var written: [(end: Int, message: ClientConnection.Outgoing)] = []

    init(fd: Int32, connection: ClientConnection, handshake: WebSocketHandshake) {
        self.fd = fd
        self.connection = connection
        self.handshake = handshake
    }
}
