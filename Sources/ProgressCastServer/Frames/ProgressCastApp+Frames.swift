import ComponentSupport
import Recording
import Session
import Timing
import WebSocketServer
import Wire

extension ProgressCastApp {
    /// After an op: events to every watcher, the recording brought up to date, and a frame
    /// (at once on a manual clock; on a live clock through the paced frame timer).
    func flushAfterOp(connection: ConnectionID, loop: ServerLoop) {
        defer {
            pendingJoinFrames.removeAll()
            pendingTraceSamples.removeAll()
        }
        guard let session = session(of: connection) else { return }
        deliverEvents(of: session, loop: loop)
        syncRecording(session, loop: loop)
        boundCommandLogs(after: session, loop: loop)
        if session.isLive && session.replay == nil {
            session.opSinceFrame = true
            scheduleFrame(session, loop: loop)
        } else {
            sendFrameIfChanged(session, loop: loop)
        }
        for joiner in pendingJoinFrames where clients[joiner]?.sessionID == session.id {
            // Ordered, so it never overtakes the join's ack (the latest slot may jump the queue).
            sendCurrentFrame(of: session, to: joiner, delivery: .ordered, loop: loop)
        }
        for tracer in pendingTraceSamples where clients[tracer]?.sessionID == session.id {
            sendTrace(of: session, to: tracer, loop: loop)
        }
    }

    /// Brings a session back from having nobody to show frames to (see renderBatch): catches
    /// its clock up and makes its frame current. Called by session.join, the only way in to a
    /// session that has no connections. What happened meanwhile was seen by nobody, so
    /// its events are dropped, as they would have been then.
    func wakeIfDormant(_ session: LiveSession) {
        guard session.dormant else { return }
        session.dormant = false
        bringUpToDate(session)
        _ = session.takeEvents()
        _ = session.renderIfChanged(scratch: renderPool.serviceScratch)
    }

    /// Sends the session's new events to every watcher (``LiveSession/takeEvents(fromCore:)``).
    func deliverEvents(of session: LiveSession, loop: ServerLoop, fromCore: Bool = true) {
        let events = session.takeEvents(fromCore: fromCore)
        guard !events.isEmpty else { return }
        for event in events { broadcast(event, in: session, loop: loop) }
    }

    /// Sends one event to every connection of `session` (its scene's events, and the server's own:
    /// `scenario.error`, `scenario.stopped`, `replay.state`, `record.error`).
    func broadcast(_ event: SceneEvent, in session: LiveSession, loop: ServerLoop) {
        let bytes = Outgoing.event(event)
        for connection in session.connections { send(bytes, to: connection, loop: loop) }
    }

    /// Renders and, when the display list changed, sends the frame to every watcher
    /// (each encoding made once and shared; slow watchers get the newest frame only).
    func sendFrameIfChanged(_ session: LiveSession, loop: ServerLoop) {
        if session.renderIfChanged(scratch: renderPool.serviceScratch) { sendRenderedFrame(session, loop: loop) }
        sendTraces(of: session, loop: loop)
    }

    /// Sends the frame just rendered to every watcher and notes it in the recording.
    private func sendRenderedFrame(_ session: LiveSession, loop: ServerLoop) {
        // Connections that joined during this message get the current frame once, in order,
        // right after their ack (flushAfterOp), not here as well.
        // The watchers' one format, when they share it (the usual case), is known without a
        // look-up per watcher (a cold line each under load).
        let (sole, deltas) = (session.soleWatcherFormat, session.soleWatcherDeltas)
        session.forEachWatcher { connection in
            guard pendingJoinFrames.isEmpty || !pendingJoinFrames.contains(connection) else { return }
            sendCurrentFrame(of: session, to: connection, delivery: .latest, format: sole, deltas: deltas, loop: loop)
        }
        if let readAt = session.opReadAt {
            // The first frame rendered since the op shows it (an op settles its session first).
            opLatency.record(microseconds: LiveClock.monotonicMicroseconds() - readAt)
            session.opReadAt = nil
        }
        if let recorder = session.recorder {
            do {
                try recorder.frameSent(
                    seq: session.frameSeq, checksum: session.lastChecksum(scratch: renderPool.serviceScratch) ?? "",
                    at: session.core.now)
            } catch {
                recordingFailed(session, error: error, loop: loop)
            }
        }
    }

