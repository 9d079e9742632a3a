import Testing

@testable import WebSocketServer

@Suite("Pure parts: origin policy, outgoing buffers, reassembly")
struct UnitTests {
    @Test("origin policy: same origin, default ports, allow list, no origin")
    func originPolicy() {
        let policy = OriginPolicy(allowedOrigins: ["http://allowed.example", "HTTPS://Other.example/"])
        #expect(policy.permits(origin: nil, host: "127.0.0.1:8080"))
        #expect(policy.permits(origin: nil, host: nil))
        #expect(policy.permits(origin: "http://127.0.0.1:8080", host: "127.0.0.1:8080"))
        #expect(policy.permits(origin: "http://LOCALHOST:8080", host: "localhost:8080"))
        #expect(policy.permits(origin: "http://example.com", host: "example.com:80"))
        #expect(policy.permits(origin: "https://example.com", host: "example.com"))
        #expect(policy.permits(origin: "http://[::1]:8080", host: "[::1]:8080"))
        #expect(policy.permits(origin: "http://allowed.example", host: "127.0.0.1:8080"))
        #expect(policy.permits(origin: "https://other.example", host: "127.0.0.1:8080"))
        #expect(!policy.permits(origin: "http://evil.example", host: "127.0.0.1:8080"))
        #expect(!policy.permits(origin: "http://127.0.0.1:8081", host: "127.0.0.1:8080"))
        #expect(!policy.permits(origin: "https://127.0.0.1:8080", host: "127.0.0.1"))
        #expect(!policy.permits(origin: "null", host: "127.0.0.1:8080"))
        #expect(!policy.permits(origin: "http://127.0.0.1:8080", host: nil))
        #expect(!policy.permits(origin: "http://user@127.0.0.1:8080", host: "127.0.0.1:8080"))
        #expect(!policy.permits(origin: "", host: ""))
        #expect(OriginPolicy(allowedOrigins: ["*"]).permits(origin: "http://anything.example", host: "h"))
    }

    @Test("ordered queue: FIFO with headroom, byte and count limits")
    func orderedQueue() {
        var queue = OrderedMessageQueue(maxBytes: 10, maxCount: 3)
        func push(_ text: String) -> Bool {
            Array(text.utf8).withUnsafeBytes { queue.push($0) }
        }
        #expect(push("abc"))
        #expect(push("defg"))
        #expect(!push("hijk"), "11 bytes exceed the byte limit")
        #expect(push("hij"))
        #expect(!push(""), "a 4th message exceeds the count limit")
        #expect(queue.count == 3 && queue.byteCount == 10)
        let first = queue.popFirst()?.bytes
        #expect(first.map { Array($0.dropFirst(frameHeadroom)) } == Array("abc".utf8))
        #expect(first?.count == frameHeadroom + 3)
        #expect(queue.byteCount == 7)
        #expect(push("k"))
        #expect(queue.popFirst().map { Array($0.bytes.dropFirst(frameHeadroom)) } == Array("defg".utf8))
        #expect(queue.popFirst().map { Array($0.bytes.dropFirst(frameHeadroom)) } == Array("hij".utf8))
        #expect(queue.popFirst().map { Array($0.bytes.dropFirst(frameHeadroom)) } == Array("k".utf8))
        #expect(queue.popFirst() == nil && queue.isEmpty && queue.byteCount == 0)
        #expect(Array([0x00]).withUnsafeBytes { queue.push($0, kind: .binary) })
        #expect(push("t"))
        #expect(queue.popFirst()?.kind == .binary)
        #expect(queue.popFirst()?.kind == .text)
        for round in 0..<1000 {
            #expect(push("\(round % 10)"))
            #expect(queue.popFirst().map { Array($0.bytes.dropFirst(frameHeadroom)) } == Array("\(round % 10)".utf8))
        }
    }

    @Test("ordered queue: its count follows pushes, pops, compaction and removeAll")
    func orderedQueueCount() {
        var queue = OrderedMessageQueue(maxBytes: 1_000, maxCount: 100)
        var expected: [UInt8] = []
        for value in UInt8(0)..<70 {
            #expect([value].withUnsafeBytes { queue.push($0) })
            expected.append(value)
            // Pops now and then, so the head passes 32 and the storage is compacted under it.
            if value % 3 == 2 {
                #expect(queue.popFirst()?.bytes.last == expected.removeFirst())
            }
            #expect(queue.count == expected.count && queue.isEmpty == expected.isEmpty)
        }
        while let first = queue.popFirst() {
            #expect(first.bytes.last == expected.removeFirst())
            #expect(queue.count == expected.count)
        }
        #expect(queue.isEmpty && expected.isEmpty)
        #expect([1].withUnsafeBytes { queue.push($0) } && queue.count == 1)
        queue.removeAll()
        #expect(queue.isEmpty && queue.count == 0 && queue.byteCount == 0 && queue.popFirst() == nil)
    }

