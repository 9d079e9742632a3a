/// The header of a whole (final), unmasked WebSocket message as a server sends it (RFC 6455
/// section 5.2): what libwebsockets writes in front of a message it frames itself, written here
/// for messages the transport writes together in one `send` (``ServerLoop`` writes every
/// message ready for a connection without permessage-deflate at once).
enum FrameHeader {
    /// Appends the header of a `kind` message of `count` payload bytes to `buffer`.
    static func append(kind: MessageKind, count: Int, to buffer: inout [UInt8]) {
        // FIN, no reserved bits, opcode 1 (text) or 2 (binary).
        buffer.append(kind == .binary ? 0x82 : 0x81)
        if count < 126 {
            buffer.append(UInt8(count))
        } else if count <= 0xFFFF {
            buffer.append(126)
            buffer.append(UInt8(truncatingIfNeeded: count >> 8))
            buffer.append(UInt8(truncatingIfNeeded: count))
        } else {
            buffer.append(127)
            for shift in stride(from: 56, through: 0, by: -8) {
                buffer.append(UInt8(truncatingIfNeeded: UInt64(count) >> UInt64(shift)))
            }
        }
    }
}