    /// Sends the session's current frame in the format the connection asked for. The frame's
    /// identity goes with it as the transport's repeat key, so a connection never gets the same
    /// display list twice in a row (docs/protocol.md section 2), even when a frame waiting for it was
    /// replaced by one equal to what it already has (a HUD shown and hidden within one read).
    ///
    /// With its version, and, to a connection that takes deltas, its delta from the frame before:
    /// the transport writes the delta instead when that frame was the last it wrote there
    /// (docs/protocol.md section 10).
    ///
    /// - Parameters:
    ///   - format: the connection's frame format when the caller knows it; nil: looked up.
    ///   - deltas: whether the connection takes deltas, when the caller knows it; nil: looked up.
    func sendCurrentFrame(
        of session: LiveSession, to connection: ConnectionID, delivery: Delivery, format: FrameFormat? = nil,
        deltas: Bool? = false, loop: ServerLoop
    ) {
        guard let format = format ?? frameFormat(of: connection) else { return }
        if delivery == .ordered {
            // The join frame: a frame of the session left behind, still waiting in the latest
            // slot, would be written after it.
            loop.discardLatest(connection)
        }
        // Prepared: the transport keeps a reference to the session's frame, not a copy.
        let message = session.currentMessage(format, scratch: renderPool.serviceScratch)
        let takesDeltas =
            message.delta != nil && (deltas ?? clients.withValueInPlace(for: connection) { $0.deltas } == true)
        _ = loop.send(
            prepared: message.bytes, from: message.start, to: connection, delivery: delivery,
            kind: format == .binary ? .binary : .text, repeatKey: session.frameIdentity, version: message.version,
            delta: takesDeltas ? message.delta : nil)
    }

    /// The frame format `connection` takes, read in place (`clients[connection]?.frames` copies the
    /// whole ``Client``, retaining what it holds, for every frame sent).
    private func frameFormat(of connection: ConnectionID) -> FrameFormat? {
        clients.withValueInPlace(for: connection) { $0.frames }
    }

    /// Live sessions: asks for the next paced frame (see ``FrameScheduler`` for the pacing
    /// lattice). A session that has been idle for more than a frame gets its frame as soon as
    /// 1/fps (less ``FrameScheduler/pacingSlack``) has passed since its last one, then joins the
    /// lattice again.
    ///
    /// - Parameter continuing: the session just made a paced frame and goes on animating: its
    ///   next frame stays on the lattice even when the server is behind (frames off the lattice
    ///   would each need a wake of their own, and a server behind would fall further behind).
    func scheduleFrame(_ session: LiveSession, loop: ServerLoop, continuing: Bool = false) {
        guard session.frameDue == nil else { return }
        let interval = 1_000_000 / Double(session.fps)
        let now = LiveClock.monotonicMicroseconds()
        let due: Int64
        if !continuing && Double(now - session.lastFrameGrid) > 2 * interval {
            due = max(now, session.lastFrameWall + Int64(interval) - FrameScheduler.pacingSlack)
        } else {
            due = frameScheduler.latticeTime(
                for: session, interval: interval,
                atOrAfter: max(now, session.lastFrameGrid + Int64(interval) - FrameScheduler.pacingSlack))
        }
        if frameScheduler.onDue == nil {
            frameScheduler.onDue = { [weak self] batch, loop in
                self?.frameBatch(batch, loop: loop)
            }
        }
        frameScheduler.schedule(session, at: due, loop: loop)
    }

    /// The paced frames due in one wake. Sessions changed by an op since their last frame go
    /// first, on their own (a few: rendered here at once), so a client waiting to see its
    /// command waits for its frame slot only; the rest go to the render helpers behind them.
    func frameBatch(_ batch: [(session: LiveSession, due: Int64)], loop: ServerLoop) {
        takeBackRendered(loop: loop)
        // Split before rendering: rendering clears opSinceFrame.
        var urgent: [(session: LiveSession, due: Int64)] = []
        var rest: [(session: LiveSession, due: Int64)] = []
        for entry in batch {
            if entry.session.opSinceFrame { urgent.append(entry) } else { rest.append(entry) }
        }
        if !urgent.isEmpty { renderBatch(urgent, loop: loop) }
        if !rest.isEmpty { renderBatch(rest, loop: loop) }
    }