    @Test("latest slot: replacement is reported, buffers are reused")
    func latestSlot() {
        var slot = LatestSlot()
        func store(_ text: String) -> Bool {
            Array(text.utf8).withUnsafeBytes { slot.store($0) }
        }
        #expect(!slot.hasValue)
        #expect(!store("one"))
        #expect(store("two"))
        let taken = slot.take()?.bytes
        #expect(taken.map { Array($0.dropFirst(frameHeadroom)) } == Array("two".utf8))
        #expect(!slot.hasValue && slot.take() == nil)
        slot.recycle(OutgoingMessage(bytes: taken ?? [], kind: .text))
        #expect(!store("three"))
        #expect(slot.take().map { Array($0.bytes.dropFirst(frameHeadroom)) } == Array("three".utf8))
        #expect(!store("four"))
        #expect(slot.discard() && !slot.hasValue && !slot.discard())
        #expect(!store("four again"), "a discarded value is not reported as replaced")
        #expect(slot.take().map { Array($0.bytes.dropFirst(frameHeadroom)) } == Array("four again".utf8))
        #expect(!Array([0xFF]).withUnsafeBytes { slot.store($0, kind: .binary) })
        #expect(slot.take()?.kind == .binary)
        #expect(!store("five"))
        #expect(slot.take()?.kind == .text)
        slot.clear()
        #expect(!slot.hasValue)
    }

    @Test("latest slot: the value waiting carries the time it was stored, a replacement its own")
    func latestSlotTimes() {
        var slot = LatestSlot()
        _ = Array("a".utf8).withUnsafeBytes { slot.store($0, at: 1_000) }
        _ = Array("b".utf8).withUnsafeBytes { slot.store($0, at: 2_500) }
        #expect(slot.take()?.storedAt == 2_500)
        _ = slot.store(
            prepared: [UInt8](repeating: 0, count: frameHeadroom + 1), start: 0, kind: .text, repeatKey: nil, at: 7_000)
        #expect(slot.take()?.storedAt == 7_000)
    }

    @Test("frame headers: final, unmasked, the shortest length field for the size (RFC 6455 5.2)")
    func frameHeaders() {
        func header(_ kind: MessageKind, _ count: Int) -> [UInt8] {
            var bytes: [UInt8] = []
            FrameHeader.append(kind: kind, count: count, to: &bytes)
            return bytes
        }
        #expect(header(.text, 0) == [0x81, 0])
        #expect(header(.binary, 125) == [0x82, 125])
        #expect(header(.text, 126) == [0x81, 126, 0, 126])
        #expect(header(.text, 65_535) == [0x81, 126, 0xFF, 0xFF])
        #expect(header(.binary, 65_536) == [0x82, 127, 0, 0, 0, 0, 0, 1, 0, 0])
        #expect(header(.text, 0x0123_4567_89AB) == [0x81, 127, 0, 0, 0x01, 0x23, 0x45, 0x67, 0x89, 0xAB])
        #expect(header(.text, 1 << 40).count == 10, "the longest header: 2 bytes, then a 64-bit length")
    }

    @Test("frame headers written in place: in the headroom right in front of the payload, as appended")
    func frameHeadersInPlace() {
        for (kind, count) in [
            (MessageKind.text, 0), (.binary, 125), (.text, 126), (.text, 65_535), (.binary, 65_536), (.text, 1 << 40),
        ] {
            var appended: [UInt8] = []
            FrameHeader.append(kind: kind, count: count, to: &appended)
            #expect(appended.count == FrameHeader.length(count: count))
            // Headroom of 0xEE bytes, then a payload of 0xAA bytes: only the header's bytes change.
            var buffer = [UInt8](repeating: 0xEE, count: frameHeadroom) + [0xAA, 0xAA]
            let offset = buffer.withUnsafeMutableBufferPointer { bytes -> Int in
                guard let base = bytes.baseAddress else { return -1 }
                return FrameHeader.store(kind: kind, count: count, endingAt: base + frameHeadroom) - base
            }
            #expect(offset == frameHeadroom - appended.count)
            #expect(Array(buffer[offset..<frameHeadroom]) == appended)
            #expect(buffer[..<offset].allSatisfy { $0 == 0xEE })
            #expect(buffer[frameHeadroom...].allSatisfy { $0 == 0xAA })
        }
        #expect(FrameHeader.length(count: Int.max) <= frameHeadroom, "the longest header fits in a message's headroom")
    }

