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
    /// The kept entries' lines, one after the other.
    private var storage: [UInt8] = []
    /// Where each kept entry's line ends in ``storage`` (the first kept entry starts at 0).
    private var ends: [Int] = []
    /// Entries dropped from the front.
    public private(set) var droppedCount = 0
    /// Bytes of the entries dropped so far (for whoever counts the log's size over its life).
    public private(set) var droppedBytes = 0

    /// An empty log.
    public init() {}

    /// Every entry ever appended, dropped ones included: the next entry's index.
    public var count: Int { droppedCount + ends.count }

    /// Whether every entry since the first is still kept.
    public var isComplete: Bool { droppedCount == 0 }

    /// The bytes of the kept entries' lines (newlines not counted).
    public var byteCount: Int { storage.count }

    /// Appends `event`, encoded as its recording line.
    public mutating func append(_ event: TimedRecordingEvent) {
        // A writer of its own rather than one kept per log: a kept one would hold the largest
        // op's bytes (up to 64 KiB) in every session.
        var writer = JSONWriter(capacity: 256)
        event.encoded(into: &writer)
        writer.withUnsafeBytes { storage.append(contentsOf: $0) }
        ends.append(storage.count)
    }

    /// The line of entry `index` (absolute), or nil when it was dropped or does not exist yet.
    public func line(_ index: Int) -> ArraySlice<UInt8>? {
        let kept = index - droppedCount
        guard kept >= 0, kept < ends.count else { return nil }
        let start = kept == 0 ? 0 : ends[kept - 1]
        return storage[start..<ends[kept]]
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
        let dropping = min(max(0, index - droppedCount), ends.count)
        guard dropping > 0 else { return }
        let cut = ends[dropping - 1]
        // Copied into new arrays rather than shifted in place, so the memory is given back (the
        // point of dropping): removing a prefix keeps an array's capacity.
        storage = Array(storage[cut...])
        ends = ends[dropping...].map { $0 - cut }
        droppedCount += dropping
        droppedBytes += cut
    }
}
