/// A connection's bounded FIFO of messages that must all arrive, each stored with
/// frame headroom so it can be written in place.
struct OrderedMessageQueue {
    private var items: [OutgoingMessage] = []
    private var head = 0
    /// Payload bytes waiting (headroom not counted).
    private(set) var byteCount = 0
    private let maxBytes: Int
    private let maxCount: Int

    init(maxBytes: Int, maxCount: Int) {
        self.maxBytes = maxBytes
        self.maxCount = maxCount
    }

    /// Messages waiting. Kept beside the other counts rather than read from `items`, whose
    /// storage is another cache line: every write asks whether the queue is empty.
    private(set) var count = 0
    var isEmpty: Bool { count == 0 }

    /// Appends a copy of `payload`; returns false (queueing nothing) when that would
    /// exceed the byte or message limit.
    mutating func push(
        _ payload: UnsafeRawBufferPointer, kind: MessageKind = .text, repeatKey: UInt64? = nil, version: UInt64? = nil
    ) -> Bool {
        guard count < maxCount, byteCount + payload.count <= maxBytes else { return false }
        items.append(OutgoingMessage(bytes: .withHeadroom(payload), kind: kind, repeatKey: repeatKey, version: version))
        byteCount += payload.count
        count += 1
        return true
    }

    /// Removes and returns the oldest message (headroom + payload).
    mutating func popFirst() -> OutgoingMessage? {
        guard head < items.count else { return nil }
        let first = items[head]
        items[head] = OutgoingMessage(bytes: [], kind: .text)
        head += 1
        count -= 1
        byteCount -= first.payloadCount
        if head == items.count {
            items.removeAll(keepingCapacity: items.capacity <= 64)
            head = 0
        } else if head >= 32, head * 2 >= items.count {
            items.removeFirst(head)
            head = 0
        }
        return first
    }

    /// Drops every message.
    mutating func removeAll() {
        items = []
        head = 0
        count = 0
        byteCount = 0
    }
}
