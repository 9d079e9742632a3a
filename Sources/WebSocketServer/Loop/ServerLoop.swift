import CLibWebSockets

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The running server as seen from its service thread: send to and close connections,
/// schedule timers, read counters.
///
/// **Threading.** A `ServerLoop` exists only while its server runs and is handed to
/// every ``WebSocketServerHandler`` method and timer body. It is not `Sendable`: use it
/// only on the service thread, inside those calls (keeping a reference for later calls
/// on the same thread is fine). From other threads, hand work over with
/// ``WebSocketServer/wake()`` and do it in ``WebSocketServerHandler/serverWoken(loop:)``.
///
/// **Outgoing data.** Each connection has a "latest" slot (a newer value replaces one
/// not yet sent: display frames) and a bounded ordered queue (everything arrives:
/// acks, events). Nothing is written by `send`: the connection is noted, and written at the
/// end of the service round (``flushWrites()``). A connection without permessage-deflate is
/// written by the transport itself, every message ready for it together in one `send`; one
/// with it asks libwebsockets for a writeable callback and writes one message per callback,
/// queued messages first while never starving the latest slot.
public final class ServerLoop {
    /// The server's configuration.
    public let configuration: WebSocketServer.Configuration
    let handler: any WebSocketServerHandler
    let control: ServerControl
    let originPolicy: OriginPolicy
    /// The libwebsockets context while it exists.
    var context: OpaquePointer?
    var resources: ContextResources?
    var connections = ConnectionMap<Connection>()
    var lastConnectionID: UInt64 = 0
    /// Dynamic-route requests in progress, by connection (`struct lws *`).
    var httpExchanges: [OpaquePointer: HTTPExchange] = [:]
    /// The connection whose request the handler is answering now (for deferring it).
    var answeringHTTP: OpaquePointer?
    var pendingExchange: HTTPExchange?
    /// Deferred requests still waiting for their answer.
    var deferredHTTP: [HTTPTicket: OpaquePointer] = [:]
    var lastHTTPTicket: UInt64 = 0
    /// The timer that looks for clients of deferred requests that went away
    /// (``watchDeferredHTTP()``), while there are deferred requests.
    var deferredHTTPWatch: TimerID?
    var timers = TimerTable()
    /// Set once the server starts closing connections; upgrades are refused.
    var isStopping = false
    /// Set while the context is being destroyed: sends, closes and timers do nothing.
    var isTearingDown = false
    /// A reusable buffer (with frame headroom) for HTTP body chunks.
    var httpChunk: [UInt8] = []
    /// Connections that asked to write since the last ``flushWrites()``.
    var writesDue: [Connection] = []
    /// The connections ``flushWrites()`` is writing to.
    var writesFlushing: [Connection] = []
    /// Where the messages written together in one `send` are framed (``writeTogether(_:)``),
    /// kept from call to call.
    var togetherBuffer: [UInt8] = []
    /// The messages of one ``writeTogether(_:)``, kept from call to call.
    var togetherMessages: [OutgoingMessage] = []
    /// Every socket libwebsockets serves and the wake event, in epoll: what the service thread
    /// waits on (nil if the kernel refused an epoll set: the thread then waits in libwebsockets'
    /// own poll).
    var sockets: ReadySockets?
    /// WebSocket connections watched for output while libwebsockets holds part of a message
    /// (``ReadySockets``), by socket.
    var awaitingWritable: [Int32: Connection] = [:]
    /// When the service thread next runs libwebsockets' own poll (`lws_now_usecs` microseconds).
    var nextLibraryPass: Int64 = 0
    /// Whether the service thread waits in epoll (wakes then signal its event) rather than in
    /// libwebsockets' poll.
    var isParked = false
    /// Until when HTTP requests count as being answered (see ``noteHTTPActivity()``).
    var httpActiveUntil: Int64 = 0
    /// The listening socket, once known (the first accept names it): watched in ``sockets``.
    var listeningSocket: Int32 = -1

