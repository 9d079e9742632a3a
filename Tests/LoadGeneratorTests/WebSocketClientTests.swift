import Foundation
import Testing

@testable import LoadGenerator

@Suite("SHA-1 (the handshake's accept check)")
struct SHA1Tests {
    private func hex(_ bytes: [UInt8]) -> String { bytes.map { String(format: "%02x", $0) }.joined() }

    @Test("FIPS 180 test vectors")
    func vectors() {
        #expect(hex(SHA1.digest([])) == "da39a3ee5e6b4b0d3255bfef95601890afd80709")
        #expect(hex(SHA1.digest(Array("abc".utf8))) == "a9993e364706816aba3e25717850c26c9cd0d89d")
        #expect(
            hex(SHA1.digest(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)))
                == "84983e441c3bd26ebaae4aa1f95129e5e54670f1")
        // 64 bytes: the padding spills into a second block.
        #expect(hex(SHA1.digest([UInt8](repeating: 0x61, count: 64))) == "0098ba824b5c16427bd7a1122a5a442a25ec644d")
    }
}

@Suite("WebSocket client handshake")
struct HandshakeTests {
    private let nonce: [UInt8] = Array("the sample nonce".utf8)

    private func response(accept: String, extra: String = "", status: String = "101 Switching Protocols") -> [UInt8] {
        Array(
            ("HTTP/1.1 \(status)\r\nUpgrade: WebSocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: \(accept)\r\n"
                + extra + "Sec-WebSocket-Protocol: progresscast.v1").utf8)
    }

    @Test("the RFC 6455 example key and accept value")
    func rfcExample() {
        let handshake = WebSocketHandshake(
            host: "127.0.0.1", port: 80, path: "/ws", subprotocol: "progresscast.v1", key: nonce)
        #expect(handshake.key == "dGhlIHNhbXBsZSBub25jZQ==")
        #expect(WebSocketHandshake.acceptValue(for: handshake.key) == "s3pPLMBiTxaQ9kYGzzhZRbK+xOo=")
        let request = String(decoding: handshake.request, as: UTF8.self)
        #expect(request.hasPrefix("GET /ws HTTP/1.1\r\n"))
        #expect(request.contains("Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"))
        #expect(request.contains("Sec-WebSocket-Protocol: progresscast.v1\r\n"))
        #expect(request.hasSuffix("\r\n\r\n"))
    }

    @Test("a correct answer passes; wrong status, accept, subprotocol or extensions fail")
    func checks() throws {
        let handshake = WebSocketHandshake(
            host: "127.0.0.1", port: 80, path: "/ws", subprotocol: "progresscast.v1", key: nonce)
        try handshake.check(responseHead: response(accept: "s3pPLMBiTxaQ9kYGzzhZRbK+xOo="))
        #expect(throws: WebSocketHandshake.Failure.self) {
            try handshake.check(responseHead: response(accept: "s3pPLMBiTxaQ9kYGzzhZRbK+xOo=", status: "403 Forbidden"))
        }
        #expect(throws: WebSocketHandshake.Failure.self) {
            try handshake.check(responseHead: response(accept: "AAAAAAAAAAAAAAAAAAAAAAAAAAA="))
        }
        #expect(throws: WebSocketHandshake.Failure.self) {
            try handshake.check(
                responseHead: response(
                    accept: "s3pPLMBiTxaQ9kYGzzhZRbK+xOo=", extra: "Sec-WebSocket-Extensions: permessage-deflate\r\n"))
        }
        let other = WebSocketHandshake(host: "127.0.0.1", port: 80, path: "/ws", subprotocol: "other", key: nonce)
        #expect(throws: WebSocketHandshake.Failure.self) {
            try other.check(responseHead: response(accept: "s3pPLMBiTxaQ9kYGzzhZRbK+xOo="))
        }
    }
}

@Suite("WebSocket client framing")
struct FramingTests {
    private func header(_ bytes: [UInt8], max: Int = 1 << 20) throws -> WebSocketFrame.Header? {
        try bytes.withUnsafeBytes { buffer throws(WebSocketFrame.ProtocolError) in
            try WebSocketFrame.header(in: buffer, maximumPayload: max)
        }
    }

    @Test("7-bit, 16-bit and 64-bit lengths; nil until the whole header is there")
    func lengths() throws {
        #expect(try header([0x81]) == nil)
        #expect(
            try header([0x81, 5])
                == WebSocketFrame.Header(final: true, opcode: .text, headerLength: 2, payloadLength: 5))
        #expect(try header([0x82, 126, 0x01]) == nil)
        #expect(
            try header([0x02, 126, 0x01, 0x00])
                == WebSocketFrame.Header(final: false, opcode: .binary, headerLength: 4, payloadLength: 256))
        #expect(try header([0x81, 127, 0, 0, 0, 0, 0, 1]) == nil)
        #expect(
            try header([0x80, 127, 0, 0, 0, 0, 0, 1, 0, 0])
                == WebSocketFrame.Header(final: true, opcode: .continuation, headerLength: 10, payloadLength: 65536))
    }

    @Test("what a server must not send is refused")
    func refusals() {
        #expect(throws: WebSocketFrame.ProtocolError.self) { try header([0xC1, 1]) }  // RSV1 without an extension
        #expect(throws: WebSocketFrame.ProtocolError.self) { try header([0x83, 1]) }  // opcode 3
        #expect(throws: WebSocketFrame.ProtocolError.self) { try header([0x81, 0x81]) }  // masked
        #expect(throws: WebSocketFrame.ProtocolError.self) { try header([0x09, 0]) }  // fragmented ping
        #expect(throws: WebSocketFrame.ProtocolError.self) { try header([0x89, 126, 0, 126]) }  // long ping
        #expect(throws: WebSocketFrame.ProtocolError.self) { try header([0x81, 127, 0x80, 0, 0, 0, 0, 0, 0, 1]) }
        #expect(throws: WebSocketFrame.ProtocolError.self) { try header([0x81, 126, 0x04, 0x01], max: 1024) }
    }

    @Test("client frames are masked and unmask to the payload, at every length encoding")
    func clientFrames() throws {
        for count in [0, 5, 125, 126, 65535, 65536] {
            let payload = (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 7) }
            let frame = WebSocketFrame.clientFrame(.text, payload: payload, mask: 0xA1B2_C3D4)
            #expect(frame[0] == 0x81)
            #expect(frame[1] & 0x80 != 0)
            let lengthBytes = count < 126 ? 0 : count <= 65535 ? 2 : 8
            let maskAt = 2 + lengthBytes
            #expect(Array(frame[maskAt..<maskAt + 4]) == [0xA1, 0xB2, 0xC3, 0xD4])
            let body = frame[(maskAt + 4)...]
            #expect(body.count == count)
            let unmasked = body.enumerated().map { $0.element ^ frame[maskAt + ($0.offset & 3)] }
            #expect(unmasked == payload)
            if count > 0 { #expect(Array(body) != payload) }
        }
    }
}
