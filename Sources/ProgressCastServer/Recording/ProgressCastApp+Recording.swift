import ComponentSupport
import Foundation
import FrameCodecs
import JSON
import Logging
import Recording
import Session
import WebSocketServer
import Wire

extension ProgressCastApp {
    /// The marker `record.start` writes where it was asked, when that is after the session's
    /// creation (docs/protocol.md section 7).
    static let recordingStartedMarker = "recording started"

    func recordingOp(
        _ op: String, _ fields: FieldReader, session: LiveSession, loop: ServerLoop
    ) throws(CommandError) -> (Double, JSONObject) {
        bringUpToDate(session)
        let now = session.core.now
        switch op {
        case "record.start":
            guard session.replay == nil else { throw CommandError(.conflict, "a replay session cannot be recorded") }
            guard session.recorder == nil else {
                throw CommandError(.conflict, "already recording \"\(session.recorder?.name ?? "")\"")
            }
            guard session.withCore({ $0.log.isComplete }) else {
                throw CommandError(
                    .limit,
                    "this session's command log outgrew the server's limit and its oldest entries were dropped; a recording starts from the session's creation: record a new session"
                )
            }
            let name: String
            if let given = try fields.string("name", maxLength: 200) {
                do { name = try RecordingName.resolve(given) } catch {
                    throw CommandError.badField("name", "is not a valid recording name: \(error.description)")
                }
            } else {
                name = Self.defaultRecordingName()
            }
            let title = try fields.string("title", maxLength: 200) ?? session.settings.title
            let overwrite = try fields.bool("overwrite") ?? false
            // One writer per file: two sessions appending to one name interleave their lines
            // (and a session left by a crashed client keeps recording for its linger time).
            if sessions.values.contains(where: { $0 !== session && $0.recorder?.name == name }) {
                throw CommandError(.conflict, "another session is recording \"\(name)\" now: choose another name")
            }
            do {
                try FileManager.default.createDirectory(
                    atPath: options.recordingsDirectory, withIntermediateDirectories: true)
            } catch {
                throw CommandError(.io, "cannot create the recordings folder: \(error.localizedDescription)")
            }
            do {
                let recorder = try SessionRecorder(
                    name: name, directory: options.recordingsDirectory, settings: session.settings, title: title,
                    maxBytes: options.maxRecordingBytes, now: now, replacing: overwrite)
                try recorder.sync(log: session.core.log)
                if now > 0 {
                    // The file holds the session from its creation, so a replay starts there; a
                    // marker says where the user pressed record, to jump to.
                    try recorder.marker(Self.recordingStartedMarker, at: now)
                }
                session.recorder = recorder
                scheduleRecordingChecksums(session, loop: loop)
                broadcastRecordState(
                    session, fields: [("state", .string("recording")), ("recording", .string(name))], loop: loop)
            } catch .exists {
                // The file is opened with O_EXCL: the check and the creation are one step.
                throw CommandError(
                    .conflict,
                    "a recording named \"\(name)\" exists: choose another name, or replace it (overwrite: true)")
            } catch {
                throw CommandError(.io, error.description)
            }
            return (session.core.time, JSONObject(pairs: [("recording", .string(name))]))
        case "record.marker":
            guard let recorder = session.recorder else {
                throw CommandError(.conflict, "not recording: send record.start first")
            }
            let label = try fields.string("label", maxLength: 200) ?? ""
            do { try recorder.marker(label, at: now) } catch {
                recordingFailed(session, error: error, loop: loop); throw CommandError(.io, error.description)
            }
            return (session.core.time, JSONObject())
        default:
            guard let recorder = session.recorder else { throw CommandError(.conflict, "not recording") }
            do { try recorder.sync(log: session.core.log) } catch { recordingFailed(session, error: error, loop: loop) }
            // A final checksum of what is on screen, then the end line.
            sendFrameIfChanged(session, loop: loop)  // a change is sent to the watchers too, not only checksummed
            if let checksum = session.lastChecksum(scratch: renderPool.serviceScratch) {
                try? recorder.writeFinalChecksum(seq: session.frameSeq, hash: checksum, at: now)
            }
            recorder.finish(reason: "stopped", at: now)
            session.recorder = nil
            if let timer = recorder.checksumTimer {
                _ = loop.cancel(timer)
                recorder.checksumTimer = nil
            }
            let saved: [(String, JSONValue)] = [
                ("recording", .string(recorder.name)),
                ("duration", .number(Double(now) / 1_000_000)),
                ("commands", .number(Double(recorder.commands))),
            ]
            broadcastRecordState(session, fields: [("state", .string("stopped"))] + saved, loop: loop)
            return (session.core.time, JSONObject(pairs: saved))
        }
    }