    /// How often the service thread, waiting in epoll, runs libwebsockets' own poll over every
    /// socket (without blocking) for what only the library knows is due, such as its timeouts
    /// (closing handshakes, idle HTTP connections). Input on every socket and the output of
    /// WebSocket messages reach the loop through epoll.
    public static let libraryPassMicroseconds: Int64 = 50_000
    static let httpActivityMicroseconds: Int64 = 1_000_000

    init(configuration: WebSocketServer.Configuration, handler: any WebSocketServerHandler, control: ServerControl) {
        self.configuration = configuration
        self.handler = handler
        self.control = control
        originPolicy = OriginPolicy(allowedOrigins: configuration.allowedOrigins)
    }

    /// The port the server listens on.
    public var port: Int { control.port ?? 0 }

    /// The server's counters now.
    public var statistics: Statistics { control.counters.snapshot }

    /// How long the latest values written since the server started waited in their connection's
    /// slot: from ``send(prepared:from:to:delivery:kind:repeatKey:)`` (or the other `send`s with
    /// `.latest`) to being written (service thread). A value replaced before it was written is not
    /// counted; the one that replaced it is, from its own store.
    public internal(set) var latestWait = LatencyHistogram()

    /// Wakes this server's service thread from any thread.
    public var waker: ServerWaker { ServerWaker(control: control) }

    /// The number of open WebSocket connections.
    public var connectionCount: Int { connections.count }

    /// Whether the connection is open and not closing.
    public func isOpen(_ connection: ConnectionID) -> Bool {
        connections[connection]?.pendingClose == nil
    }

    /// Whether a latest value (a display frame) waits unsent in the connection's slot: a newer
    /// one sent now would only replace it (false when the connection is unknown).
    public func hasUnsentLatest(_ connection: ConnectionID) -> Bool {
        connections[connection]?.latest.hasValue ?? false
    }

    /// How many ordered messages (acks, events) wait to be written to `connection` (0 when it is
    /// unknown): lets a sender of optional messages skip one rather than build a backlog.
    public func queuedMessages(_ connection: ConnectionID) -> Int {
        connections[connection]?.queue.count ?? 0
    }

    /// Sends a message (bytes, copied) to a connection: text (UTF-8) unless `kind` says binary.
    ///
    /// - Parameters:
    ///   - delivery: `.latest` replaces any value not yet sent (display frames); `.ordered`
    ///     appends to the bounded queue (acks, events). Overflowing the queue closes the
    ///     connection with 1008 and reports ``CloseReason/queueOverflow``.
    ///   - repeatKey: identifies the content, for values that must never reach the peer twice in
    ///     a row: a latest value is not written when its key equals that of the last keyed
    ///     message written to the connection (after A was written, B replaced unsent by A
    ///     again sends nothing). Messages without a key are always written and leave it as is.
    ///   - version: identifies the content's version, noted as the connection's last version
    ///     written once the message is written: the base a later message's delta may need
    ///     (``send(prepared:from:to:delivery:kind:repeatKey:version:delta:)``). Messages without one
    ///     leave it as is.
    @discardableResult
    public func send(
        _ text: UnsafeRawBufferPointer, to connection: ConnectionID, delivery: Delivery,
        kind: MessageKind = .text, repeatKey: UInt64? = nil, version: UInt64? = nil
    ) -> SendResult {
        guard !isTearingDown, let target = connections[connection], target.pendingClose == nil else {
            return .notConnected
        }
        switch delivery {
        case .latest:
            return storeLatest(in: target) {
                $0.store(text, kind: kind, repeatKey: repeatKey, version: version, at: $1)
            }
        case .ordered:
            guard target.queue.push(text, kind: kind, repeatKey: repeatKey, version: version) else {
                control.counters.queueOverflows.bump()
                target.queue.removeAll()
                target.queuedBeforeLatest = 0
                target.latest.clear()
                beginClose(
                    target, code: .policyViolation, reason: "send queue overflow", cause: .queueOverflow,
                    flushQueueFirst: false)
                return .overflowed
            }
            requestWrite(target)
            return .accepted
        }
    }

