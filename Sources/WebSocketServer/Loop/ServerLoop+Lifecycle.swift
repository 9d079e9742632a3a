import CLibWebSockets

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Creating the context, serving until asked to stop, closing gracefully, destroying.
/// All of it runs on the service thread.
extension ServerLoop {
    /// Creates the libwebsockets context (one vhost) and returns the port it listens on.
    func open() throws(WebSocketServerError) -> Int {
        lws_set_log_level(Self.logMask(configuration.libraryLogLevel), nil)
        let resources = ContextResources(configuration: configuration)
        var info = resources.creationInfo(configuration: configuration, user: Unmanaged.passUnretained(self).toOpaque())
        guard let context = lws_create_context(&info) else {
            if let reason = BindDiagnosis.reason(host: configuration.host, port: configuration.port) {
                throw .bindFailed(host: configuration.host, port: configuration.port, reason: reason)
            }
            throw .contextCreationFailed
        }
        self.context = context
        self.resources = resources
        readable = ReadableSockets(wakeEvent: control.wakeEvent)
        let port = Int(lws_get_vhost_listen_port(lws_get_vhost_by_name(context, ContextResources.vhostName)))
        guard port > 0 else {
            tearDown()
            throw .bindFailed(host: configuration.host, port: configuration.port, reason: "no listening socket")
        }
        return port
    }

    /// Serves until a stop is requested, then closes every connection with 1001 and
    /// serves on until they are gone or the shutdown grace period ends.
    func serve() {
        guard let context else { return }
        handler.serverStarted(loop: self)
        while !control.isStopRequested {
            guard serviceRound(context) else { break }
        }
        if isParked {
            isParked = false
            control.unpark()
        }
        isStopping = true
        handler.serverStopping(loop: self)
        for connection in connections.values where connection.pendingClose == nil {
            connection.latest.clear()
            beginClose(
                connection, code: .goingAway, reason: "server stopping", cause: .serverStopping, flushQueueFirst: true)
        }
        guard !connections.isEmpty, configuration.shutdownGraceSeconds > 0 else { return }
        var graceEnded = false
        schedule(afterMicroseconds: Int64(configuration.shutdownGraceSeconds * 1_000_000)) { _ in graceEnded = true }
        while !connections.isEmpty, !graceEnded {
            guard pollSockets(context, waiting: true) else { break }
        }
    }

    /// One round of the service loop. Usually `lws_service`: wait in `poll` for socket activity,
    /// a timer or a wake, serve it, then write what was sent (``flushWrites()``).
    ///
    /// The service thread *parks* instead in two cases where that poll costs more than it
    /// serves. Parked, it waits on ``ReadableSockets`` (epoll: input on its WebSocket
    /// connections, read at once with `lws_service_fd`, and the wake event), fires due timers
    /// itself (``TimerTable/takeDue(at:)``), and runs libwebsockets' poll, without blocking, only
    /// while a wake is expected and at most every ``parkedSocketPassMicroseconds`` (for accepts,
    /// HTTP, partly written messages and libwebsockets' own timers):
    /// - The handler expects a wake soon (render helpers working): each wake that ended a poll
    ///   paid for registering a wait on every open socket, and ran over every socket again.
    /// - A timer is due within a millisecond: `poll`'s timeout would round down to zero and
    ///   the thread would poll every socket over and over until the timer is due.
    private func serviceRound(_ context: OpaquePointer) -> Bool {
        let now = lws_now_usecs()
        let expectingWake = handler.isExpectingWake(loop: self)
        let timerDue = timers.nextDeadline() ?? .max
        guard let readable, expectingWake || timerDue - now < 1_000 else {
            if isParked {
                isParked = false
                control.unpark()
                // A wake that found the thread parked signalled the wake event, not the poll.
                deliverWake()
            }
            return pollSockets(context, waiting: true)
        }
        if !isParked {
            isParked = true
            control.park()
        }
        if expectingWake && now >= nextParkedSocketPass {
            nextParkedSocketPass = now + Self.parkedSocketPassMicroseconds
            guard pollSockets(context, waiting: false) else { return false }
        }
        if now >= timerDue {
            fireDueTimers(now: now)
            flushWrites()
        }
        let nextTimer = timers.nextDeadline() ?? .max
        let wakeAt = expectingWake ? min(nextTimer, nextParkedSocketPass) : nextTimer
        readable.wait(microseconds: min(wakeAt - lws_now_usecs(), Self.parkedSocketPassMicroseconds))
        for (socket, events) in readable.ready {
            var input = pollfd(fd: socket, events: Int16(POLLIN), revents: events)
            control.counters.readsWithoutPoll.bump()
            // libwebsockets finds the connection by its descriptor (nothing, if it closed).
            guard lws_service_fd(context, &input) >= 0 else { return false }
        }
        flushWrites()
        deliverWake()
        return true
    }

    /// One `lws_service`: fires due timers and serves the sockets `poll` reports, waiting for one
    /// (or a timer, or a wake) unless `waiting` is false; then writes what was sent. False when
    /// libwebsockets gives up.
    private func pollSockets(_ context: OpaquePointer, waiting: Bool) -> Bool {
        control.counters.socketPolls.bump()
        // A negative timeout polls without waiting; 0 waits until something is due.
        guard lws_service(context, waiting ? 0 : -1) >= 0 else { return false }
        flushWrites()
        return true
    }

    /// Calls the handler's `serverWoken` if a wake is pending, then writes what it sent.
    private func deliverWake() {
        guard control.takeWake(), !isTearingDown else { return }
        handler.serverWoken(loop: self)
        flushWrites()
    }

    /// Cancels timers and destroys the context (closing what is still open; the
    /// handler still hears of each close) and frees the C resources.
    func tearDown() {
        isTearingDown = true
        timers.removeAll()
        if let context {
            lws_context_destroy(context)
        }
        context = nil
        resources = nil
        httpExchanges = [:]
        deferredHTTP = [:]
        connections = [:]
        writesDue = []
        writesFlushing = []
        readable = nil
    }

    private static func logMask(_ level: WebSocketServer.LibraryLogLevel) -> Int32 {
        switch level {
        case .none: 0
        case .error: pc_lws_log_err
        case .warning: pc_lws_log_err | pc_lws_log_warn
        case .notice: pc_lws_log_err | pc_lws_log_warn | pc_lws_log_notice
        case .info: pc_lws_log_err | pc_lws_log_warn | pc_lws_log_notice | pc_lws_log_info
        }
    }
}