    /// Per session: the pacing checks; then, on the ``FrameRenderPool``'s helper threads, advance
    /// it to now and render it (a replay session is moved by its player here first); then, back
    /// on the service thread (``handBackRendered(_:loop:)``), deliver its events, bring its
    /// recording up to date, send the frame if it changed and schedule the next.
    private func renderBatch(_ batch: [(session: LiveSession, due: Int64)], loop: ServerLoop) {
        var rendering: [LiveSession] = []
        rendering.reserveCapacity(batch.count)
        // One clock read for the batch: its loop only checks and queues (the rendering is done
        // by the helpers), a few microseconds for a whole batch, where a read per session was
        // two calls per frame (docs/benchmarks.md).
        let now = LiveClock.monotonicMicroseconds()
        for (session, due) in batch {
            // Not in flight in practice (a session is scheduled again only once handed back).
            settleRendering(session, loop: loop)
            // Never sooner than 1/fps - slack (less the batch window) after the last frame (a
            // session handled late in one batch may come early in the next): wait the difference.
            let earliest = session.lastFrameWall + 1_000_000 / Int64(session.fps) - FrameScheduler.pacingSlack
            if now + FrameScheduler.batchWindow < earliest {
                // Keep the lattice time, so the next frame comes at the next lattice point
                // (counting from the deferred time would skip one).
                // Rounded up to a whole millisecond, so deferred frames share wakes.
                session.deferredLatticeTime = session.deferredLatticeTime ?? due
                frameScheduler.schedule(session, at: (earliest + 999) / 1_000 * 1_000, loop: loop)
                continue
            }
            session.lastFrameGrid = session.deferredLatticeTime ?? due
            session.deferredLatticeTime = nil
            guard !session.isClosed else { continue }
            if !session.hasWatchers && session.recorder == nil && session.replay == nil {
                // Nobody to show frames to and nothing recording (a replay keeps playing): stop
                // pacing frames until a connection joins (flushAfterOp catches up then). A thousand abandoned live
                // sessions would otherwise render at full rate for their whole time to live.
                session.dormant = true
                continue
            }
            if !session.opSinceFrame && session.recorder == nil && session.replay == nil && session.tracers.isEmpty
                && session.allWatchers(loop.hasUnsentLatest)
            {
                // Every watcher still has the last frame waiting (the server is behind its
                // sockets): a frame now would only replace it unsent. Skip this slot and keep to
                // the lattice; an op's frame is never skipped, and recordings, replays and
                // traces see every slot.
                frameCounters.skippedUnsent += 1
                scheduleFrame(session, loop: loop, continuing: true)
                continue
            }
            session.beginPacedFrame(at: now)
            // A replay is moved by its player here; other sessions are advanced by whichever
            // thread renders them (events are delivered below).
            session.replay?.tick(session: session, app: self, loop: loop)
            rendering.append(session)
        }
        // Rendered in the background: the service thread goes back to writing and reading
        // while the helpers render, and takes each session back in `serverWoken` (or at once,
        // for a batch too small to hand over).
        frameCounters.rendered += rendering.count
        let queued = renderPool.renderInBackground(rendering, waker: loop.waker) { session in
            handBackRendered(session, loop: loop)
        }
        if queued { frameCounters.renderedInBackground += rendering.count }
    }

    /// A session whose paced frame was just rendered, back on the service thread: count it,
    /// deliver its events, bring its recording up to date, send the frame if it changed and
    /// schedule the next.
    private func handBackRendered(_ session: LiveSession, loop: ServerLoop) {
        if session.renderedChange { frameCounters.changed += 1 }
        deliverEvents(of: session, loop: loop, fromCore: false)
        syncRecording(session, loop: loop)
        if session.renderedChange {
            sendRenderedFrame(session, loop: loop)
        } else {
            // Rendered after the op and the same as before: no frame shows the op.
            session.opReadAt = nil
        }
        sendTraces(of: session, loop: loop)
        if session.replay?.isPlaying ?? session.mayChangeAfterRender {
            scheduleFrame(session, loop: loop, continuing: true)
        }
    }

    /// After `op` from `connection` was applied: notes when it was read on its session, for the
    /// server-side op-to-frame latency (``opLatency``). Scene ops (``SceneWire/handles(_:)``) on
    /// live sessions only: the server's own ops (sessions, recording, replay) change no frame or
    /// send theirs with the ack, and elsewhere the frame goes out within the op.
    func noteOpApplied(_ op: String, from connection: ConnectionID, readAt: Int64) {
        guard SceneWire.handles(op), let session = session(of: connection), session.isLive,
            session.replay == nil
        else { return }
        session.opReadAt = session.opReadAt ?? readAt
    }

    /// Takes back the sessions the render helpers finished (see ``FrameRenderPool``).
    func takeBackRendered(loop: ServerLoop) {
        renderPool.drain { handBackRendered($0, loop: loop) }
    }

    /// Makes `session` safe to touch: if its paced frame is being rendered in the background,
    /// finishes it first (``FrameRenderPool/settle(_:finished:)``). Every entry point that reaches
    /// one session calls this before touching it.
    func settleRendering(_ session: LiveSession, loop: ServerLoop) {
        renderPool.settle(session) { handBackRendered($0, loop: loop) }
    }

    /// Before an op from `connection`: settles its session, or, if that session's paced frame is
    /// queued and not started, takes it out of the queue so that the frame is rendered after the
    /// op and shows it (``renderWithdrawnFrame(loop:)``, once the op is applied).
    func withdrawForOp(from connection: ConnectionID, loop: ServerLoop) {
        guard let session = session(of: connection) else { return }
        if renderPool.withdraw(session, finished: { handBackRendered($0, loop: loop) }) {
            withdrawnForOp = session
            frameCounters.withdrawnForOps += 1
        }
    }

    /// After an op: renders the paced frame ``withdrawForOp(from:loop:)`` took out of the queue, now
    /// that the op is applied, and hands it on (its slot has come: it was due).
    func renderWithdrawnFrame(loop: ServerLoop) {
        guard let session = withdrawnForOp else { return }
        withdrawnForOp = nil
        guard !session.isClosed else { return }
        session.beginPacedFrame()
        session.renderPacedFrame(scratch: renderPool.serviceScratch)
        handBackRendered(session, loop: loop)
    }

    /// Finishes every paced frame being rendered in the background: before anything that may
    /// reach any session.
    func settleAllRendering(loop: ServerLoop) {
        renderPool.settleAll { handBackRendered($0, loop: loop) }
    }
}
