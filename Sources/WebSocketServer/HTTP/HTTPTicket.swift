/// A dynamic-route request whose answer comes later (``ServerLoop/deferHTTPResponse()``):
/// the handler answers it with ``ServerLoop/completeHTTP(_:with:)`` once work done elsewhere
/// is ready, so slow work (an export) never blocks the service thread.
public struct HTTPTicket: Hashable, Sendable, CustomStringConvertible {
    let value: UInt64

    public var description: String { "http#\(value)" }
}

/// Wakes a server's service thread from any thread (``WebSocketServerHandler/serverWoken(loop:)``
/// follows), for work that finished elsewhere.
public struct ServerWaker: Sendable {
    let control: ServerControl

    /// Asks the service thread to call `serverWoken` (returns at once; wakes coalesce).
    public func wake() {
        control.requestWake()
    }
}
