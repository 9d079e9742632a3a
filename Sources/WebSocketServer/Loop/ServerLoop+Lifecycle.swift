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
        // A port taken by another process is said once, clearly, before libwebsockets tries it
        // (it logs three `E:` lines of its own on the way to failing).
        if configuration.port != 0,
            let reason = BindDiagnosis.reason(host: configuration.host, port: configuration.port)
        {
            throw .bindFailed(host: configuration.host, port: configuration.port, reason: reason)
        }
        let resources = ContextResources(configuration: configuration)
        sockets = ReadySockets(wakeEvent: control.wakeEvent)
        var info = resources.creationInfo(configuration: configuration, user: Unmanaged.passUnretained(self).toOpaque())
        guard let context = lws_create_context(&info) else {
            if let reason = BindDiagnosis.reason(host: configuration.host, port: configuration.port) {
                throw .bindFailed(host: configuration.host, port: configuration.port, reason: reason)
            }
            throw .contextCreationFailed
        }
        self.context = context
        self.resources = resources
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
        // The grace period below waits in libwebsockets' poll: wakes go there again.
        if isParked {
            isParked = false
            control.unpark()
        }
        deliverWake()
        isStopping = true
        handler.serverStopping(loop: self)
        for connection in connections.allValues where connection.pendingClose == nil {
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

    /// One round of the service loop. While a timer is due within ``libraryPassMicroseconds``
    /// (frames are being paced), the thread waits in epoll (``ReadySockets``) for a socket, a due
    /// timer or a wake; then serves the ready sockets with `lws_service_fd`, fires due timers
    /// (``TimerTable``), writes what was sent (``flushWrites()``) and takes the wake.
    /// libwebsockets' own poll then runs only every ``libraryPassMicroseconds``, without
    /// blocking, or at once when it says a connection needs service without socket activity
    /// (`lws_service_adjust_timeout`). Otherwise the round is that poll, waiting (`lws_service`):
    /// - with nothing due soon: an idle server with 10,000 connections then costs nothing between
    ///   events, where the passes would poll every socket 20 times a second;
    /// - while HTTP requests are answered (``noteHTTPActivity()``, or a dynamic-route exchange is
    ///   open), unless a timer is due within a millisecond: only libwebsockets knows when an HTTP
    ///   response's socket can take more, and writing a large response from the passes alone was
    ///   slow enough for libwebsockets to drop the connection (a 1 MB body, in a test).
    ///
    /// `poll` over every open socket cost as much as the kernel's `send` at 1,000 busy
    /// connections (docs/benchmarks.md): each call registered a wait on every socket and scanned
    /// them all again when woken, and its timeout is in whole milliseconds, so the last
    /// millisecond before each frame timer was polled again and again. Without an epoll set (the
    /// kernel refused one) every round is that poll.
    private func serviceRound(_ context: OpaquePointer) -> Bool {
        let now = lws_now_usecs()
        let answeringHTTP = now < httpActiveUntil || !httpExchanges.isEmpty
        // Within a millisecond, `poll`'s whole-millisecond timeout would be zero: wait in epoll.
        let horizon = answeringHTTP ? 1_000 : Self.libraryPassMicroseconds
        guard let sockets, (timers.nextDeadline() ?? .max) - now < horizon else {
            if isParked {
                isParked = false
                control.unpark()
                // A wake that found the thread parked signalled the wake event, not the poll.
                deliverWake()
            }
            return pollSockets(context, waiting: true)
        }
        if !isParked {
            // Wakes signal the event the thread waits on in epoll, not libwebsockets' poll; one
            // requested before this went to the poll and is taken here.
            isParked = true
            control.park()
            deliverWake()
        }
        if now >= nextLibraryPass || lws_service_adjust_timeout(context, 1, 0) == 0 {
            nextLibraryPass = now + Self.libraryPassMicroseconds
            guard pollSockets(context, waiting: false) else { return false }
        }
        let nextTimer = timers.nextDeadline() ?? .max
        // Returns at once when a timer is already due.
        sockets.wait(microseconds: min(nextTimer, nextLibraryPass) - lws_now_usecs())
        for (socket, events) in sockets.ready {
            // Every watched socket is watched for input, and for output when epoll reports it.
            var ready = pollfd(fd: socket, events: Int16(POLLIN) | (events & Int16(POLLOUT)), revents: events)
            control.counters.readsWithoutPoll.bump()
            // libwebsockets finds the connection by its descriptor (nothing, if it closed).
            guard lws_service_fd(context, &ready) >= 0 else { return false }
            if events & Int16(POLLOUT) != 0, let connection = awaitingWritable[socket], !connection.isClosed {
                followPartialWrite(connection)
            }
        }
        fireDueTimers(now: lws_now_usecs())
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
        connections.removeAll()
        writesDue = []
        writesFlushing = []
        awaitingWritable = [:]
        sockets = nil
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
