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
    func openReplay(
        _ fields: FieldReader, for connection: ConnectionID, loop: ServerLoop
    ) throws(CommandError) -> (Double, JSONObject) {
        guard let given = try fields.string("recording", maxLength: 200) else {
            throw CommandError.badField("recording", "is required (a recording name)")
        }
        let frames = try FrameFormat.decode(fields)
        let deltas = try FrameFormat.decodeDeltas(fields)
        let (name, recording) = try loadRecording(named: given)
        guard sessions.count < options.maxSessions else {
            throw CommandError(.limit, "the server already has \(options.maxSessions) sessions")
        }
        let replayer = Replayer(recording: recording, fonts: fonts)
        let session = LiveSession(id: RandomToken.make(), token: RandomToken.make(), core: replayer.state(at: 0))
        session.replay = ReplayPlayback(replayer: replayer, recordingName: name)
        sessions[session.id] = session
        leaveSession(connection, loop: loop)
        attach(connection, to: session, role: .controller, frames: frames, deltas: deltas, loop: loop)
        let markers = Self.markerList(recording)
        let s = replayer.settings
        return (
            0,
            JSONObject(
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
                    ("frames", .string(frames.rawValue)), ("ended", .bool(recording.hasEndLine)),
                ] + (deltas ? [("delta", JSONValue.bool(true))] : []))
        )
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

    /// Reads `NAME.pcast` from the recordings folder (the name is validated first, and given
    /// back without its `.pcast`).
    func loadRecording(named given: String) throws(CommandError) -> (name: String, recording: Recording) {
        let name: String
        do { name = try RecordingName.resolve(given) } catch {
            throw CommandError.badField("recording", "is not a valid recording name: \(error.description)")
        }
        let path = options.recordingsDirectory + "/" + RecordingName.fileName(name)
        // Only regular files: a symbolic link in the folder (perhaps pointing outside it) is not a recording.
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
            attributes[.type] as? FileAttributeType == .typeRegular,
            let data = FileManager.default.contents(atPath: path)
        else { throw CommandError(.notFound, "no recording \"\(name)\"") }
        do {
            return (name, try RecordingReader.read(Array(data)))
        } catch {
            throw CommandError(.badRequest, "recording \"\(name)\" cannot be read: \(error.description)")
        }
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
            let t = try fields.requireNumber("t", in: 0...1e7)
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
