/// Why a ``WebSocketServer`` could not start.
public enum WebSocketServerError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A configuration value cannot work; the message names it.
    case invalidConfiguration(String)
    /// The listening socket could not be bound (for example the port is in use).
    case bindFailed(host: String, port: Int, reason: String)
    /// libwebsockets could not create its context (its log on standard error says why).
    case contextCreationFailed
    /// ``WebSocketServer/run()`` or ``WebSocketServer/start()`` was already called:
    /// a server runs once.
    case alreadyStarted
    /// The service thread could not be created.
    case threadCreationFailed(Int32)

    /// A sentence for logs and command-line errors.
    public var description: String {
        switch self {
        case .invalidConfiguration(let message): "invalid server configuration: \(message)"
        case .bindFailed(let host, let port, let reason): "cannot listen on \(host):\(port): \(reason)"
        case .contextCreationFailed: "libwebsockets could not create its context (see its log)"
        case .alreadyStarted: "the server was already started; a server runs once"
        case .threadCreationFailed(let code): "cannot create the service thread (error \(code))"
        }
    }
}
