import ComponentSupport
import Foundation
import Geometry
import JSON
import Recording
import Session
import Timing
import WebSocketServer
import Wire

extension ProgressCastApp {
    /// `replay.open`: checks the fields and that the recording exists, then reads and simulates it
    /// on a thread of its own (``ReplayOpening``); the ack comes from ``finishReplayOpenings(loop:)``
    /// once it is done, and the connection's messages meanwhile wait for it
    /// (``holdWhileOpeningReplay(_:from:loop:)``). Other connections are served all along.
    func beginReplayOpen(
        _ message: JSONObject, id: JSONValue?, from connection: ConnectionID, loop: ServerLoop
    ) throws(CommandError) {
        let fields = FieldReader(message)
        guard let given = try fields.string("recording", maxLength: 200) else {
            throw CommandError.badField("recording", "is required (a recording name)")
        }
        let frames = try FrameFormat.decode(fields)
        let deltas = try FrameFormat.decodeDeltas(fields)
        let name: String
        do { name = try RecordingName.resolve(given) } catch {
            throw CommandError.badField("recording", "is not a valid recording name: \(error.description)")
        }
        guard let path = RecordingFiles.existing(name, in: options.recordingsDirectory) else {
            throw CommandError(.notFound, "no recording \"\(name)\"")
        }
        try requireRoomForASession()
        let opening = ReplayOpening(name: name, path: path, fonts: fonts)
        replayOpenings[connection] = PendingReplayOpen(opening: opening, id: id, frames: frames, deltas: deltas)
        opening.start(waker: loop.waker)
    }

    /// Holds a message of a connection whose `replay.open` is not answered yet (applied after
    /// the ack, in order); returns false when the connection opens no replay. A message past
    /// ``PendingReplayOpen/maxHeldMessages`` is refused with `limit`.
    func holdWhileOpeningReplay(_ text: UnsafeRawBufferPointer, from connection: ConnectionID, loop: ServerLoop) -> Bool
    {
        guard var pending = replayOpenings[connection] else { return false }
        guard pending.held.count < PendingReplayOpen.maxHeldMessages else {
            let error = CommandError(
                .limit, "more than \(PendingReplayOpen.maxHeldMessages) messages while replay.open is answered")
            refuse(text, error, from: connection, loop: loop)
            return true
        }
        pending.held.append(Array(text))
        replayOpenings[connection] = pending
        return true
    }

    /// The replays read and simulated since the last wake: each opens its session and is acked
    /// (or answered with its error), then its connection's held messages are applied in order.
    func finishReplayOpenings(loop: ServerLoop) {
        // Every wake comes here (render hand-backs among them): nothing to look at, usually.
        guard !replayOpenings.isEmpty else { return }
        let done = replayOpenings.filter { $0.value.opening.result != nil }
        guard !done.isEmpty else { return }
        settleAllRendering(loop: loop)
        for (connection, pending) in done {
            replayOpenings[connection] = nil
            guard clients[connection] != nil, let result = pending.opening.result else { continue }
            do throws(CommandError) {
                let opened = try result.get()
                let fields = try openReplaySession(pending, opened, for: connection, loop: loop)
                if let id = pending.id {
                    send(Outgoing.ack(id: id, op: "replay.open", time: 0, fields: fields), to: connection, loop: loop)
                }
            } catch {
                send(Outgoing.error(id: pending.id, op: "replay.open", error), to: connection, loop: loop)
            }
            flushAfterOp(connection: connection, loop: loop)
            for (index, text) in pending.held.enumerated() {
                text.withUnsafeBytes { apply($0, from: connection, loop: loop) }
                if var again = replayOpenings[connection] {
                    // Another replay.open: the rest waits for that one.
                    again.held = Array(pending.held[(index + 1)...]) + again.held
                    replayOpenings[connection] = again
                    break
                }
            }
        }
    }

    /// A new replay session for an opened recording, joined by `connection` as its controller;
    /// returns the ack's fields.
    private func openReplaySession(
        _ pending: PendingReplayOpen, _ opened: ReplayOpening.Opened, for connection: ConnectionID, loop: ServerLoop
    ) throws(CommandError) -> JSONObject {
        try requireRoomForASession()
        let (recording, replayer) = (opened.recording, opened.replayer)
        let session = LiveSession(id: RandomToken.make(), token: RandomToken.make(), core: replayer.state(at: 0))
        session.replay = ReplayPlayback(replayer: replayer, recordingName: pending.opening.name)
        sessions[session.id] = session
        leaveSession(connection, loop: loop)
        attach(connection, to: session, role: .controller, frames: pending.frames, deltas: pending.deltas, loop: loop)
        let markers = Self.markerList(recording)
        let s = replayer.settings
        return JSONObject(
            pairs: [
                ("session", .string(session.id)), ("token", .string(session.token)),
                ("duration", .number(recording.duration)), ("markers", markers),
                (
                    "canvas",
                    .object(
                        JSONObject(pairs: [
                            ("width", .number(s.canvas.width)), ("height", .number(s.canvas.height)),
                        ]))
                ),
                ("fps", .number(Double(s.fps))), ("title", .string(recording.header.title)),
                ("frames", .string(pending.frames.rawValue)), ("ended", .bool(recording.hasEndLine)),
            ] + (pending.deltas ? [("delta", JSONValue.bool(true))] : []))
    }

