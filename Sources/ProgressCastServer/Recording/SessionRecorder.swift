import Foundation
import Geometry
import JSON
import Recording
import Session
import WebSocketServer

/// Writes a session's log to `NAME.pcast` as it grows: the header, everything since creation,
/// then each new command, marker and checksum line as it happens (docs/protocol.md section 7).
final class SessionRecorder {
    let name: String
    let file: RecordingFile
    /// How many entries of the session log are already in the file.
    private(set) var loggedCount = 0
    private(set) var commands = 0
    private var lastChecksumMicroseconds: Int64
    /// Whether a command was written since the last checksum line.
    private var commandSinceChecksum = true
    let startedAt: Int64
    /// A live session's timer for the next checksum line at rest
    /// (``ProgressCastApp/scheduleRecordingChecksums(_:loop:)``).
    var checksumTimer: LoopTimer?

    init(
        name: String, directory: String, settings: SessionSettings, title: String, maxBytes: Int, now: Int64,
        replacing: Bool
    ) throws(RecordingError) {
        self.name = name
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        let header = RecordingHeader(
            title: title, created: formatter.string(from: Date()),
            canvasWidth: settings.canvas.width, canvasHeight: settings.canvas.height,
            fps: settings.fps, generator: "progresscast \(ProgressCastVersion.current)",
            clock: settings.clock.rawValue,
            extra: JSONObject(pairs: [("date", settings.createOp["date"] ?? .null)]))
        file = try RecordingFile(
            path: RecordingFiles.path(of: name, in: directory), header: header, maxBytes: maxBytes,
            replacing: replacing)
        startedAt = now
        lastChecksumMicroseconds = now
    }

    /// Appends the log entries not yet written.
    /// Every entry of the log is a command (the first one the session's creation). A log that
    /// dropped entries this recording has not written yet cannot be synced: the recording would
    /// miss commands, so that is an error.
    func sync(log: CommandLog) throws(RecordingError) {
        while loggedCount < log.count {
            guard let line = log.line(loggedCount) else {
                throw .io("the session's command log dropped entries not yet written to \(name)")
            }
            try file.appendLine(line)
            if loggedCount > 0 { commands += 1 }
            loggedCount += 1
            commandSinceChecksum = true
        }
    }

    func marker(_ label: String, at microseconds: Int64) throws(RecordingError) {
        try file.append(TimedRecordingEvent(microseconds: microseconds, event: .marker(label)))
    }

    /// Writes a checksum line for a frame sent at `microseconds` when a command came before
    /// it or a quarter second has passed since the last one (so at least 4 a second while
    /// anything changes).
    /// The checksum is computed only when a line is written.
    func frameSent(seq: Int, checksum: @autoclosure () -> String, at microseconds: Int64) throws(RecordingError) {
        guard commandSinceChecksum || microseconds - lastChecksumMicroseconds >= 250_000 else { return }
        try writeChecksum(seq: seq, hash: checksum(), at: microseconds)
    }

    /// Writes a checksum line (frame `seq`'s display list hashes to `hash` at `microseconds`).
    func writeChecksum(seq: Int, hash: String, at microseconds: Int64) throws(RecordingError) {
        try file.append(TimedRecordingEvent(microseconds: microseconds, event: .checksum(seq: seq, hash: hash)))
        lastChecksumMicroseconds = microseconds
        lastChecksumSeq = seq
        commandSinceChecksum = false
    }

    /// The frame of the last checksum line written, if any.
    private(set) var lastChecksumSeq: Int?

    /// Writes a checksum line for frame `seq` unless the last line written was that frame's at
    /// that time (record.stop's final checksum right after the frame it sent was checksummed).
    func writeFinalChecksum(seq: Int, hash: @autoclosure () -> String, at microseconds: Int64) throws(RecordingError) {
        guard lastChecksumSeq != seq || lastChecksumMicroseconds != microseconds else { return }
        try writeChecksum(seq: seq, hash: hash(), at: microseconds)
    }

    /// The most media time between two checksum lines: docs/protocol.md section 7 promises at
    /// least one a second of recording; 0.95 s leaves a live session's timer its lateness.
    static let maxChecksumGap: Int64 = 950_000

    /// When the next checksum line is due at the latest.
    var checksumDue: Int64 { lastChecksumMicroseconds + Self.maxChecksumGap }

    /// Writes a checksum line at `microseconds` when a second has passed since the last one,
    /// whether or not a frame was sent: a session at rest (or a manual clock advanced by several
    /// seconds) still gets one a second.
    func keepChecksumsComing(
        seq: Int, checksum: @autoclosure () -> String, at microseconds: Int64
    )
        throws(RecordingError)
    {
        guard microseconds >= checksumDue else { return }
        try writeChecksum(seq: seq, hash: checksum(), at: microseconds)
    }

    /// Writes the end line and closes the file.
    func finish(reason: String, at microseconds: Int64) {
        try? file.append(TimedRecordingEvent(microseconds: microseconds, event: .end(reason: reason)))
        file.close()
    }
}

/// The version printed by `/api/health` and written into recordings.
public enum ProgressCastVersion {
    public static let current = "0.1.0"
}
