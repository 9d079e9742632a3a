import CLibWebSockets

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// WebSocket callbacks: upgrade filtering, open, receive, write, close.
extension ServerLoop {
    /// FILTER_PROTOCOL_CONNECTION: returns false to refuse the upgrade (wrong path or
    /// protocol, stopping, too many connections, a foreign Origin, or no access token).
    func shouldAcceptUpgrade(_ wsi: OpaquePointer) -> Bool {
        let accepted =
            !isStopping
            && lws_get_protocol(wsi)?.pointee.id == ContextResources.webSocketProtocolID
            && RequestReader.header(wsi, WSI_TOKEN_GET_URI) == configuration.webSocketPath
            && configuration.maxConnections.map({ connections.count < $0 }) ?? true
            && originPolicy.permits(
                origin: RequestReader.header(wsi, WSI_TOKEN_ORIGIN),
                host: RequestReader.header(wsi, WSI_TOKEN_HOST))
            && configuration.accessToken.map({ permits(wsi, token: $0) }) ?? true
        if !accepted {
            control.counters.upgradesRefused.bump()
        }
        return accepted
    }

    /// ESTABLISHED: creates the connection's state, stores it (retained) in the
    /// per-session pointer and tells the handler.
    func connectionEstablished(_ wsi: OpaquePointer, sessionSlot: UnsafeMutableRawPointer?) {
        guard let sessionSlot else { return }
        lastConnectionID += 1
        let socket = lws_get_socket_fd(wsi)
        // libwebsockets negotiates permessage-deflate only with a client that offered an extension.
        let mayDeflate = configuration.permessageDeflate && RequestReader.header(wsi, WSI_TOKEN_EXTENSIONS) != nil
        let connection = Connection(
            id: ConnectionID(rawValue: lastConnectionID, slot: Int(socket)), wsi: wsi, socket: socket,
            configuration: configuration, mayDeflate: mayDeflate)
        sessionSlot.storeBytes(of: Unmanaged.passRetained(connection).toOpaque(), as: UnsafeMutableRawPointer?.self)
        connections[connection.id] = connection
        // Watched for input since it was accepted (``ReadySockets``); for output too if the
        // handshake's reply is not all sent yet.
        followPartialWrite(connection)
        control.counters.connectionsOpen.bump()
        control.counters.connectionsAccepted.bump()
        let info = ConnectionInfo(
            id: connection.id,
            remoteAddress: RequestReader.peerAddress(wsi),
            path: RequestReader.header(wsi, WSI_TOKEN_GET_URI) ?? configuration.webSocketPath,
            queryItems: RequestReader.queryItems(wsi),
            headers: RequestReader.headers(wsi))
        if isStopping {
            beginClose(
                connection, code: .goingAway, reason: "server stopping", cause: .serverStopping, flushQueueFirst: false)
        }
        handler.connectionOpened(info, loop: self)
    }

    /// RECEIVE: reassembles and delivers text. Binary data or an oversized message
    /// starts a close (1003, 1009) performed from the writeable callback; input after
    /// that is dropped unread. (Returning -1 here would not close a connection whose
    /// data passes through permessage-deflate in libwebsockets 4.1: it only stops the
    /// RECEIVE callbacks.)
    func received(_ connection: Connection, bytes: UnsafeMutableRawPointer?, count: Int) -> Int32 {
        guard connection.pendingClose == nil else { return 0 }
        let wsi = connection.wsi
        if lws_frame_is_binary(wsi) != 0 {
            beginClose(
                connection, code: .unsupportedData, reason: "binary messages are not accepted", cause: .unsupportedData,
                flushQueueFirst: false)
            return 0
        }
        let chunk = UnsafeRawBufferPointer(start: bytes, count: bytes == nil ? 0 : count)
        let isFinal = lws_is_final_fragment(wsi) != 0 && lws_remaining_packet_payload(wsi) == 0
        switch connection.assembler.accept(chunk, isFinal: isFinal) {
        case .needMore:
            break
        case .tooBig:
            beginClose(
                connection, code: .messageTooBig, reason: "message too big", cause: .messageTooBig,
                flushQueueFirst: false)
        case .completeInChunk:
            control.counters.messagesReceived.bump()
            handler.messageReceived(chunk, from: connection.id, loop: self)
        case .complete(let message):
            control.counters.messagesReceived.bump()
            message.withUnsafeBytes { handler.messageReceived($0, from: connection.id, loop: self) }
            connection.assembler.recycle(message)
        }
        return 0
    }

    /// WS_PEER_INITIATED_CLOSE: remembers the peer's close code (libwebsockets echoes
    /// the close frame itself).
    func peerInitiatedClose(_ connection: Connection, payload: UnsafeMutableRawPointer?, count: Int) {
        guard let payload, count >= 2 else {
            connection.peerClose = .some(nil)
            return
        }
        let bytes = payload.assumingMemoryBound(to: UInt8.self)
        connection.peerClose = CloseCode(rawValue: UInt16(bytes[0]) << 8 | UInt16(bytes[1]))
    }

