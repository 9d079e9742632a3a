/// The opaque identity of one WebSocket connection.
///
/// Identities are unique for the life of a ``WebSocketServer`` and never reused, so a
/// stale identity simply names a connection that no longer exists.
public struct ConnectionID: Hashable, Sendable, CustomStringConvertible {
    @usableFromInline let rawValue: UInt64
    /// Where a ``ConnectionMap`` keeps the connection's value: its socket's descriptor, which
    /// no other open connection shares (descriptors are reused once closed; `rawValue` never is).
    @usableFromInline let slot: Int

    init(rawValue: UInt64, slot: Int) {
        precondition(rawValue != 0, "connection IDs start at 1")
        self.rawValue = rawValue
        self.slot = max(slot, 0)
    }

    /// A short printable form such as `c42`, for logs.
    public var description: String { "c\(rawValue)" }

    // The identity is `rawValue` alone: `slot` follows from it.
    public static func == (a: ConnectionID, b: ConnectionID) -> Bool { a.rawValue == b.rawValue }
    public func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }
}