    /// Bytes a prepared message keeps free in front of its payload
    /// (``send(prepared:from:to:delivery:kind:repeatKey:)``): libwebsockets writes the WebSocket frame
    /// header there.
    public static var messageHeadroom: Int { frameHeadroom }

    /// Sends a message laid out for writing as it is: from `start`, ``messageHeadroom`` bytes
    /// (any values), then the payload to the end (bytes before `start` are the sender's and are
    /// not sent). A latest value keeps a reference to `message` instead of a copy, so a sender
    /// that keeps its messages (a session's current frame, sent to every watcher) never has them
    /// copied per connection; the sender must treat the headroom bytes as the transport's, and
    /// gets the array back unshared once it is written (unless permessage-deflate may still read
    /// it: see ``Connection/inFlight``). Ordered messages are copied. See the raw-buffer overload
    /// for the rest.
    ///
    /// A latest value may carry a `delta` (the same kind): written instead of the message when
    /// the connection's last version written is the delta's base, so a peer that holds the
    /// content the delta was made against gets only what changed, and any other peer (one whose
    /// slot held a value never written, one that got something else since) the whole message.
    /// Ordered messages are always written whole.
    @discardableResult
    public func send(
        prepared message: [UInt8], from start: Int = 0, to connection: ConnectionID, delivery: Delivery,
        kind: MessageKind = .text, repeatKey: UInt64? = nil, version: UInt64? = nil, delta: PreparedDelta? = nil
    ) -> SendResult {
        let start = min(max(start, 0), message.count)
        guard message.count - start >= frameHeadroom, delivery == .latest else {
            // Too short to hold the headroom (then it is all payload), or to be copied anyway.
            let payload = message.count - start >= frameHeadroom ? start + frameHeadroom : start
            return message.withUnsafeBytes {
                send(
                    UnsafeRawBufferPointer(rebasing: $0[payload...]), to: connection, delivery: delivery,
                    kind: kind, repeatKey: repeatKey, version: version)
            }
        }
        guard !isTearingDown, let target = connections[connection], target.pendingClose == nil else {
            return .notConnected
        }
        // A delta too short to hold the headroom is not one the transport can write.
        let delta = delta.flatMap { $0.bytes.count - $0.start >= frameHeadroom && $0.start >= 0 ? $0 : nil }
        return storeLatest(in: target) {
            $0.store(
                prepared: message, start: start, kind: kind, repeatKey: repeatKey, version: version, delta: delta,
                at: $1)
        }
    }

    /// Puts a latest value in the connection's slot with `store` (given the time now; true when
    /// it replaced one never sent) and asks to write it.
    private func storeLatest(in target: Connection, _ store: (inout LatestSlot, Int64) -> Bool) -> SendResult {
        let now = lws_now_usecs()
        let replaced = target.storeLatest { store(&$0, now) }
        if replaced {
            control.counters.framesReplaced.bump()
        }
        requestWrite(target)
        return replaced ? .replacedUnsent : .accepted
    }

    /// Sends a message given as bytes; see the raw-buffer overload.
    @discardableResult
    public func send(
        _ text: [UInt8], to connection: ConnectionID, delivery: Delivery, kind: MessageKind = .text,
        repeatKey: UInt64? = nil, version: UInt64? = nil
    ) -> SendResult {
        text.withUnsafeBytes {
            send($0, to: connection, delivery: delivery, kind: kind, repeatKey: repeatKey, version: version)
        }
    }

    /// Sends a text message given as a string; see the raw-buffer overload.
    @discardableResult
    public func send(
        _ text: String, to connection: ConnectionID, delivery: Delivery, kind: MessageKind = .text,
        repeatKey: UInt64? = nil, version: UInt64? = nil
    ) -> SendResult {
        var text = text
        return text.withUTF8 {
            send(
                UnsafeRawBufferPointer($0), to: connection, delivery: delivery, kind: kind, repeatKey: repeatKey,
                version: version)
        }
    }

