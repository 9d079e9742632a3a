/// A connection's "newest value wins" slot: holds at most one unsent message, which a
/// newer one replaces in place. Written buffers come back through ``recycle(_:)``, so
/// a steady stream of values reuses the same few allocations.
struct LatestSlot {
    /// Buffers larger than this are not kept for reuse.
    private static let retainedCapacity = 256 * 1024

    /// The waiting message as headroom + payload.
    private var pending: [UInt8]?
    private var pendingKind = MessageKind.text
    private var pendingRepeatKey: UInt64?
    /// Whether ``pending`` is a sender's prepared message (shared, not the slot's own buffer).
    private var pendingIsShared = false
    /// An empty buffer whose capacity the next value may reuse.
    private var spare: [UInt8] = []

    /// Whether a message is waiting to be sent.
    var hasValue: Bool { pending != nil }

    /// Stores `payload`; returns true when it replaced a value never sent.
    mutating func store(_ payload: UnsafeRawBufferPointer, kind: MessageKind = .text, repeatKey: UInt64? = nil) -> Bool
    {
        var buffer: [UInt8]
        let replaced: Bool
        if let waiting = pending, !pendingIsShared {
            buffer = waiting
            replaced = true
        } else {
            replaced = pending != nil
            buffer = spare
            spare = []
        }
        pending = nil
        buffer.replaceWithHeadroom(then: payload)
        pending = buffer
        pendingKind = kind
        pendingRepeatKey = repeatKey
        pendingIsShared = false
        return replaced
    }

    /// Stores a prepared message (headroom + payload, shared with its sender: not copied);
    /// returns true when it replaced a value never sent.
    mutating func store(prepared message: [UInt8], kind: MessageKind, repeatKey: UInt64?) -> Bool {
        let replaced = discard()
        pending = message
        pendingKind = kind
        pendingRepeatKey = repeatKey
        pendingIsShared = true
        return replaced
    }

    /// Removes and returns the waiting message (headroom + payload) for writing.
    mutating func take() -> OutgoingMessage? {
        guard let waiting = pending else { return nil }
        pending = nil
        return OutgoingMessage(
            bytes: waiting, kind: pendingKind, repeatKey: pendingRepeatKey, isShared: pendingIsShared)
    }

    /// Drops the waiting value, keeping its buffer for the next one; returns whether there was one.
    mutating func discard() -> Bool {
        guard let waiting = pending else { return false }
        pending = nil
        if !pendingIsShared { recycle(waiting) }
        return true
    }

    /// Offers a buffer libwebsockets no longer reads, for its capacity.
    mutating func recycle(_ buffer: [UInt8]) {
        guard spare.capacity == 0, buffer.capacity <= Self.retainedCapacity else { return }
        spare = buffer
        spare.removeAll(keepingCapacity: true)
    }

    /// Drops any waiting value and the spare buffer.
    mutating func clear() {
        pending = nil
        spare = []
    }
}