    /// A recording's markers as `replay.open` and `session.join` give them.
    static func markerList(_ recording: Recording) -> JSONValue {
        .array(
            recording.markers.map {
                .object(JSONObject(pairs: [("t", .number($0.time)), ("label", .string($0.label))]))
            })
    }

    /// What `session.join` adds for a replay session, so a page that reloads or follows a link
    /// rejoins the replay where it is instead of opening the recording again: `recording`,
    /// `duration`, `markers`, `title`, and its `state` (`playing`, `paused`, `ended`), `position`
    /// (s) and `rate`.
    static func appendReplayFields(of playback: ReplayPlayback, to ack: inout JSONObject) {
        let recording = playback.replayer.recording
        ack.append("recording", .string(playback.recordingName))
        ack.append("duration", .number(recording.duration))
        ack.append("markers", markerList(recording))
        ack.append("title", .string(recording.header.title))
        ack.append("state", .string(playback.state.rawValue))
        ack.append("position", .number(MediaTime.seconds(microseconds: playback.position)))
        ack.append("rate", .number(playback.rate))
    }

    func replayOp(
        _ op: String, _ fields: FieldReader, session: LiveSession, loop: ServerLoop
    ) throws(CommandError) -> (Double, JSONObject) {
        guard let replay = session.replay else {
            throw CommandError(.conflict, "\(op) needs a replay session: send replay.open first")
        }
        let stateBefore = replay.state
        switch op {
        case "replay.play":
            replay.play(session: session)
            scheduleFrame(session, loop: loop)
        case "replay.pause":
            replay.tick(session: session, app: self, loop: loop)
            replay.pause()
        case "replay.seek":
            // Up to the recording's end, however long a hand-made one is (10^7 s at least).
            let end = max(1e7, MediaTime.seconds(microseconds: replay.durationMicroseconds))
            let t = try fields.requireNumber("t", in: 0...end)
            replay.seek(to: MediaTime.microseconds(t), session: session)
        case "replay.speed":
            replay.setRate(try fields.requireNumber("rate", in: 0.1...16))
        default:
            guard let frames = try fields.integer("frames", in: -100_000...100_000) else {
                throw CommandError.badField("frames", "is required (an integer)")
            }
            if replay.isPlaying { replay.pause() }
            // Each frame is 1/fps. From a position on the frame grid (n / fps, within a
            // microsecond) steps stay on the grid, so 60 steps at 60 fps move exactly one second
            // instead of drifting by a rounding per step; from elsewhere, exactly frames / fps.
            let fps = Double(replay.replayer.settings.fps)
            let index = Double(replay.position) * fps / 1_000_000
            let onGrid = abs(index - index.rounded()) * 1_000_000 / fps <= 1
            let target =
                onGrid
                ? MediaTime.microseconds((index.rounded() + Double(frames)) / fps)
                : MediaTime.microseconds(Double(replay.position) / 1_000_000 + Double(frames) / fps)
            if target > replay.position {
                _ = replay.moveForward(to: min(target, replay.durationMicroseconds), session: session)
            } else {
                replay.seek(to: target, session: session)
            }
        }
        // replay.state on a change of state, and on a seek (the position jumped).
        if replay.state != stateBefore || op == "replay.seek" {
            broadcastReplayState(session, loop: loop)
        }
        return (
            session.core.time,
            JSONObject(pairs: [
                ("state", .string(replay.state.rawValue)), ("position", .number(Double(replay.position) / 1_000_000)),
            ])
        )
    }

    func broadcastReplayState(_ session: LiveSession, loop: ServerLoop) {
        guard let replay = session.replay else { return }
        // The event's own `t` is the replay position (docs/protocol.md: replay.state {state, t}).
        broadcast(
            SceneEvent(
                time: Double(replay.position) / 1_000_000, name: "replay.state", target: "",
                fields: JSONObject(pairs: [("state", .string(replay.state.rawValue))])),
            in: session, loop: loop)
    }
}
