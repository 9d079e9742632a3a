/// The opaque identity of one WebSocket connection.
///
/// Identities are unique for the life of a ``WebSocketServer`` and never reused, so a
/// stale identity simply names a connection that no longer exists.
public struct ConnectionID: Hashable, Sendable, CustomStringConvertible {
    let rawValue: UInt64

    init(rawValue: UInt64) {
        self.rawValue = rawValue
    }

    /// A short printable form such as `c42`, for logs.
    public var description: String { "c\(rawValue)" }
}
