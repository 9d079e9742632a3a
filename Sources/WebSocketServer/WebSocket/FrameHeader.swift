/// The header of a whole (final), unmasked WebSocket message as a server sends it (RFC 6455
/// section 5.2), written by the transport for the messages it sends on a connection's socket
/// itself (``ServerLoop`` writes every message ready for a connection without
/// permessage-deflate directly), as libwebsockets writes it in front of a message it frames.
enum FrameHeader {
    /// The header's length for a payload of `count` bytes: the shortest length field that
    /// holds it.
    static func length(count: Int) -> Int {
        count < 126 ? 2 : count <= 0xFFFF ? 4 : 10
    }

    /// Appends the header of a `kind` message of `count` payload bytes to `buffer`.
    static func append(kind: MessageKind, count: Int, to buffer: inout [UInt8]) {
        let length = length(count: count)
        buffer.append(contentsOf: repeatElement(0, count: length))
        buffer.withUnsafeMutableBufferPointer { bytes in
            guard let base = bytes.baseAddress else { return }
            store(kind: kind, count: count, endingAt: base + bytes.count)
        }
    }

    /// Writes the header of a `kind` message of `count` payload bytes into the
    /// ``length(count:)`` bytes in front of `payload` (a message's headroom) and returns where
    /// it starts.
    @discardableResult
    static func store(
        kind: MessageKind, count: Int, endingAt payload: UnsafeMutablePointer<UInt8>
    )
        -> UnsafeMutablePointer<UInt8>
    {
        let length = length(count: count)
        let start = payload - length
        // FIN, no reserved bits, opcode 1 (text) or 2 (binary).
        start[0] = kind == .binary ? 0x82 : 0x81
        switch length {
        case 2:
            start[1] = UInt8(count)
        case 4:
            start[1] = 126
            start[2] = UInt8(truncatingIfNeeded: count >> 8)
            start[3] = UInt8(truncatingIfNeeded: count)
        default:
            start[1] = 127
            for index in 0..<8 {
                start[2 + index] = UInt8(truncatingIfNeeded: UInt64(count) >> UInt64(56 - 8 * index))
            }
        }
        return start
    }
}
