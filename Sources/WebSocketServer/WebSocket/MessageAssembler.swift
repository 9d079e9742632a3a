/// Reassembles a WebSocket message from the chunks libwebsockets delivers (frame
/// fragments and receive-buffer-sized pieces), enforcing a maximum message size.
///
/// A message that arrives in one chunk is delivered straight from libwebsockets'
/// buffer, without a copy.
struct MessageAssembler {
    /// What to do after a chunk.
    enum Step {
        /// The message is not complete yet.
        case needMore
        /// The message exceeds the limit: close with 1009 (the buffer is dropped).
        case tooBig
        /// The chunk itself is the whole message.
        case completeInChunk
        /// The message is complete in this buffer; hand it back with ``recycle(_:)``.
        case complete([UInt8])
    }

    /// Reassembly buffers larger than this are not kept between messages.
    private static let retainedCapacity = 16 * 1024

    private let limit: Int
    private var buffer: [UInt8] = []

    init(limit: Int) {
        self.limit = limit
    }

    /// Takes the next chunk; `isFinal` is true for the message's last chunk.
    mutating func accept(_ chunk: UnsafeRawBufferPointer, isFinal: Bool) -> Step {
        if buffer.isEmpty, isFinal {
            return chunk.count <= limit ? .completeInChunk : .tooBig
        }
        guard buffer.count + chunk.count <= limit else {
            buffer = []
            return .tooBig
        }
        buffer.append(contentsOf: chunk)
        guard isFinal else { return .needMore }
        let message = buffer
        buffer = []
        return .complete(message)
    }

    /// Returns a delivered buffer so its capacity serves the next message.
    mutating func recycle(_ message: [UInt8]) {
        guard message.capacity <= Self.retainedCapacity, buffer.isEmpty else { return }
        buffer = message
        buffer.removeAll(keepingCapacity: true)
    }
}
