extension WebSocketServer {
    /// Everything a ``WebSocketServer`` is set up with; fixed once it starts.
    ///
    /// The defaults suit a loopback development server; see each property.
    public struct Configuration: Sendable {
        /// The address to listen on: an IPv4 or IPv6 literal or an interface name.
        /// Default `127.0.0.1` (loopback only).
        public var host: String = "127.0.0.1"
        /// The TCP port; 0 picks a free port (read it back from ``WebSocketServer/port``).
        public var port: Int = 0
        /// Directories served as static files.
        public var staticMounts: [StaticMount] = []
        /// URL prefixes answered by ``WebSocketServerHandler/httpRequest(_:loop:)``,
        /// such as `/api` (matching `/api` and `/api/...`).
        public var dynamicRoutePrefixes: [String] = ["/api"]
        /// The only path that accepts WebSocket upgrades.
        public var webSocketPath: String = "/ws"
        /// The WebSocket subprotocol name. It is the server's first protocol, so a
        /// client that names no subprotocol is served it too.
        public var subprotocol: String = "progresscast.v1"
        /// Origins (such as `http://localhost:5173`) allowed to open WebSockets besides
        /// the server's own. An upgrade whose `Origin` does not match its `Host` and
        /// is not listed is refused; one without `Origin` (non-browser) is accepted.
        /// `"*"` allows every origin.
        public var allowedOrigins: Set<String> = []
        /// A secret every HTTP request (static files included) and every WebSocket
        /// upgrade must present, or nil for none. A request without it is answered 401;
        /// an upgrade without it is refused. See ``AccessToken``.
        public var accessToken: AccessToken?
        /// The largest incoming message, after reassembly of fragments; a larger one
        /// closes the connection with 1009 (message too big). Default 64 KiB.
        public var maxMessageSize: Int = 64 * 1024
        /// The most bytes a connection's ordered queue may hold; more closes it with 1008.
        public var maxQueuedBytes: Int = 1 << 20
        /// The most messages a connection's ordered queue may hold; more closes it with 1008.
        public var maxQueuedMessages: Int = 1024
        /// The largest request body for a dynamic route; a larger one is answered 413.
        public var maxRequestBodySize: Int = 64 * 1024
        /// The most WebSocket connections open at once (further upgrades are refused),
        /// or nil for no limit.
        public var maxConnections: Int?
        /// Seconds a WebSocket may stay idle before the server pings it.
        public var idlePingSeconds: Int = 20
        /// Seconds without valid traffic (or a pong) before the server hangs up;
        /// must exceed ``idlePingSeconds``.
        public var idleHangUpSeconds: Int = 30
        /// Seconds a connection being closed may take to flush and send its close
        /// frame before it is dropped.
        public var closeTimeoutSeconds: Int = 5
        /// Seconds ``WebSocketServer/stop()`` waits for connections to finish their
        /// close handshake (code 1001) before the context is destroyed.
        public var shutdownGraceSeconds: Double = 0.5
        /// Offers the permessage-deflate extension to clients that ask for it.
        public var permessageDeflate: Bool = true
        /// Adds libwebsockets' best-practice security headers (a CSP allowing only the
        /// site's own scripts, `x-frame-options: deny`, ...) to every HTTP response.
        public var securityHeaders: Bool = true
        /// Closes connections that send invalid UTF-8 in text messages (1007).
        public var validateUTF8: Bool = true
        /// Bytes libwebsockets reads per receive callback per connection (at least
        /// 128, as permessage-deflate requires).
        public var receiveBufferSize: Int = 4096
        /// The most bytes one `send` of a message may write (libwebsockets' `tx_packet_size`).
        /// Left at 0, libwebsockets would cap each send at ``receiveBufferSize``: a 6 KB frame
        /// then takes two sends, the remainder copied into a buffer of its own and written on
        /// a later pass of the event loop. Default 256 KiB, more than any frame.
        public var sendPacketSize: Int = 256 * 1024
        /// How much libwebsockets logs to standard error. This is process-wide.
        public var libraryLogLevel: LibraryLogLevel = .warning

        /// Creates the default configuration.
        public init() {}

        /// Throws ``WebSocketServerError/invalidConfiguration(_:)`` naming the first
        /// setting that cannot work.
        func validate() throws(WebSocketServerError) {
            func fail(_ message: String) -> WebSocketServerError { .invalidConfiguration(message) }
            guard (0...65_535).contains(port) else { throw fail("port \(port) is not in 0...65535") }
            guard !host.isEmpty else { throw fail("host is empty") }
            guard webSocketPath.hasPrefix("/") else { throw fail("webSocketPath must start with /") }
            guard !subprotocol.isEmpty else { throw fail("subprotocol is empty") }
            guard maxMessageSize > 0 else { throw fail("maxMessageSize must be positive") }
            guard maxQueuedBytes > 0, maxQueuedMessages > 0 else { throw fail("queue limits must be positive") }
            guard maxRequestBodySize >= 0 else { throw fail("maxRequestBodySize must not be negative") }
            guard (1...65_535).contains(idlePingSeconds), (1...65_535).contains(idleHangUpSeconds),
                idleHangUpSeconds > idlePingSeconds
            else { throw fail("idle keepalive needs 0 < idlePingSeconds < idleHangUpSeconds <= 65535") }
            guard closeTimeoutSeconds > 0 else { throw fail("closeTimeoutSeconds must be positive") }
            guard shutdownGraceSeconds >= 0, shutdownGraceSeconds.isFinite else {
                throw fail("shutdownGraceSeconds must be >= 0")
            }
            guard (128...(1 << 20)).contains(receiveBufferSize) else {
                throw fail("receiveBufferSize must be in 128...1 MiB")
            }
            guard (1024...(16 << 20)).contains(sendPacketSize) else {
                throw fail("sendPacketSize must be in 1 KiB...16 MiB")
            }
            for mount in staticMounts {
                guard mount.urlPrefix.hasPrefix("/"), mount.urlPrefix.utf8.count < 256 else {
                    throw fail("static mount prefix \"\(mount.urlPrefix)\" must start with / and be under 256 bytes")
                }
                guard !mount.directory.isEmpty else {
                    throw fail("static mount \"\(mount.urlPrefix)\" has no directory")
                }
            }
            if let accessToken, !AccessToken.isValidSecret(accessToken.secret) {
                throw fail("the access token must be 1-256 characters of A-Za-z0-9._~-")
            }
            for prefix in dynamicRoutePrefixes {
                guard prefix.hasPrefix("/"), prefix != "/", prefix.utf8.count < 256 else {
                    throw fail(
                        "dynamic route prefix \"\(prefix)\" must start with /, not be / itself, and be under 256 bytes")
                }
            }
        }
    }

    /// How much libwebsockets itself logs (to standard error).
    public enum LibraryLogLevel: Sendable, Hashable {
        /// Nothing.
        case none
        /// Errors only.
        case error
        /// Errors and warnings.
        case warning
        /// Errors, warnings and notices (libwebsockets' default).
        case notice
        /// Everything up to info (noisy).
        case info
    }
}
