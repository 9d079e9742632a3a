/// Why a WebSocket connection closed, as reported to
/// ``WebSocketServerHandler/connectionClosed(_:reason:loop:)``.
public enum CloseReason: Sendable, Hashable, CustomStringConvertible {
    /// The client sent a close frame, with this code if it gave one.
    case peerClosed(CloseCode?)
    /// The application closed it with ``ServerLoop/close(_:code:reason:)``.
    case closedByServer(CloseCode)
    /// A message exceeded ``WebSocketServer/Configuration/maxMessageSize`` (closed with 1009).
    case messageTooBig
    /// A binary message arrived where text is expected (closed with 1003).
    case unsupportedData
    /// The connection's ordered queue overflowed its limits (closed with 1008).
    case queueOverflow
    /// The server is stopping (closed with 1001).
    case serverStopping
    /// The connection ended without a close handshake: a socket error, the idle
    /// keepalive hanging up, or a close that did not complete in time.
    case connectionLost

    /// A short form for logs, such as `peerClosed(1000)` or `queueOverflow`.
    public var description: String {
        switch self {
        case .peerClosed(let code): "peerClosed(\(code.map(String.init(describing:)) ?? "no code"))"
        case .closedByServer(let code): "closedByServer(\(code))"
        case .messageTooBig: "messageTooBig"
        case .unsupportedData: "unsupportedData"
        case .queueOverflow: "queueOverflow"
        case .serverStopping: "serverStopping"
        case .connectionLost: "connectionLost"
        }
    }
}
