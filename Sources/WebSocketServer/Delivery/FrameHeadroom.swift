import CLibWebSockets

/// Bytes kept free in front of every outgoing payload: the WebSocket frame header is written
/// there (by `lws_write`, which needs LWS_PRE bytes, or by the transport,
/// ``FrameHeader/store(kind:count:endingAt:)``), so payloads are never copied to make room.
let frameHeadroom = Int(pc_lws_pre)

extension Array where Element == UInt8 {
    /// Replaces the contents with `frameHeadroom` zero bytes followed by `payload`,
    /// keeping the existing capacity when it suffices.
    mutating func replaceWithHeadroom(then payload: UnsafeRawBufferPointer) {
        removeAll(keepingCapacity: true)
        reserveCapacity(frameHeadroom + payload.count)
        append(contentsOf: repeatElement(0, count: frameHeadroom))
        append(contentsOf: payload)
    }

    /// A new array of `frameHeadroom` zero bytes followed by `payload`.
    static func withHeadroom(_ payload: UnsafeRawBufferPointer) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.replaceWithHeadroom(then: payload)
        return bytes
    }
}
