import Foundation
import JSON
import Testing

@testable import Recording

/// ``CommandLog``: entries kept as the recording lines they become, absolute indices, and
/// dropping the oldest (docs/architecture.md, "The command log").
@Suite struct CommandLogTests {
    /// Commands of the shapes a session logs: its creation, numbers that must round-trip,
    /// non-ASCII and escaped text, nested values.
    let events: [TimedRecordingEvent] = [
        TimedRecordingEvent(
            microseconds: 0,
            event: .command(
                JSONObject(pairs: [
                    ("op", .string("session.create")), ("clock", .string("manual")),
                ]))),
        TimedRecordingEvent(
            microseconds: 16_667,
            event: .command(
                JSONObject(pairs: [
                    ("op", .string("bar.set")), ("target", .string("b")), ("value", .number(0.1 + 0.2)),
                ]))),
        TimedRecordingEvent(
            microseconds: 500_000,
            event: .command(
                JSONObject(pairs: [
                    ("op", .string("hud.show")), ("label", .string("加载中 \"quoted\"\n")),
                    ("extra", .array([.number(1), .object(JSONObject(pairs: [("a", .bool(true))])), .null])),
                ]))),
        TimedRecordingEvent(
            microseconds: 1_000_000,
            event: .command(JSONObject(pairs: [("op", .string("bar.set")), ("value", .number(-1e-7))]))),
    ]

    func filled() -> CommandLog {
        var log = CommandLog()
        for event in events { log.append(event) }
        return log
    }

    @Test func linesAreTheRecordingsLinesByteForByte() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("log-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let header = RecordingHeader(
            title: "t", created: "2026-11-27T10:00:00Z", canvasWidth: 375, canvasHeight: 667, fps: 60,
            generator: "test")
        let encoded = try RecordingFile(path: dir.appendingPathComponent("a.pcast").path, header: header)
        let fromLog = try RecordingFile(path: dir.appendingPathComponent("b.pcast").path, header: header)
        let log = filled()
        for (index, event) in events.enumerated() {
            try encoded.append(event)
            try fromLog.appendLine(try #require(log.line(index)))
        }
        encoded.close()
        fromLog.close()
        let a = try Data(contentsOf: dir.appendingPathComponent("a.pcast"))
        let b = try Data(contentsOf: dir.appendingPathComponent("b.pcast"))
        #expect(a == b)
        #expect(try RecordingReader.read(Array(b)).events.map(\.event) == events.map(\.event))
        // The log's size is exactly the lines' (the file adds the header and a newline per line).
        let headerBytes = header.encoded().count + 1
        #expect(log.byteCount == b.count - headerBytes - events.count)
    }

    @Test func entriesDecodeToWhatWasAppended() {
        let log = filled()
        #expect(log.count == events.count)
        #expect(log.isComplete)
        for index in events.indices { #expect(log.event(index) == events[index]) }
        #expect(log.last == events.last)
        #expect(log.event(events.count) == nil)
        #expect(log.line(-1) == nil)
        #expect(CommandLog().last == nil)
    }

    @Test func droppingKeepsIndicesAbsolute() {
        var log = filled()
        let firstTwo = (log.line(0)?.count ?? 0) + (log.line(1)?.count ?? 0)
        let total = log.byteCount
        log.dropEntries(before: 2)
        #expect(log.count == events.count)
        #expect(!log.isComplete)
        #expect(log.droppedCount == 2)
        #expect(log.byteCount == total - firstTwo)
        #expect(log.line(0) == nil && log.line(1) == nil)
        #expect(log.event(2) == events[2] && log.event(3) == events[3])
        // Dropping before an index already dropped does nothing.
        log.dropEntries(before: 1)
        #expect(log.droppedCount == 2 && log.byteCount == total - firstTwo)
        // New entries go on from the absolute count.
        log.append(events[1])
        #expect(log.count == events.count + 1)
        #expect(log.event(events.count) == events[1])
        // Dropping past the end drops everything kept.
        log.dropEntries(before: 100)
        #expect(log.byteCount == 0 && log.droppedCount == events.count + 1 && log.last == nil)
        log.append(events[0])
        #expect(log.event(events.count + 1) == events[0])
    }
}