    /// Live sessions: a checksum line at least once a second of recording (docs/protocol.md
    /// section 7), even while nothing changes and no frame is rendered: a timer due when the
    /// next line is, which brings the session up to date (a changed display list goes out as
    /// any frame, and checksums itself) and otherwise checksums the frame on screen.
    func scheduleRecordingChecksums(_ session: LiveSession, loop: ServerLoop) {
        guard session.isLive, let recorder = session.recorder, recorder.checksumTimer == nil else { return }
        let delay = max(0, recorder.checksumDue - session.nowMicroseconds())
        recorder.checksumTimer = loop.schedule(afterMicroseconds: delay) {
            [weak self, weak session, weak recorder] loop in
            recorder?.checksumTimer = nil
            guard let self, let session, let recorder, !session.isClosed, session.recorder === recorder else { return }
            // While frames change they bring checksum lines themselves (frameSent): then the
            // line is not due yet, and nothing is rendered here.
            if session.nowMicroseconds() >= recorder.checksumDue {
                self.settleRendering(session, loop: loop)
                self.bringUpToDate(session)
                self.deliverEvents(of: session, loop: loop)
                self.syncRecording(session, loop: loop)
                self.sendFrameIfChanged(session, loop: loop)
                // The frame path may have ended the recording (a failed write).
                guard session.recorder === recorder else { return }
                do throws(RecordingError) {
                    try recorder.keepChecksumsComing(
                        seq: session.frameSeq,
                        checksum: session.lastChecksum(scratch: self.renderPool.serviceScratch) ?? "",
                        at: session.core.now)
                } catch {
                    self.recordingFailed(session, error: error, loop: loop)
                    return
                }
            }
            self.scheduleRecordingChecksums(session, loop: loop)
        }
    }

    /// `clock.advance`: moves a manual clock to `end`, applying scenario steps and timers on the
    /// way. While the session records, it goes a second at a time, hashing the display list
    /// there, so the recording has a checksum line at least once a second of media time
    /// (docs/protocol.md section 7) however long the advance.
    func advanceManualClock(_ session: LiveSession, to end: Int64, loop: ServerLoop) {
        while let recorder = session.recorder, recorder.checksumDue < end {
            let due = recorder.checksumDue
            moveManualClock(session, to: due, loop: loop)
            // Scenario steps applied up to here go into the file first: its lines keep time order.
            syncRecording(session, loop: loop)
            guard session.recorder === recorder else { break }
            do {
                try recorder.keepChecksumsComing(
                    seq: session.frameSeq, checksum: session.core.displayList().checksum, at: due)
            } catch {
                recordingFailed(session, error: error, loop: loop)
            }
        }
        moveManualClock(session, to: end, loop: loop)
    }

    private func moveManualClock(_ session: LiveSession, to microseconds: Int64, loop: ServerLoop) {
        session.advanceManualClock(to: microseconds)
        applyDueSteps(session, upTo: microseconds, loop: loop)
        session.core.advance(to: microseconds)
    }

    /// Tells every connection of `session` that it started or stopped recording (`record.state`,
    /// docs/protocol.md section 8): a page that joined earlier learns it as the page that asked
    /// does, from the ack (before the ack, as `replay.state`).
    private func broadcastRecordState(_ session: LiveSession, fields: [(String, JSONValue)], loop: ServerLoop) {
        broadcast(
            SceneEvent(time: session.core.time, name: "record.state", target: "", fields: JSONObject(pairs: fields)),
            in: session, loop: loop)
    }

    /// Appends new log entries to the recording, if one is running.
    func syncRecording(_ session: LiveSession, loop: ServerLoop) {
        guard let recorder = session.recorder else { return }
        do { try recorder.sync(log: session.core.log) } catch { recordingFailed(session, error: error, loop: loop) }
    }

    /// A write failed (disk full, size limit): the recording ends, the session goes on, and
    /// every watcher gets an `io` error event.
    func recordingFailed(_ session: LiveSession, error: RecordingError, loop: ServerLoop) {
        guard let recorder = session.recorder else { return }
        session.recorder = nil
        recorder.file.close()
        logger.warning(
            "recording failed", metadata: ["recording": "\(recorder.name)", "error": "\(error.description)"])
        broadcast(
            SceneEvent(
                time: session.core.time, name: "record.error", target: "",
                fields: JSONObject(pairs: [
                    ("code", .string("io")), ("recording", .string(recorder.name)),
                    ("message", .string(error.description)),
                ])),
            in: session, loop: loop)
    }

    static func defaultRecordingName() -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMdd-HHmmss"
        return "rec-" + formatter.string(from: Date()) + "-" + String(RandomToken.make().prefix(4))
    }
}
