/// How the load generator's connections reach the server. A transport runs on the generator's
/// thread: it opens sockets, writes the messages connections queue, and hands back whole
/// received messages, calling ``LoadGenerator/established(_:)``, ``LoadGenerator/message(_:on:)``,
/// ``LoadGenerator/wrote(_:on:)``, ``LoadGenerator/closed(_:)`` and, every
/// ``LoadGenerator/tickMicroseconds``, ``LoadGenerator/tick()``.
protocol LoadTransport: AnyObject {
    /// Starts opening `connection` (the outcome is reported later); false when it cannot even start.
    func open(_ connection: ClientConnection) -> Bool
    /// `connection` has queued messages to write.
    func wantsToWrite(_ connection: ClientConnection)
    /// Serves every connection until the generator has stopped, then closes them all.
    func serve(_ generator: LoadGenerator) throws(LoadError)
}

/// The load generator's client implementations.
public enum LoadClient: String, Sendable, CaseIterable {
    /// ``EpollLoadTransport``: a minimal epoll WebSocket client (reads headers, not payloads).
    case epoll
    /// ``LWSLoadTransport``: a libwebsockets 4.1 client context.
    case libwebsockets
}