    /// Drops the connection's latest value if it has not been written yet (a newer state made it
    /// pointless, for example a display that went back to what the peer already shows); returns
    /// whether one was waiting.
    @discardableResult
    public func discardLatest(_ connection: ConnectionID) -> Bool {
        guard let target = connections[connection] else { return false }
        return target.latest.discard()
    }

    /// Closes a connection with a close frame carrying `code` and `reason` (at most
    /// 123 UTF-8 bytes). Messages already in its ordered queue are written first; an
    /// unsent latest value is dropped. A peer that does not take the data within
    /// ``WebSocketServer/Configuration/closeTimeoutSeconds`` is dropped. Closing a
    /// closing or unknown connection does nothing.
    public func close(_ connection: ConnectionID, code: CloseCode = .normal, reason: String = "") {
        guard !isTearingDown, let target = connections[connection], target.pendingClose == nil else { return }
        target.latest.clear()
        beginClose(target, code: code, reason: reason, cause: .closedByServer(code), flushQueueFirst: true)
    }

    /// Runs `body` on the service thread after `microseconds` (0 or less: on the next
    /// loop iteration; at most a year). Timers due at different times fire in time order.
    /// Returns an id for ``cancel(_:)``; timers do not fire once the server stops.
    @discardableResult
    public func schedule(afterMicroseconds microseconds: Int64, _ body: @escaping (ServerLoop) -> Void) -> TimerID {
        guard !isTearingDown, let context else { return TimerID(rawValue: 0) }
        let owner = Unmanaged.passUnretained(self).toOpaque()
        let delay = min(max(0, microseconds), Self.maxTimerDelay)
        return timers.schedule(context: context, owner: owner, afterMicroseconds: delay, body: body)
    }

    /// Cancels a timer; returns false if it already fired or was cancelled.
    @discardableResult
    public func cancel(_ timer: TimerID) -> Bool {
        timers.cancel(timer)
    }

    /// Stops the server, like ``WebSocketServer/stop()``.
    public func stop() {
        control.requestStop()
    }

    // MARK: Internal plumbing

    /// The longest timer delay accepted: one year, in microseconds.
    private static let maxTimerDelay: Int64 = 365 * 24 * 3600 * 1_000_000

    /// Notes the connection for ``flushWrites()`` unless it is noted already; a connection that
    /// libwebsockets writes to itself (permessage-deflate may be in use) also asks it for a
    /// writeable callback.
    func requestWrite(_ connection: Connection) {
        guard !connection.writeRequested else { return }
        connection.writeRequested = true
        if !connection.writesDirectly { lws_callback_on_writable(connection.wsi) }
        writesDue.append(connection)
    }

