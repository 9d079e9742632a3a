/// The application side of a ``WebSocketServer``: told about connections, messages,
/// HTTP requests and wake-ups.
///
/// **Threading.** Every method is called on the server's single service thread, one
/// at a time, never concurrently; the ``ServerLoop`` passed in is that thread's API
/// and must only be used there (it is not `Sendable`). Methods must return quickly:
/// while one runs, no socket is served. Work done on other threads comes back with
/// ``WebSocketServer/wake()``, which leads to ``serverWoken(loop:)``.
///
/// Only ``messageReceived(_:from:loop:)`` is required; the others default to doing
/// nothing (``httpRequest(_:loop:)`` answers 404).
public protocol WebSocketServerHandler: AnyObject {
    /// The server is listening; called once, before any connection is served.
    /// A good place to schedule the first timers.
    func serverStarted(loop: ServerLoop)

    /// The server is stopping: called once, before open connections are closed with
    /// 1001 (messages sent now still go out within the shutdown grace period).
    func serverStopping(loop: ServerLoop)

    /// A WebSocket connection completed its handshake.
    func connectionOpened(_ connection: ConnectionInfo, loop: ServerLoop)

    /// A complete text message arrived (fragments already reassembled).
    ///
    /// - Parameter text: the message's UTF-8 bytes, valid only during this call;
    ///   copy them to keep them.
    func messageReceived(_ text: UnsafeRawBufferPointer, from connection: ConnectionID, loop: ServerLoop)

    /// A WebSocket connection is gone; its ``ConnectionID`` is no longer usable.
    func connectionClosed(_ connection: ConnectionID, reason: CloseReason, loop: ServerLoop)

    /// ``WebSocketServer/wake()`` was called (from any thread). Several wakes before the
    /// service thread gets to run are delivered as one call.
    func serverWoken(loop: ServerLoop)

    /// Answers an HTTP request under one of the configured dynamic route prefixes, or
    /// one that no static mount serves. Called when the request (and its body) is
    /// complete; the response is written as the socket accepts it.
    func httpRequest(_ request: HTTPRequest, loop: ServerLoop) -> HTTPResponse

    /// The connection of a deferred request (``ServerLoop/deferHTTPResponse()``) closed before
    /// its answer: the work for it can stop.
    func httpRequestAbandoned(_ ticket: HTTPTicket, loop: ServerLoop)
}

extension WebSocketServerHandler {
    /// Does nothing.
    public func serverStarted(loop: ServerLoop) {}
    /// Does nothing.
    public func serverStopping(loop: ServerLoop) {}
    /// Does nothing.
    public func connectionOpened(_ connection: ConnectionInfo, loop: ServerLoop) {}
    /// Does nothing.
    public func connectionClosed(_ connection: ConnectionID, reason: CloseReason, loop: ServerLoop) {}
    /// Does nothing.
    public func serverWoken(loop: ServerLoop) {}
    /// Does nothing.
    public func httpRequestAbandoned(_ ticket: HTTPTicket, loop: ServerLoop) {}
    /// Answers 404 Not Found.
    public func httpRequest(_ request: HTTPRequest, loop: ServerLoop) -> HTTPResponse { .notFound }
}