    @Test("reassembly: single chunk, fragments, the exact limit, over the limit")
    func assembler() {
        var assembler = MessageAssembler(limit: 8)
        func accept(_ text: String, final: Bool) -> String {
            Array(text.utf8).withUnsafeBytes { chunk in
                switch assembler.accept(chunk, isFinal: final) {
                case .needMore: return "more"
                case .tooBig: return "tooBig"
                case .completeInChunk: return "whole:" + text
                case .complete(let message):
                    defer { assembler.recycle(message) }
                    return "joined:" + String(decoding: message, as: UTF8.self)
                }
            }
        }
        #expect(accept("hello", final: true) == "whole:hello")
        #expect(accept("", final: false) == "more")
        #expect(accept("abc", final: false) == "more")
        #expect(accept("defgh", final: true) == "joined:abcdefgh")
        #expect(accept("123456789", final: true) == "tooBig")
        #expect(accept("12345", final: false) == "more")
        #expect(accept("6789", final: false) == "tooBig")
        #expect(accept("ok", final: true) == "whole:ok", "the next message starts clean")
    }

    /// A written prepared message is let go at once unless permessage-deflate may still read it,
    /// so a sender updating it in place finds it unshared (no copy) on its next frame.
    @Test("a written prepared message is kept only while permessage-deflate may read it", arguments: [false, true])
    func writtenPreparedMessages(mayDeflate: Bool) throws {
        let wsi = try #require(OpaquePointer(bitPattern: 0x1000))
        let connection = Connection(
            id: ConnectionID(rawValue: 1, slot: 0), wsi: wsi, socket: -1,
            configuration: WebSocketServer.Configuration(), mayDeflate: mayDeflate)
        var prepared = [UInt8](repeating: 7, count: frameHeadroom + 100)
        let address = prepared.withUnsafeBytes { $0.baseAddress }
        let replaced = connection.latest.store(prepared: prepared, start: 0, kind: .text, repeatKey: nil)
        #expect(!replaced)
        // Written as the transport does; the references taken end with the function.
        func write() throws {
            let taken = connection.latest.take()
            let message = try #require(taken)
            #expect(message.payloadCount == 100)
            connection.retire(message)
        }
        try write()
        prepared[frameHeadroom] = 8
        let unshared = prepared.withUnsafeBytes { $0.baseAddress } == address
        #expect(unshared == !mayDeflate)
        #expect(connection.inFlight.bytes.count == (mayDeflate ? frameHeadroom + 100 : 0))
    }

    @Test(
        "write order: what was queued before a latest value goes first; then at most 4 newer queued messages in a row while it waits"
    )
    func writeOrder() throws {
        var configuration = WebSocketServer.Configuration()
        configuration.maxQueuedMessages = 100
        let wsi = try #require(OpaquePointer(bitPattern: 0x1000))
        let connection = Connection(
            id: ConnectionID(rawValue: 1, slot: 0), wsi: wsi, socket: -1, configuration: configuration,
            mayDeflate: false)
        #expect(connection.nextWrite == .nothing)
        func queue(_ count: Int) {
            for _ in 0..<count {
                _ = Array("q".utf8).withUnsafeBytes { connection.queue.push($0) }
            }
        }
        func storeFrame() {
            _ = connection.storeLatest { slot in Array("frame".utf8).withUnsafeBytes { slot.store($0) } }
        }
        func drain() -> [Connection.NextWrite] {
            var order: [Connection.NextWrite] = []
            while connection.nextWrite != .nothing, order.count < 30 {
                let next = connection.nextWrite
                order.append(next)
                switch next {
                case .queued:
                    _ = connection.popQueued()
                case .latest:
                    _ = connection.latest.take()
                    connection.queueStreak = 0
                case .close, .nothing:
                    break
                }
            }
            return order
        }
        // Ten events of an op, then its frame: the frame never overtakes them (it shows a time
        // after theirs).
        queue(10)
        storeFrame()
        #expect(drain() == Array(repeating: .queued, count: 10) + [.latest])
        // A frame waiting while newer messages keep coming is not starved: it goes after four.
        storeFrame()
        queue(10)
        #expect(drain() == Array(repeating: .queued, count: 4) + [.latest] + Array(repeating: .queued, count: 6))
        // Three before it, then ten after it: the three, four of the ten, the frame, the rest.
        queue(3)
        storeFrame()
        queue(10)
        #expect(
            drain() == Array(repeating: .queued, count: 7) + [.latest] + Array(repeating: .queued, count: 6))
        connection.pendingClose = .init(
            code: .normal, reason: "", cause: .closedByServer(.normal), flushQueueFirst: true)
        _ = Array("last".utf8).withUnsafeBytes { connection.queue.push($0) }
        #expect(connection.nextWrite == .queued)
        _ = connection.queue.popFirst()
        #expect(connection.nextWrite == .close)
        #expect(connection.closeReason == .closedByServer(.normal))
    }
}