    /// SERVER_WRITEABLE, or a direct write from ``flushWrites()``: writes every message ready at
    /// once (``writeTogether(_:)``) on a connection written directly, otherwise one message (or
    /// the close frame), and asks again while more wait; returns -1 to close.
    func writable(_ connection: Connection) -> Int32 {
        connection.writeRequested = false
        if connection.writesDirectly, connection.pendingClose == nil,
            connection.queue.count + (connection.latest.hasValue ? 1 : 0) >= 2
        {
            guard writeTogether(connection) else { return -1 }
        } else {
            switch connection.nextWrite {
            case .nothing:
                return 0
            case .close:
                return closeNow(connection)
            case .queued:
                guard var message = connection.popQueued() else { return 0 }
                guard write(&message, to: connection) else { return -1 }
            case .latest:
                guard var message = connection.latest.take() else { return 0 }
                connection.queueStreak = 0
                if let key = message.repeatKey, key == connection.lastWrittenRepeatKey {
                    // The peer already has this content: the value written last time was replaced
                    // by others since, and the newest equals it again (A, B, A with B never sent).
                    connection.latest.recycle(message)
                    control.counters.latestRepeatsSkipped.bump()
                } else {
                    if message.useDelta(after: connection.lastWrittenVersion) { control.counters.deltasWritten.bump() }
                    guard write(&message, to: connection) else { return -1 }
                }
            }
        }
        if connection.nextWrite != .nothing {
            requestWrite(connection)
        }
        return 0
    }

    /// CLOSED: forgets the connection, releases its state and tells the handler.
    func connectionClosed(sessionSlot: UnsafeMutableRawPointer?) {
        guard let sessionSlot, let raw = sessionSlot.load(as: UnsafeMutableRawPointer?.self) else { return }
        sessionSlot.storeBytes(of: nil, as: UnsafeMutableRawPointer?.self)
        let connection = Unmanaged<Connection>.fromOpaque(raw).takeRetainedValue()
        connections[connection.id] = nil
        connection.isClosed = true
        sockets?.unwatch(connection.socket)
        if connection.awaitsWritable { awaitingWritable[connection.socket] = nil }
        control.counters.connectionsOpen.bump(-1)
        handler.connectionClosed(connection.id, reason: connection.closeReason, loop: self)
    }

    /// The connection stored in a per-session pointer, if established.
    func connection(in sessionSlot: UnsafeMutableRawPointer?) -> Connection? {
        guard let sessionSlot, let raw = sessionSlot.load(as: UnsafeMutableRawPointer?.self) else { return nil }
        return Unmanaged<Connection>.fromOpaque(raw).takeUnretainedValue()
    }

    /// Sends the pending close frame: sets it and returns -1 (the callback's "close
    /// this connection" result).
    private func closeNow(_ connection: Connection) -> Int32 {
        guard let pending = connection.pendingClose else { return -1 }
        var reason = Array(pending.reason.utf8.prefix(123))
        reason.withUnsafeMutableBufferPointer { buffer in
            lws_close_reason(
                connection.wsi, lws_close_status(rawValue: UInt32(pending.code.rawValue)), buffer.baseAddress,
                buffer.count)
        }
        return -1
    }

    /// The most ``togetherBuffer`` keeps between writes, in bytes.
    private static let togetherBufferKept = 1 << 20

    /// Writes every message ready for `connection` in one `send`: its ordered messages in
    /// order, then its latest value (unless the peer has its content already), each framed here
    /// (``FrameHeader``) and sent on the socket (``sendDirectly(_:count:to:)``: what the socket
    /// does not take goes to libwebsockets, as for any message). One `send`, and one trip through
    /// TCP and loopback delivery, instead of one per message: an event written with the frame
    /// that follows it costs one write. Only for connections without permessage-deflate (a
    /// deflating connection's messages are framed and compressed by libwebsockets, one per
    /// callback), and not while closing. At most ``WebSocketServer/Configuration/sendPacketSize``
    /// bytes of ordered messages go in one write; the rest wait for the next callback.
    private func writeTogether(_ connection: Connection) -> Bool {
        togetherMessages.removeAll(keepingCapacity: true)
        togetherBuffer.removeAll(keepingCapacity: true)
        togetherBuffer.append(contentsOf: repeatElement(0, count: frameHeadroom))
        var repeatKey = connection.lastWrittenRepeatKey
        var version = connection.lastWrittenVersion
        var latestSkipped = false
        while togetherBuffer.count < configuration.sendPacketSize, var message = connection.popQueued() {
            append(&message)
        }
        if connection.queue.isEmpty, var message = connection.latest.take() {
            if let key = message.repeatKey, key == repeatKey {
                connection.latest.recycle(message)
                latestSkipped = true
            } else {
                if message.useDelta(after: version) { control.counters.deltasWritten.bump() }
                append(&message)
            }
        }
        connection.queueStreak = 0

        func append(_ message: inout OutgoingMessage) {
            FrameHeader.append(kind: message.kind, count: message.payloadCount, to: &togetherBuffer)
            message.bytes.withUnsafeBytes { bytes in
                togetherBuffer.append(contentsOf: bytes[(message.start + frameHeadroom)...])
            }
            if let key = message.repeatKey { repeatKey = key }
            if let written = message.version { version = written }
            togetherMessages.append(message)
        }

        if latestSkipped { control.counters.latestRepeatsSkipped.bump() }
        guard !togetherMessages.isEmpty else { return true }
        let count = togetherBuffer.count - frameHeadroom
        let written = togetherBuffer.withUnsafeMutableBytes { buffer -> Bool in
            guard let base = buffer.baseAddress else { return false }
            return sendDirectly(base.assumingMemoryBound(to: UInt8.self) + frameHeadroom, count: count, to: connection)
        }
        guard written else { return false }
        control.counters.messagesWrittenTogether.bump(togetherMessages.count)
        // Copied into the buffer above: nothing reads them any more (no permessage-deflate).
        for message in togetherMessages { noteWritten(message, to: connection) }
        togetherMessages.removeAll(keepingCapacity: true)
        // libwebsockets keeps its own copy of what `send` did not take: a buffer grown for one
        // large message is not kept for every later write.
        if togetherBuffer.capacity > Self.togetherBufferKept { togetherBuffer = [] }
        return true
    }