    /// Writes to the connections that asked to since the last call, without waiting for a poll
    /// to report their sockets writable (service thread, outside any libwebsockets callback).
    ///
    /// A connection without permessage-deflate is written here directly
    /// (``Connection/writesDirectly``): its messages are framed by the transport and sent on its
    /// socket (``writeTogether(_:)``, ``sendDirectly(_:count:to:)``), without a writeable
    /// callback and without libwebsockets unless the socket does not take them all. The others are
    /// handed to `lws_service_fd` as if the poll had reported them writable, the way an
    /// application running its own event loop hands libwebsockets its ready sockets: the
    /// library runs its usual writeable path (its own control frames, the callback, then
    /// clearing the poll interest); so is a connection that is closing (its close frame goes
    /// out on that path). A socket that cannot take the message is no harm: libwebsockets keeps
    /// what `send` did not take and finishes it when the socket is writable, calling back then,
    /// and a connection whose earlier message is still partly unsent is left to that. Without
    /// this, every frame took a poll round over all open sockets before it was written.
    func flushWrites() {
        guard !writesDue.isEmpty, !isTearingDown, let context else { return }
        // Writes requested while these are written (more queued messages) wait for the next
        // call. The two lists trade places, so neither is reallocated per call.
        swap(&writesDue, &writesFlushing)
        defer { writesFlushing.removeAll(keepingCapacity: true) }
        for connection in writesFlushing where connection.writeRequested {
            // Closed meanwhile (its `wsi` is gone), or waiting for the rest of a message.
            guard !connection.isClosed, !connection.awaitsWritable, lws_partial_buffered(connection.wsi) == 0 else {
                continue
            }
            control.counters.writesWithoutPoll.bump()
            if connection.writesDirectly && connection.pendingClose == nil {
                // The write failed: the socket is gone. libwebsockets closes the connection at
                // its next service (and reports it closed).
                if writable(connection) < 0 {
                    lws_set_timeout(connection.wsi, PENDING_TIMEOUT_USER_OK, LWS_TO_KILL_ASYNC)
                }
            } else {
                if connection.writesDirectly { lws_callback_on_writable(connection.wsi) }
                var ready = pollfd(fd: connection.socket, events: Int16(POLLOUT), revents: Int16(POLLOUT))
                if lws_service_fd(context, &ready) < 0 { break }
            }
            if !connection.isClosed { followPartialWrite(connection) }
        }
    }

    /// Watches a WebSocket connection's socket for output while libwebsockets holds part of a
    /// message the socket did not take (it sends the rest when the socket is writable), and
    /// stops once it is all sent; a message waiting behind it is then written at once.
    func followPartialWrite(_ connection: Connection) {
        guard let sockets else { return }
        let partial = lws_partial_buffered(connection.wsi) != 0
        guard partial != connection.awaitsWritable else { return }
        connection.awaitsWritable = partial
        sockets.watchOutput(connection.socket, partial)
        if partial {
            awaitingWritable[connection.socket] = connection
        } else {
            awaitingWritable[connection.socket] = nil
            if connection.writeRequested { writesDue.append(connection) }
        }
    }

    /// FILTER_NETWORK_CONNECTION: watches a socket libwebsockets just accepted for input, and
    /// the listening socket from the first accept on (libwebsockets 4.1 has no call that names
    /// it; the first connection, before any session paces frames, is accepted by its own poll).
    func socketAccepted(_ socket: Int32, listening: Int32) {
        guard let sockets else { return }
        if listening >= 0, listening != listeningSocket {
            listeningSocket = listening
            sockets.watch(listening)
        }
        if socket >= 0 { sockets.watch(socket) }
    }

    /// An HTTP request is being answered: for a while the service thread waits in libwebsockets'
    /// own poll (only the library knows when an HTTP response's socket can take more).
    func noteHTTPActivity() {
        httpActiveUntil = lws_now_usecs() + Self.httpActivityMicroseconds
    }

    /// Records a close and arranges for it to happen from the next writeable callback,
    /// with a deadline after which libwebsockets drops the connection.
    func beginClose(
        _ connection: Connection, code: CloseCode, reason: String, cause: CloseReason, flushQueueFirst: Bool
    ) {
        connection.pendingClose = Connection.PendingClose(
            code: code, reason: reason, cause: cause, flushQueueFirst: flushQueueFirst)
        lws_set_timeout(connection.wsi, PENDING_TIMEOUT_USER_OK, Int32(clamping: configuration.closeTimeoutSeconds))
        requestWrite(connection)
    }

    /// A timer slot fired (called by the C timer callback).
    func timerFired(id: UInt64) {
        guard !isTearingDown, let body = timers.takeFired(id: id) else { return }
        body(self)
    }

    /// Runs every timer due at `now` (`lws_now_usecs` microseconds), in due order, without a
    /// poll round (timers a body schedules run too if they are due).
    func fireDueTimers(now: Int64) {
        while !isTearingDown, let body = timers.takeDue(at: now) {
            control.counters.timersWithoutPoll.bump()
            body(self)
        }
    }
}
