import WebSocketServer

/// A configurable handler for tests: records events in an ``EventLog`` and runs
/// per-test closures; by default it echoes each message back through the ordered queue.
final class TestHandler: WebSocketServerHandler {
    let log: EventLog
    var onStart: (ServerLoop) -> Void = { _ in }
    var onMessage: (String, ConnectionID, ServerLoop) -> Void = { text, connection, loop in
        loop.send(text, to: connection, delivery: .ordered)
    }
    var onWake: (ServerLoop) -> Void = { _ in }
    var onHTTP: (HTTPRequest, ServerLoop) -> HTTPResponse = { _, _ in .notFound }

    init(log: EventLog) {
        self.log = log
    }

    func serverStarted(loop: ServerLoop) {
        log.append("started")
        onStart(loop)
    }

    func serverStopping(loop: ServerLoop) {
        log.append("stopping")
    }

    func connectionOpened(_ connection: ConnectionInfo, loop: ServerLoop) {
        log.append(
            "open \(connection.path) origin=\(connection.origin ?? "-") query=\(connection.queryValue("name") ?? "-")")
    }

    func messageReceived(_ text: UnsafeRawBufferPointer, from connection: ConnectionID, loop: ServerLoop) {
        let string = String(decoding: text, as: UTF8.self)
        log.append("message \(string.prefix(40)) (\(text.count) bytes)")
        onMessage(string, connection, loop)
    }

    func connectionClosed(_ connection: ConnectionID, reason: CloseReason, loop: ServerLoop) {
        log.append("closed \(reason)")
    }

    func serverWoken(loop: ServerLoop) {
        log.append("woken")
        onWake(loop)
    }

    func httpRequest(_ request: HTTPRequest, loop: ServerLoop) -> HTTPResponse {
        onHTTP(request, loop)
    }
}
