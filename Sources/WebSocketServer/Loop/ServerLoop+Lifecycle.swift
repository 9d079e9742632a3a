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
            if lws_service(context, 0) < 0 {
                break
            }
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
            if lws_service(context, 0) < 0 {
                break
            }
        }
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
