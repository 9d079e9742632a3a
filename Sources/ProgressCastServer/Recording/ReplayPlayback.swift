import ComponentSupport
import JSON
import Recording
import Session
import Timing
import WebSocketServer
import Wire

/// Plays a recording in a replay session: position, rate, play/pause, markers. The session's
/// core is always the re-simulated state at the position.
final class ReplayPlayback {
    enum State: String { case playing, paused, ended }

    let replayer: Replayer
    /// The recording's name (NAME of NAME.pcast), for a page that joins the replay.
    let recordingName: String
    private(set) var state: State = .paused
    /// Current position in microseconds.
    private(set) var position: Int64 = 0
    private(set) var rate: Double = 1
    /// Index of the next recording event to apply when moving forward.
    private var nextIndex = 0
    private var anchorWall: Int64 = 0
    private var anchorPosition: Int64 = 0

    init(replayer: Replayer, recordingName: String) {
        self.replayer = replayer
        self.recordingName = recordingName
    }

    var isPlaying: Bool { state == .playing }
    var durationMicroseconds: Int64 { replayer.recording.events.last?.microseconds ?? 0 }

    func play(session: LiveSession) {
        if state == .ended || position >= durationMicroseconds { seek(to: 0, session: session) }
        state = .playing
        anchorWall = LiveClock.monotonicMicroseconds()
        anchorPosition = position
    }

    func pause() {
        state = .paused
    }

    func setRate(_ newRate: Double) {
        if state == .playing {
            anchorPosition = currentTarget()
            anchorWall = LiveClock.monotonicMicroseconds()
        }
        rate = newRate
    }

    private func currentTarget() -> Int64 {
        anchorPosition + Int64(Double(LiveClock.monotonicMicroseconds() - anchorWall) * rate)
    }

    /// Jumps to a time (re-simulated from the nearest snapshot).
    func seek(to microseconds: Int64, session: LiveSession) {
        let t = min(max(microseconds, 0), durationMicroseconds)
        session.core = replayer.state(at: t)
        _ = session.takeEvents()
        position = t
        nextIndex = replayer.recording.events.firstIndex { $0.microseconds > t } ?? replayer.recording.events.count
        if state == .ended && t < durationMicroseconds { state = .paused }
        anchorWall = LiveClock.monotonicMicroseconds()
        anchorPosition = t
    }

    /// Moves forward to `target`, applying commands in order and reporting markers.
    /// Returns the marker labels passed.
    func moveForward(to target: Int64, session: LiveSession) -> [(Int64, String)] {
        var markers: [(Int64, String)] = []
        let events = replayer.recording.events
        while nextIndex < events.count, events[nextIndex].microseconds <= target {
            let e = events[nextIndex]
            switch e.event {
            case let .command(op):
                Replayer.applyForPlayback(op, at: e.microseconds, to: &session.core)
            case let .marker(label):
                markers.append((e.microseconds, label))
            default:
                break
            }
            nextIndex += 1
        }
        session.core.advance(to: target)
        position = target
        return markers
    }

    /// A paced tick while playing: advance to the wall-clock target.
    func tick(session: LiveSession, app: ProgressCastApp, loop: ServerLoop) {
        guard state == .playing else { return }
        var target = currentTarget()
        if target >= durationMicroseconds {
            target = durationMicroseconds
        }
        let markers = moveForward(to: target, session: session)
        for (t, label) in markers {
            app.broadcast(
                SceneEvent(
                    time: Double(t) / 1_000_000, name: "replay.marker", target: "",
                    fields: JSONObject(pairs: [("label", .string(label))])), in: session, loop: loop)
        }
        if target >= durationMicroseconds {
            state = .ended
            app.broadcastReplayState(session, loop: loop)
        }
    }

    func stop(loop: ServerLoop) {
        state = .paused
    }
}

extension Replayer {
    /// Applies a recorded command during playback (same path as re-simulation).
    static func applyForPlayback(_ op: JSONObject, at microseconds: Int64, to core: inout SessionCore) {
        apply(op, at: microseconds, to: &core)
    }
}
