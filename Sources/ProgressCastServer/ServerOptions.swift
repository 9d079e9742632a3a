/// Everything `progresscast serve` is configured with.
public struct ServerOptions: Sendable {
    public var host = "127.0.0.1"
    public var port = 8080
    /// The page's folder, served at `/`.
    public var publicDirectory = "Public"
    /// Where `.pcast` recordings are written and read.
    public var recordingsDirectory = "recordings"
    /// Built-in scenario scripts (`NAME.json`).
    public var scenariosDirectory = "Scenarios"
    /// Origins allowed to open WebSockets besides the server's own.
    public var allowedOrigins: [String] = []
    /// A server-wide token (like ttyd's): required on every HTTP request and WebSocket when set.
    public var token: String?
    /// Limits (docs/requirements.md section 9).
    public var maxSessions = 1000
    public var maxComponentsPerSession = 64
    public var maxConnectionsPerSession = 100
    public var maxMessagesPerSecond = 200
    /// Seconds a session lives after its last connection left.
    public var sessionTTL: Double = 60
    /// Largest recording file in bytes (then an `io` error event; the session goes on).
    public var maxRecordingBytes = 256 << 20
    /// Most bytes of command log the live sessions keep together (docs/architecture.md, "The
    /// command log"). Past it, the largest log drops the entries already in its recording (all of
    /// them when none runs), and so does a log past ``maxRecordingBytes`` (no recording could
    /// hold it); the session goes on, but can no longer be recorded from its creation.
    public var maxLogBytes = 1 << 30
    /// Largest incoming WebSocket message in bytes (larger: close 1009).
    public var maxMessageBytes = 64 * 1024
    /// Most bytes of acks and events waiting for one slow connection (more: close 1008).
    public var maxQueuedBytes = 1 << 20
    /// Whether permessage-deflate is negotiated with clients that offer it (browsers do).
    /// libwebsockets keeps zlib state of about 110 KB per deflating connection, so 10,000
    /// browser viewers cost about 1.1 GB with it; turn it off for large audiences.
    public var permessageDeflate = true
    /// Threads that render live sessions' frames alongside the service thread (0: the service
    /// thread renders alone). One by default: the second core of a two-core machine.
    public var renderThreads = 1
    /// Longest one export may take, seconds (`GET /api/recordings/NAME/export`; then 413).
    public var maxExportSeconds: Double = 120
    /// Largest exported file in bytes (then 413); the file is held in memory to be served.
    public var maxExportBytes = 64 << 20

    public init() {}

    /// Whether `host` is a loopback address (no token needed there).
    public var isLoopback: Bool {
        host == "127.0.0.1" || host == "::1" || host == "localhost" || host.hasPrefix("127.")
    }
}
