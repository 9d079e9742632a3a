import ComponentSupport
import Foundation
import Geometry
import JSON
import Logging
import Recording
import Scene
import Session
import Timing
import WebSocketServer
import Wire

extension ProgressCastApp {
    /// Throws `limit` when the server holds ``ServerOptions/maxSessions`` sessions already.
    func requireRoomForASession() throws(CommandError) {
        guard sessions.count < options.maxSessions else {
            throw CommandError(.limit, "the server already has \(options.maxSessions) sessions")
        }
    }

    /// What a replay session answers an op that would change its scene or clock.
    private static let replaySessionRefusal = CommandError(.conflict, "a replay session only takes replay.* ops")

    /// Applies one op for a connection; returns the session time and the ack's extra fields.
    func dispatch(
        op: String, message: JSONObject, from connection: ConnectionID, loop: ServerLoop
    ) throws(CommandError) -> (Double, JSONObject) {
        let fields = FieldReader(message)
        guard OpCatalog.contains(op) else { throw OpCatalog.unknownOpError(op) }
        switch op {
        // These reach sessions other than the connection's own (the one joined): every paced
        // frame rendering in the background is finished first. (replay.open is applied before
        // dispatch, off the service thread: ``beginReplayOpen``.)
        case "session.create":
            settleAllRendering(loop: loop)
            return try createSession(fields, for: connection, loop: loop)
        case "session.join":
            settleAllRendering(loop: loop)
            return try joinSession(fields, for: connection, loop: loop)
        default: break
        }
        guard let client = clients[connection], let sessionID = client.sessionID, let session = sessions[sessionID]
        else {
            throw CommandError(.noSession, "\(op) needs a session: send session.create or session.join first")
        }
        let isController = client.role == .controller
        func requireController() throws(CommandError) {
            guard isController else {
                throw CommandError(
                    .notAllowed,
                    "\(op) changes the session; viewers may only watch (join with the session's token to control it)")
            }
        }
        switch op {
        case "session.leave":
            leaveSession(connection, loop: loop)
            return (session.core.time, JSONObject())
        case "session.close":
            try requireController()
            let time = session.core.time
            closeSession(session, loop: loop)
            return (time, JSONObject())
        case "clock.advance":
            try requireController()
            guard session.replay == nil else { throw Self.replaySessionRefusal }
            guard !session.isLive else {
                throw CommandError(.conflict, "clock.advance needs a manual clock; this session's clock is live")
            }
            let by = try fields.requireNumber("by", in: 0...3600)
            // Media time is kept in whole microseconds: a step that rounds to none would ack a
            // clock that did not move.
            guard MediaTime.microseconds(by) > 0 else {
                throw CommandError.badField(
                    "by", "must be a number in 0...3600 of at least a microsecond (0.000001), got \(by)")
            }
            advanceManualClock(session, to: session.core.now + MediaTime.microseconds(by), loop: loop)
            return (session.core.time, JSONObject())
        case "inspect":
            bringUpToDate(session)
            var result = try SceneWire.inspect(fields, scene: session.core.scene, at: session.core.time)
            result.members.removeAll { $0.key == "t" }
            return (session.core.time, result)
        case "frame.get":
            bringUpToDate(session)
            sendFrameIfChanged(session, loop: loop)  // a change is sent to every watcher, not only to this caller
            let frame =
                (try? JSONParser.parse(session.currentFrame(.json, scratch: renderPool.serviceScratch))) ?? .null
            return (session.core.time, JSONObject(pairs: [("frame", frame)]))
        case "scenario.run":
            try requireController()
            guard session.replay == nil else { throw Self.replaySessionRefusal }
            return try runScenario(fields, session: session, loop: loop)
        case "scenario.stop":
            try requireController()
            return stopScenarios(session, loop: loop)
        case "trace.start":
            // Tracing only samples: viewers may trace, and nothing is logged or recorded.
            bringUpToDate(session)
            let request = try TraceWire.decodeStart(fields, scene: session.core.scene)
            setTrace(request, for: connection, in: session)
            pendingTraceSamples.insert(connection)
            return (
                session.core.time,
                JSONObject(pairs: [
                    ("target", .string(request.target)),
                    ("properties", .array(request.properties.map { .string($0) })),
                ])
            )
        case "trace.stop":
            let was = clients[connection]?.trace != nil
            setTrace(nil, for: connection, in: session)
            return (session.core.time, JSONObject(pairs: [("stopped", .bool(was))]))
        case "record.start", "record.marker", "record.stop":
            try requireController()
            return try recordingOp(op, fields, session: session, loop: loop)
        case "replay.play", "replay.pause", "replay.seek", "replay.speed", "replay.step":
            try requireController()
            return try replayOp(op, fields, session: session, loop: loop)
        default:
            guard SceneWire.handles(op) else { throw OpCatalog.unknownOpError(op) }
            try requireController()
            guard session.replay == nil else { throw Self.replaySessionRefusal }
            let result = try session.core.apply(message, name: op, at: session.nowMicroseconds())
            return (session.core.time, result)
        }
    }

