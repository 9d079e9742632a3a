/// Identifies a timer scheduled with ``ServerLoop/schedule(afterMicroseconds:_:)``,
/// for ``ServerLoop/cancel(_:)``. Never reused within a server.
public struct TimerID: Hashable, Sendable, CustomStringConvertible {
    let rawValue: UInt64

    /// A short printable form such as `t7`, for logs.
    public var description: String { "t\(rawValue)" }
}
