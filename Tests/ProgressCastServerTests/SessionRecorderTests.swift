import Foundation
import JSON
import Recording
import Session
import Testing

@testable import ProgressCastServer

/// ``SessionRecorder`` writing a session's ``CommandLog``: line for line, and never a recording
/// with commands missing when the log dropped some it had not written.
@Suite struct SessionRecorderTests {
    private func command(_ op: String, at microseconds: Int64) -> TimedRecordingEvent {
        TimedRecordingEvent(microseconds: microseconds, event: .command(JSONObject(pairs: [("op", .string(op))])))
    }

    private func withRecorder(_ body: (SessionRecorder, String) throws -> Void) throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("rec-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let recorder = try SessionRecorder(
            name: "r", directory: dir.path, settings: SessionSettings(), title: "t", maxBytes: 1 << 20, now: 0,
            replacing: false)
        try body(recorder, dir.appendingPathComponent("r.pcast").path)
    }

    @Test func writesTheLogsNewEntriesOnEachSync() throws {
        try withRecorder { recorder, path in
            var log = CommandLog()
            log.append(command("session.create", at: 0))
            log.append(command("bar.create", at: 0))
            try recorder.sync(log: log)
            log.append(command("bar.set", at: 5))
            try recorder.sync(log: log)
            try recorder.sync(log: log)  // nothing new: nothing written twice
            recorder.finish(reason: "done", at: 10)
            let recording = try RecordingReader.read(Array(try Data(contentsOf: URL(fileURLWithPath: path))))
            let ops = recording.events.compactMap { event -> String? in
                if case let .command(op) = event.event { return op["op"]?.stringValue }
                return nil
            }
            #expect(ops == ["session.create", "bar.create", "bar.set"])
            #expect(recorder.commands == 2 && recorder.loggedCount == 3)
        }
    }

    /// Entries the recording already has may be dropped from the log; ones it has not are an
    /// error rather than a recording that silently misses commands.
    @Test func aLogThatDroppedUnwrittenEntriesCannotBeSynced() throws {
        try withRecorder { recorder, _ in
            var log = CommandLog()
            log.append(command("session.create", at: 0))
            try recorder.sync(log: log)
            log.dropEntries(before: 1)  // written already: fine
            log.append(command("bar.create", at: 1))
            try recorder.sync(log: log)
            log.append(command("bar.set", at: 2))
            log.append(command("bar.set", at: 3))
            log.dropEntries(before: 3)  // entry 2 was never written
            #expect(throws: RecordingError.self) { try recorder.sync(log: log) }
            #expect(recorder.loggedCount == 2)
        }
    }
}