    /// Advances a session to its clock's now (live sessions move on their own).
    func bringUpToDate(_ session: LiveSession) {
        session.core.advance(to: session.nowMicroseconds())
    }

    // MARK: Create, join, leave, close

    func createSession(
        _ fields: FieldReader, for connection: ConnectionID, loop: ServerLoop
    ) throws(CommandError) -> (Double, JSONObject) {
        var settings = try SessionSettings.decode(fields)
        let frames = try FrameFormat.decode(fields)
        let deltas = try FrameFormat.decodeDeltas(fields)
        // The server's component limit, or a lower one the creator asked for.
        settings.maxComponents =
            fields.has("maxComponents")
            ? min(settings.maxComponents, options.maxComponentsPerSession) : options.maxComponentsPerSession
        // The wall clock at media time 0: the creator's `date`, else the server's time (UTC), so
        // "Last update: Today 14:05" is today's date; logged in the session.create line for replays.
        if !fields.has("date") {
            settings.date = SessionDate(epochSeconds: Date().timeIntervalSince1970.rounded(.down))
        }
        try requireRoomForASession()
        leaveSession(connection, loop: loop)
        let session = LiveSession(
            id: RandomToken.make(), token: RandomToken.make(), core: SessionCore(settings: settings, fonts: fonts))
        sessions[session.id] = session
        attach(connection, to: session, role: .controller, frames: frames, deltas: deltas, loop: loop)
        logger.info(
            "session created", metadata: ["session": "\(session.id.prefix(8))", "clock": "\(settings.clock.rawValue)"])
        var ack = JSONObject(pairs: [
            ("session", .string(session.id)), ("token", .string(session.token)),
            (
                "canvas",
                .object(
                    JSONObject(pairs: [
                        ("width", .number(settings.canvas.width)), ("height", .number(settings.canvas.height)),
                    ]))
            ),
            ("clock", .string(settings.clock.rawValue)), ("fps", .number(Double(settings.fps))),
            ("frames", .string(frames.rawValue)), ("chrome", .bool(settings.chrome)),
        ])
        if deltas { ack.append("delta", .bool(true)) }
        return (session.core.time, ack)
    }

