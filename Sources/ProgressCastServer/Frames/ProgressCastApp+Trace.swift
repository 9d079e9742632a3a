import Scene
import Session
import WebSocketServer
import Wire

extension ProgressCastApp {
    /// Most ordered messages a connection may have waiting before a trace sample for it is
    /// skipped: samples are optional, and a slow tracer must not build a backlog (or be cut off
    /// for one).
    static let traceQueueLimit = 32

    /// Sends every tracing watcher of `session` its sample at the session's time, when it differs
    /// from the last one sent. Called once per frame render, so a trace is at most one message a
    /// frame whatever the rate of ops; sampling never changes the session.
    func sendTraces(of session: LiveSession, loop: ServerLoop) {
        for connection in session.tracers { sendTrace(of: session, to: connection, loop: loop) }
    }

    /// Starts, replaces or (nil) stops `connection`'s trace of `session`: the one place that
    /// keeps the client's request, its last sample and the session's tracers in step.
    func setTrace(_ request: TraceWire.Request?, for connection: ConnectionID, in session: LiveSession) {
        clients[connection]?.trace = request
        clients[connection]?.lastTraceSample = nil
        if request == nil { session.tracers.remove(connection) } else { session.tracers.insert(connection) }
    }

    /// One connection's sample (see ``sendTraces(of:loop:)``). A target that is gone (a HUD
    /// removed on hide) sends nothing until it is back.
    func sendTrace(of session: LiveSession, to connection: ConnectionID, loop: ServerLoop) {
        guard let request = clients[connection]?.trace,
            loop.queuedMessages(connection) < ProgressCastApp.traceQueueLimit
        else { return }
        let time = session.core.time
        guard
            let sample = try? session.core.scene.trace(request.target, properties: request.properties, at: time),
            sample != clients[connection]?.lastTraceSample
        else { return }
        clients[connection]?.lastTraceSample = sample
        send(TraceWire.message(sample, target: request.target, at: time), to: connection, loop: loop)
    }
}
