/// The framing a WebSocket client needs (RFC 6455 section 5): reading the server's unmasked
/// frames, and writing masked ones. No extensions are negotiated, so the reserved bits must be 0.
enum WebSocketFrame {
    /// Opcodes (RFC 6455 section 5.2).
    enum Opcode: UInt8 {
        case continuation = 0, text = 1, binary = 2, close = 8, ping = 9, pong = 10

        var isControl: Bool { rawValue >= 8 }
    }

    /// A frame's header, read from the front of a buffer.
    struct Header: Equatable {
        var final: Bool
        var opcode: Opcode
        /// Bytes of header before the payload.
        var headerLength: Int
        var payloadLength: Int
    }

    /// Why a frame from the server was refused: the connection is closed.
    struct ProtocolError: Error, Equatable, CustomStringConvertible {
        var description: String
    }

    /// The header at the front of `bytes`, or nil if `bytes` does not hold all of it yet.
    /// Refuses what a server must not send: reserved bits, unknown opcodes, a masked frame,
    /// fragmented or long control frames, and payloads over `maximumPayload`.
    static func header(in bytes: UnsafeRawBufferPointer, maximumPayload: Int) throws(ProtocolError) -> Header? {
        guard bytes.count >= 2 else { return nil }
        let first = bytes[0]
        let second = bytes[1]
        guard first & 0x70 == 0 else { throw ProtocolError(description: "reserved bits set (no extension)") }
        guard let opcode = Opcode(rawValue: first & 0x0F) else {
            throw ProtocolError(description: "unknown opcode \(first & 0x0F)")
        }
        guard second & 0x80 == 0 else { throw ProtocolError(description: "the server masked a frame") }
        let final = first & 0x80 != 0
        var length = Int(second & 0x7F)
        var headerLength = 2
        if length == 126 {
            guard bytes.count >= 4 else { return nil }
            length = Int(bytes[2]) << 8 | Int(bytes[3])
            headerLength = 4
        } else if length == 127 {
            guard bytes.count >= 10 else { return nil }
            guard bytes[2] & 0x80 == 0 else { throw ProtocolError(description: "payload length has its top bit set") }
            var value: UInt64 = 0
            for index in 2..<10 { value = value << 8 | UInt64(bytes[index]) }
            guard value <= UInt64(maximumPayload) else {
                throw ProtocolError(description: "a \(value)-byte frame is over the \(maximumPayload)-byte limit")
            }
            length = Int(value)
            headerLength = 10
        }
        if opcode.isControl && (!final || length > 125) {
            throw ProtocolError(description: "a control frame must be final and at most 125 bytes")
        }
        guard length <= maximumPayload else {
            throw ProtocolError(description: "a \(length)-byte frame is over the \(maximumPayload)-byte limit")
        }
        return Header(final: final, opcode: opcode, headerLength: headerLength, payloadLength: length)
    }

    /// The most header bytes a client frame needs (2 + 8 length + 4 mask).
    static let maximumClientHeader = 14

    /// A final client frame of `opcode` carrying `payload`, masked with `mask` (RFC 6455
    /// section 5.3: every client frame is masked).
    static func clientFrame(_ opcode: Opcode, payload: some Collection<UInt8>, mask: UInt32) -> [UInt8] {
        var frame: [UInt8] = [0x80 | opcode.rawValue]
        frame.reserveCapacity(maximumClientHeader + payload.count)
        let count = payload.count
        if count < 126 {
            frame.append(0x80 | UInt8(count))
        } else if count <= 0xFFFF {
            frame.append(0x80 | 126)
            frame.append(UInt8(count >> 8))
            frame.append(UInt8(count & 0xFF))
        } else {
            frame.append(0x80 | 127)
            for shift in stride(from: 56, through: 0, by: -8) {
                frame.append(UInt8(truncatingIfNeeded: count >> shift))
            }
        }
        let key = [
            UInt8(mask >> 24), UInt8(truncatingIfNeeded: mask >> 16), UInt8(truncatingIfNeeded: mask >> 8),
            UInt8(truncatingIfNeeded: mask),
        ]
        frame.append(contentsOf: key)
        for (index, byte) in payload.enumerated() { frame.append(byte ^ key[index & 3]) }
        return frame
    }
}