    func joinSession(
        _ fields: FieldReader, for connection: ConnectionID, loop: ServerLoop
    ) throws(CommandError) -> (Double, JSONObject) {
        guard let id = try fields.string("session", maxLength: 64) else {
            throw CommandError.badField("session", "is required (a session id)")
        }
        let token = try fields.string("token", maxLength: 64)
        let frames = try FrameFormat.decode(fields)
        let deltas = try FrameFormat.decodeDeltas(fields)
        guard let session = sessions[id] else {
            throw CommandError(.notFound, "no session \"\(id.prefix(64))\" (it may have expired)")
        }
        if clients[connection]?.sessionID != id {
            guard session.connections.count < options.maxConnectionsPerSession else {
                throw CommandError(.limit, "session already has \(options.maxConnectionsPerSession) connections")
            }
        }
        let role: Client.Role =
            token.map { RandomToken.constantTimeEquals($0, session.token) } == true ? .controller : .viewer
        wakeIfDormant(session)
        leaveSession(connection, loop: loop)
        attach(connection, to: session, role: role, frames: frames, deltas: deltas, loop: loop)
        let s = session.settings
        var ack = JSONObject(pairs: [
            ("session", .string(session.id)), ("role", .string(role.rawValue)),
            (
                "canvas",
                .object(JSONObject(pairs: [("width", .number(s.canvas.width)), ("height", .number(s.canvas.height))]))
            ),
            ("clock", .string(s.clock.rawValue)), ("fps", .number(Double(s.fps))),
            ("frames", .string(frames.rawValue)), ("chrome", .bool(s.chrome)),
            // A looping scenario (the page's guided tour) runs: a page that rejoins offers to stop it.
            ("looping", .bool(session.scenarioLoop != nil)),
        ])
        if deltas { ack.append("delta", .bool(true)) }
        // A page that reloads while its session records says so again.
        if let recorder = session.recorder { ack.append("recordingTo", .string(recorder.name)) }
        if let playback = session.replay { Self.appendReplayFields(of: playback, to: &ack) }
        return (session.core.time, ack)
    }

    func attach(
        _ connection: ConnectionID, to session: LiveSession, role: Client.Role, frames: FrameFormat, deltas: Bool,
        loop: ServerLoop
    ) {
        clients[connection]?.sessionID = session.id
        clients[connection]?.role = role
        clients[connection]?.frames = frames
        clients[connection]?.deltas = deltas
        session.connections.append(connection)
        refreshWatcherFormats(session)
        if let timer = session.expiryTimer {
            _ = loop.cancel(timer)
            session.expiryTimer = nil
        }
        // The joiner gets the current frame right after its ack (see flushAfterOp).
        pendingJoinFrames.insert(connection)
    }

    /// Tells the session which frame encodings its watchers take now.
    func refreshWatcherFormats(_ session: LiveSession) {
        session.watchersChanged(
            formats: session.connections.map { clients[$0]?.frames ?? .json },
            deltas: session.connections.map { clients[$0]?.deltas ?? false })
    }

    /// The session `connection` is in, if any (its ``Client`` read in place: `clients[connection]`
    /// would copy it, and ops and frames look it up often).
    func session(of connection: ConnectionID) -> LiveSession? {
        guard let id = clients.withValueInPlace(for: connection, { $0.sessionID }) ?? nil else { return nil }
        return sessions[id]
    }

    func leaveSession(_ connection: ConnectionID, loop: ServerLoop) {
        guard let session = session(of: connection) else { return }
        clients[connection]?.sessionID = nil
        clients[connection]?.role = .viewer
        setTrace(nil, for: connection, in: session)
        session.connections.removeAll { $0 == connection }
        refreshWatcherFormats(session)
        if session.connections.isEmpty {
            // A session ends 60 s (sessionTTL) after its last connection left.
            session.expiryTimer = loop.schedule(afterMicroseconds: Int64(options.sessionTTL * 1_000_000)) {
                [weak self, weak session] loop in
                guard let self, let session else { return }
                self.settleRendering(session, loop: loop)
                guard session.connections.isEmpty else { return }
                self.logger.info("session expired", metadata: ["session": "\(session.id.prefix(8))"])
                self.closeSession(session, loop: loop)
            }
        }
    }

    func closeSession(_ session: LiveSession, loop: ServerLoop) {
        if let recorder = session.recorder {
            recorder.finish(reason: "session closed", at: session.core.now)
            session.recorder = nil
        }
        frameScheduler.cancel(session)
        if let timer = session.expiryTimer { _ = loop.cancel(timer) }
        session.replay?.stop(loop: loop)
        let closed = Outgoing.event(SceneEvent(time: session.core.time, name: "session.closed", target: ""))
        for connection in session.connections {
            send(closed, to: connection, loop: loop)
            clients[connection]?.sessionID = nil
            clients[connection]?.role = .viewer
            setTrace(nil, for: connection, in: session)
        }
        session.connections.removeAll()
        sessions[session.id] = nil
        forgetCommandLog(of: session)
        session.isClosed = true
    }
}
