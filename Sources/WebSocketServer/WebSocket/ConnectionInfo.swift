/// What the server knows about a WebSocket connection when it opens, handed to
/// ``WebSocketServerHandler/connectionOpened(_:loop:)``.
public struct ConnectionInfo: Sendable {
    /// The connection's identity, for ``ServerLoop/send(_:to:delivery:)`` and
    /// ``ServerLoop/close(_:code:reason:)``.
    public var id: ConnectionID
    /// The peer's numeric address.
    public var remoteAddress: String
    /// The upgrade request's path (the configured WebSocket path, such as `/ws`).
    public var path: String
    /// The upgrade request's decoded query arguments, in order.
    public var queryItems: [QueryItem]
    /// The upgrade request's headers that the server captured
    /// (``WebSocketServer/capturedRequestHeaders``: `Origin`, `Host`, `Authorization`,
    /// `Cookie`, `User-Agent`, `Sec-WebSocket-Protocol`, ...).
    public var headers: HTTPHeaders

    /// The `Origin` header, absent for most non-browser clients.
    public var origin: String? { headers["origin"] }

    /// The value of the first query argument with this name, if any.
    public func queryValue(_ name: String) -> String? {
        queryItems.first { $0.name == name }?.value
    }
}
