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
            _ = loop.send(frame, to: connection, delivery: .latest)
        }
        if let recorder = session.recorder {
            do {
                try recorder.frameSent(seq: session.frameSeq, checksum: session.lastChecksum ?? "", at: session.core.now)
            } catch {
                recordingFailed(session, error: error, loop: loop)
            }
        }
    }

    /// Live sessions: asks for a frame as soon as the fps pacing allows. Paced frames keep to a
    /// grid of 1/fps from the last one (a late timer does not push every later frame back), but
    /// never come sooner than 1/fps - ``FrameScheduler/pacingSlack`` after the last frame made.
    func scheduleFrame(_ session: LiveSession, loop: ServerLoop) {
        guard session.frameDue == nil else { return }
        let interval = 1_000_000 / Int64(session.settings.fps)
        let now = LiveClock.monotonicMicroseconds()
        let due = max(now, session.lastFrameGrid + interval, session.lastFrameWall + interval - FrameScheduler.pacingSlack)
        if frameScheduler.onDue == nil {
            frameScheduler.onDue = { [weak self] session, due, loop in
                session.lastFrameGrid = due
                self?.frameTick(session, loop: loop)
            }
        }
        frameScheduler.schedule(session, at: due, loop: loop)
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
        if session.replay?.isPlaying ?? session.mayChange {
            scheduleFrame(session, loop: loop)
        }
    }
}
