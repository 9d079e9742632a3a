import JSON

/// A session's command log, kept as the recording lines it becomes (docs/protocol.md section 7):
/// each entry's line bytes, without the newline, one after the other in one buffer.
///
/// A log held as decoded events cost about 340 bytes of heap per op at the load generator's mix
/// (a label change, a navigation pop and push), in a dozen small blocks each, and grew without
/// bound (docs/architecture.md, "The command log"); the encoded line is about a third of that,
/// and the size of what the log holds is exactly the bytes a recording of it would write.
///
/// The oldest entries can be dropped (``dropEntries(before:)``): indices stay absolute (entry 0 is
/// the session's creation for ever), and a log that dropped any is no longer ``isComplete``, so
/// it can no longer be recorded from the session's creation.
public struct CommandLog: Sendable {
    /// The log's state, in one heap block copied on write, so that the log is one reference
    /// inline in its owner: a session's core is part of the session's object, whose layout the
    /// render helpers depend on (docs/architecture.md, "Prefetching the next session"); four
    /// inline fields moved the fields after it and made the helper 3.5% slower.
    private final class Entries: @unchecked Sendable {
        // @unchecked: mutated only through a log holding the one reference (``uniqueEntries()``).
        /// The kept entries' lines, one after the other.
        var storage: [UInt8] = []
        /// Where each kept entry's line ends in `storage` (the first kept entry starts at 0).
        var ends: [Int] = []
        /// Entries dropped from the front.
        var droppedCount = 0

        init() {}

        init(copying other: Entries) {
            storage = other.storage
            ends = other.ends
            droppedCount = other.droppedCount
        }
    }

    private var entries = Entries()

    /// An empty log.
    public init() {}

    /// The entries to change: this log's own, copied first if another log shares them.
    private mutating func uniqueEntries() -> Entries {
        if !isKnownUniquelyReferenced(&entries) { entries = Entries(copying: entries) }
        return entries
    }

    /// Entries dropped from the front.
    public var droppedCount: Int { entries.droppedCount }

    /// Every entry ever appended, dropped ones included: the next entry's index.
    public var count: Int { entries.droppedCount + entries.ends.count }

    /// Whether every entry since the first is still kept.
    public var isComplete: Bool { entries.droppedCount == 0 }

    /// The bytes of the kept entries' lines (newlines not counted).
    public var byteCount: Int { entries.storage.count }

    /// Appends `event`, encoded as its recording line.
    public mutating func append(_ event: TimedRecordingEvent) {
        // A writer of its own rather than one kept per log: a kept one would hold the largest
        // op's bytes (up to 64 KiB) in every session.
        var writer = JSONWriter(capacity: 256)
        event.encoded(into: &writer)
        let entries = uniqueEntries()
        writer.withUnsafeBytes { entries.storage.append(contentsOf: $0) }
        entries.ends.append(entries.storage.count)
    }

    /// The line of entry `index` (absolute), or nil when it was dropped or does not exist yet.
    public func line(_ index: Int) -> ArraySlice<UInt8>? {
        let kept = index - entries.droppedCount
        guard kept >= 0, kept < entries.ends.count else { return nil }
        let start = kept == 0 ? 0 : entries.ends[kept - 1]
        return entries.storage[start..<entries.ends[kept]]
    }

    /// Entry `index` decoded (its `line` is 0), or nil when it was dropped or does not exist yet.
    public func event(_ index: Int) -> TimedRecordingEvent? {
        guard let line = line(index) else { return nil }
        // The line was written by the recording encoder from a valid event: it decodes.
        guard let value = try? JSONParser.parse(line),
            let event = try? RecordingReader.decodeEvent(value, line: 0)
        else { return nil }
        return event
    }

    /// The newest entry decoded, if any is kept.
    public var last: TimedRecordingEvent? { event(count - 1) }

    /// Drops the kept entries before entry `index` (absolute; entries already dropped stay so).
    public mutating func dropEntries(before index: Int) {
        let dropping = min(max(0, index - entries.droppedCount), entries.ends.count)
        guard dropping > 0 else { return }
        let entries = uniqueEntries()
        let cut = entries.ends[dropping - 1]
        // Copied into new arrays rather than shifted in place, so the memory is given back (the
        // point of dropping): removing a prefix keeps an array's capacity.
        entries.storage = Array(entries.storage[cut...])
        entries.ends = entries.ends[dropping...].map { $0 - cut }
        entries.droppedCount += dropping
    }
}
