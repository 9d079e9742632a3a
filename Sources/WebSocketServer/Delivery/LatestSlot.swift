/// A connection's "newest value wins" slot: holds at most one unsent message, which a
/// newer one replaces in place. Written buffers come back through ``recycle(_:)``, so
/// a steady stream of values reuses the same few allocations.
struct LatestSlot {
    /// Buffers larger than this are not kept for reuse.
    private static let retainedCapacity = 256 * 1024

    /// The waiting message (headroom + payload).
    private var pending: OutgoingMessage?
    /// An empty buffer whose capacity the next value may reuse.
    private var spare: [UInt8] = []

    /// Whether a message is waiting to be sent.
    var hasValue: Bool { pending != nil }

    /// Stores `payload` at `time` (`lws_now_usecs` microseconds); returns true when it replaced a
    /// value never sent.
    mutating func store(
        _ payload: UnsafeRawBufferPointer, kind: MessageKind = .text, repeatKey: UInt64? = nil,
        version: UInt64? = nil, at time: Int64 = 0
    ) -> Bool {
        var buffer: [UInt8]
        let replaced = pending != nil
        if let waiting = pending, !waiting.isShared {
            buffer = waiting.bytes
        } else {
            buffer = spare
            spare = []
        }
        pending = nil
        buffer.replaceWithHeadroom(then: payload)
        pending = OutgoingMessage(bytes: buffer, kind: kind, repeatKey: repeatKey, version: version, storedAt: time)
        return replaced
    }

    /// Stores a prepared message (headroom + payload from `start`, shared with its sender: not
    /// copied) at `time`; returns true when it replaced a value never sent.
    mutating func store(
        prepared message: [UInt8], start: Int, kind: MessageKind, repeatKey: UInt64?, version: UInt64? = nil,
        delta: PreparedDelta? = nil, at time: Int64 = 0
    ) -> Bool {
        let replaced = discard()
        pending = OutgoingMessage(
            bytes: message, kind: kind, repeatKey: repeatKey, version: version, delta: delta, isShared: true,
            storedAt: time, start: start)
        return replaced
    }

    /// Removes and returns the waiting message (headroom + payload) for writing.
    mutating func take() -> OutgoingMessage? {
        defer { pending = nil }
        return pending
    }

    /// Drops the waiting value, keeping its buffer for the next one; returns whether there was one.
    mutating func discard() -> Bool {
        guard let waiting = pending else { return false }
        pending = nil
        recycle(waiting)
        return true
    }

    /// Offers a message libwebsockets no longer reads, for its buffer's capacity (a shared,
    /// prepared message stays its sender's).
    mutating func recycle(_ message: OutgoingMessage) {
        guard !message.isShared, spare.capacity == 0, message.bytes.capacity <= Self.retainedCapacity else { return }
        spare = message.bytes
        spare.removeAll(keepingCapacity: true)
    }

    /// Drops any waiting value and the spare buffer.
    mutating func clear() {
        pending = nil
        spare = []
    }
}