    /// Writes one whole message held as headroom + payload, then keeps its buffer alive while
    /// libwebsockets may still read it and notes its repeat key.
    private func write(_ message: inout OutgoingMessage, to connection: Connection) -> Bool {
        let payloadCount = message.payloadCount
        let payloadStart = message.start + frameHeadroom
        let kind = message.kind
        // The frame header goes into the headroom in front of the payload (written here for a
        // connection written directly, by libwebsockets otherwise). A prepared message is shared
        // with its sender, who reads only its payload: mutable access through the array would
        // copy it (copy-on-write), so the headroom is written through the shared buffer's
        // address.
        let written = message.bytes.withUnsafeBytes { buffer -> Bool in
            guard let base = buffer.baseAddress else { return false }
            let payload = UnsafeMutableRawPointer(mutating: base).assumingMemoryBound(to: UInt8.self) + payloadStart
            guard connection.writesDirectly else {
                let result = lws_write(
                    connection.wsi, payload, payloadCount, kind == .binary ? LWS_WRITE_BINARY : LWS_WRITE_TEXT)
                if result >= 0, lws_partial_buffered(connection.wsi) != 0 { control.counters.writesSplit.bump() }
                return result >= 0
            }
            let header = FrameHeader.store(kind: kind, count: payloadCount, endingAt: payload)
            return sendDirectly(header, count: payload - header + payloadCount, to: connection)
        }
        guard written else { return false }
        noteWritten(message, to: connection)
        return true
    }

    /// Sends `count` bytes of whole, framed messages on a connection written directly: with one
    /// `send` on its socket (of at most ``WebSocketServer/Configuration/sendPacketSize`` bytes, as
    /// libwebsockets would), without libwebsockets, whose write path reads several cache lines
    /// of its connection, cold by the next frame. What that `send` does not write is handed to
    /// libwebsockets as raw bytes: it sends what it can and keeps the rest, which goes out when
    /// the socket is writable, before anything else it writes there (its own pings and close
    /// frames included). Only while libwebsockets holds nothing unsent for the connection
    /// (``flushWrites()`` and the writeable callback see to that), so the bytes go out in
    /// order. Returns false when the socket is gone.
    private func sendDirectly(_ bytes: UnsafeMutablePointer<UInt8>, count: Int, to connection: Connection) -> Bool {
        var sent: Int
        repeat {
            sent = sendOnSocket(connection.socket, bytes, min(count, configuration.sendPacketSize))
        } while sent < 0 && errno == EINTR
        if sent < 0 {
            // Full: all of it goes to libwebsockets. Any other error: the connection is gone.
            guard errno == EAGAIN || errno == EWOULDBLOCK else { return false }
            sent = 0
        }
        guard sent < count else { return true }
        control.counters.writesSplit.bump()
        // LWS_WRITE_HTTP on a WebSocket connection: sent as it is, no frame added.
        return lws_write(connection.wsi, bytes + sent, count - sent, LWS_WRITE_HTTP) >= 0
    }

    /// After `message` was written to `connection` (or handed to libwebsockets): counts it,
    /// times a latest value's wait in its slot (``latestWait``), notes its repeat key and lets
    /// its buffer go (``Connection/retire(_:)``).
    private func noteWritten(_ message: OutgoingMessage, to connection: Connection) {
        control.counters.messagesSent.bump()
        control.counters.bytesSent.bump(message.payloadCount)
        if message.storedAt != 0 { latestWait.record(microseconds: lws_now_usecs() - message.storedAt) }
        if let key = message.repeatKey { connection.lastWrittenRepeatKey = key }
        if let version = message.version { connection.lastWrittenVersion = version }
        connection.retire(message)
    }
}

/// `send(2)` without blocking and without SIGPIPE (named apart from the loop's `send` methods).
private func sendOnSocket(_ socket: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    #if canImport(Glibc)
        Glibc.send(socket, bytes, count, Int32(MSG_NOSIGNAL | MSG_DONTWAIT))
    #else
        Darwin.send(socket, bytes, count, MSG_DONTWAIT)
    #endif
}
