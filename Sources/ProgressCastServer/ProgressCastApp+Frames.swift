import ComponentSupport
import Recording
import Session
import Timing
import WebSocketServer

extension ProgressCastApp {
    /// After an op: events to every watcher, the recording brought up to date, and a frame
    /// (at once on a manual clock; on a live clock through the paced frame timer).
    func flushAfterOp(connection: ConnectionID, loop: ServerLoop) {
        defer { pendingJoinFrames.removeAll() }
        guard let sessionID = clients[connection]?.sessionID, let session = sessions[sessionID] else { return }
        deliverEvents(of: session, loop: loop)
        syncRecording(session, loop: loop)
        if session.isLive && session.replay == nil {
            scheduleFrame(session, loop: loop)
        } else {
            sendFrameIfChanged(session, loop: loop)
        }
        for joiner in pendingJoinFrames where clients[joiner]?.sessionID == session.id {
            let frame = session.currentFrame()
            _ = loop.send(frame, to: joiner, delivery: .latest)
        }
    }

    func deliverEvents(of session: LiveSession, loop: ServerLoop) {
        let events = session.core.takeEvents()
        guard !events.isEmpty else { return }
        for event in events {
            let bytes = Outgoing.event(event)
            for connection in session.connections { send(bytes, to: connection, loop: loop) }
        }
    }

    /// Renders and, when the display list changed, sends the frame to every watcher
    /// (one encoding shared by all of them; slow ones get the newest frame only).
    func sendFrameIfChanged(_ session: LiveSession, loop: ServerLoop) {
        guard let frame = session.frameIfChanged() else { return }
        for connection in session.connections {
            _ = loop.send(frame.bytes, to: connection, delivery: .latest)
        }
        if let recorder = session.recorder {
            do {
                try recorder.frameSent(seq: session.frameSeq, checksum: frame.checksum, at: session.core.now)
            } catch {
                recordingFailed(session, error: error, loop: loop)
            }
        }
    }

    /// Live sessions: asks for a frame as soon as the fps pacing allows.
    func scheduleFrame(_ session: LiveSession, loop: ServerLoop) {
        guard session.frameTimer == nil else { return }
        let interval = Int64(1_000_000 / session.settings.fps)
        let now = LiveClock.monotonicMicroseconds()
        let delay = max(0, session.lastFrameWall + interval - now)
        session.frameTimer = loop.schedule(afterMicroseconds: delay) { [weak self, weak session] loop in
            guard let self, let session else { return }
            session.frameTimer = nil
            self.frameTick(session, loop: loop)
        }
    }

    /// One paced frame of a live session.
    func frameTick(_ session: LiveSession, loop: ServerLoop) {
        guard sessions[session.id] === session else { return }
        session.lastFrameWall = LiveClock.monotonicMicroseconds()
        if let replay = session.replay {
            replay.tick(session: session, app: self, loop: loop)
        } else {
            bringUpToDate(session)
        }
        deliverEvents(of: session, loop: loop)
        syncRecording(session, loop: loop)
        sendFrameIfChanged(session, loop: loop)
        if session.replay?.isPlaying ?? session.core.mayChange {
            scheduleFrame(session, loop: loop)
        }
    }
}
