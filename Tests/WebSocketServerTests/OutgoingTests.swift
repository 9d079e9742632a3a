import Testing
import WebSocketServer

@Suite("Outgoing data: latest slot and ordered queue")
struct OutgoingTests {
    /// With `prepared` the sender lays each frame out with the headroom itself and keeps it, as a
    /// session does with its current frame: one buffer, updated in place, the frame starting at
    /// a varying offset (bytes of the sender's own in front of the headroom). The transport holds
    /// it by reference; a frame it still holds (waiting, or being compressed) must reach the
    /// reader intact, and only the bytes from the offset on are sent.
    @Test(
        "a slow reader of 1000 latest frames gets far fewer, ending with the newest",
        arguments: ["none", "deflate"], [false, true])
    func latestSlot(compression: String, prepared: Bool) throws {
        // Incompressible padding, so that deflate cannot shrink the backlog away (and
        // libwebsockets compresses each frame over several service rounds).
        var generator = SystemRandomNumberGenerator()
        let letters = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
        let padding = String((0..<(64 * 1024)).map { _ in letters[Int(generator.next() % UInt64(letters.count))] })
        let server = try TestServer.start { _, handler in
            handler.onMessage = { text, connection, loop in
                guard text == "burst" else { return }
                var sequence = 0
                var current: [UInt8] = []
                func tick(_ loop: ServerLoop) {
                    if prepared {
                        let start = sequence % 7
                        current.removeAll(keepingCapacity: true)
                        current.append(contentsOf: repeatElement(UInt8(ascii: "#"), count: start))
                        current.append(contentsOf: repeatElement(0xEE, count: ServerLoop.messageHeadroom))
                        current.append(contentsOf: Array("\(sequence)|".utf8) + Array(padding.utf8))
                        loop.send(prepared: current, from: start, to: connection, delivery: .latest)
                    } else {
                        loop.send("\(sequence)|" + padding, to: connection, delivery: .latest)
                    }
                    sequence += 1
                    if sequence < 1000 {
                        loop.schedule(afterMicroseconds: 500, tick)
                    }
                }
                tick(loop)
            }
        }
        defer { server.stop() }
        let result = try PythonClient.run(Scripts.latest, port: server.port, extra: [compression])
        let count = try #require(result["count"] as? Int)
        #expect(count < 500, "received \(count) of 1000 frames")
        #expect(result["last"] as? Int == 999)
        #expect(result["increasing"] as? Bool == true)
        #expect(result["intact"] as? Bool == true, "every frame arrived as it was sent")
        // Every frame was either written (and read) or replaced before it was written.
        #expect(server.server.statistics.framesReplaced == 1000 - count)
    }

    @Test("overflowing the ordered queue closes with 1008 and tells the handler")
    func queueOverflow() throws {
        let server = try TestServer.start { configuration, handler in
            configuration.maxQueuedMessages = 50
            handler.onMessage = { text, connection, loop in
                guard text == "flood" else { return }
                for index in 0..<200 {
                    if loop.send("event \(index)", to: connection, delivery: .ordered) == .overflowed {
                        #expect(index == 50)
                        #expect(loop.send("late", to: connection, delivery: .ordered) == .notConnected)
                        break
                    }
                }
            }
        }
        defer { server.stop() }
        let result = try PythonClient.run(Scripts.overflow, port: server.port)
        #expect(result["code"] as? Int == 1008)
        #expect(server.log.wait(for: "closed queueOverflow"))
        #expect(server.server.statistics.queueOverflows == 1)
    }

    @Test(
        "binary and text messages keep their kind, through the queue and the latest slot",
        arguments: ["none", "deflate"])
    func messageKinds(compression: String) throws {
        let server = try TestServer.start { _, handler in
            handler.onMessage = { text, connection, loop in
                guard text == "kinds" else { return }
                loop.send("ack", to: connection, delivery: .ordered)
                loop.send([0x00, 0xFF, 0x7B], to: connection, delivery: .ordered, kind: .binary)
                loop.send("{\"frame\":1}", to: connection, delivery: .ordered, kind: .text)
                // The latest slot: a binary value replaced by a newer binary value.
                loop.send([0x01], to: connection, delivery: .latest, kind: .binary)
                loop.send([0x50, 0x43, 0x46, 0x31, 0x00], to: connection, delivery: .latest, kind: .binary)
            }
        }
        defer { server.stop() }
        let result = try PythonClient.run(Scripts.kinds, port: server.port, extra: [compression])
        let messages = try #require(result["messages"] as? [[String]])
        #expect(
            messages == [["text", "ack"], ["bytes", "00ff7b"], ["text", "{\"frame\":1}"], ["bytes", "5043463100"]])
        // Without permessage-deflate the four went out together, in one write; with it,
        // libwebsockets frames (and compresses) each one in its own.
        #expect(server.server.statistics.messagesWrittenTogether == (compression == "none" ? 4 : 0))
    }

    /// Every size of WebSocket length field (7-bit, 16-bit, 64-bit) and both kinds, written
    /// together in one `send` on a connection without permessage-deflate (and one by one with
    /// it): each message arrives whole, in order, byte for byte.
    @Test("messages of every length field written together arrive whole and in order", arguments: ["none", "deflate"])
    func sizesTogether(compression: String) throws {
        // 1,100,000 bytes: more than one write's worth (`sendPacketSize`), and more than the
        // buffer the transport keeps between writes.
        let sizes = [0, 1, 125, 126, 127, 65_535, 65_536, 1_100_000, 3]
        func payload(_ index: Int, _ count: Int) -> [UInt8] {
            (0..<count).map { UInt8((index + $0) % 251 % 95 + 32) }
        }
        let server = try TestServer.start { configuration, handler in
            configuration.maxQueuedBytes = 4 << 20
            handler.onMessage = { text, connection, loop in
                guard text == "sizes" else { return }
                for (index, count) in sizes.enumerated().dropLast() {
                    loop.send(
                        payload(index, count), to: connection, delivery: .ordered,
                        kind: index % 2 == 0 ? .text : .binary)
                }
                let last = sizes.count - 1
                loop.send(payload(last, sizes[last]), to: connection, delivery: .latest, kind: .binary)
            }
        }
        defer { server.stop() }
        // Together or one by one: the queue in order, then the latest value, which never
        // overtakes the messages queued before it (``Connection/queuedBeforeLatest``).
        let last = sizes.count - 1
        let order = Array(0...last)
        let result = try PythonClient.run(
            Scripts.sizes, port: server.port, extra: [compression, order.map(String.init).joined(separator: ",")])
        let messages = try #require(result["messages"] as? [[Any]])
        #expect(messages.count == sizes.count)
        for (message, index) in zip(messages, order) {
            let kind = index == last || index % 2 == 1 ? "bytes" : "text"
            #expect(message[0] as? String == kind, "message \(index)")
            #expect(message[1] as? Int == sizes[index], "message \(index)")
            #expect(message[2] as? Bool == true, "message \(index) arrived as sent")
        }
        if compression == "none" {
            #expect(server.server.statistics.messagesWrittenTogether == sizes.count)
        } else {
            #expect(server.server.statistics.messagesWrittenTogether == 0)
        }
    }

    @Test("a latest value with the repeat key of the last keyed message written is not written")
    func repeatKeys() throws {
        let server = try TestServer.start { _, handler in
            handler.onMessage = { text, connection, loop in
                switch text {
                case "repeat":
                    loop.send("A", to: connection, delivery: .ordered, repeatKey: 1)
                    // B waits in the latest slot behind the queue and is replaced by A again.
                    loop.send("B", to: connection, delivery: .latest, repeatKey: 2)
                    loop.send("A again", to: connection, delivery: .latest, repeatKey: 1)
                case "more":
                    loop.send("C", to: connection, delivery: .latest, repeatKey: 3)
                default:
                    break
                }
            }
        }
        defer { server.stop() }
        let result = try PythonClient.run(Scripts.repeats, port: server.port)
        #expect(result["messages"] as? [String] == ["A", "C"])
        #expect(server.server.statistics.latestRepeatsSkipped == 1)
        #expect(server.server.statistics.framesReplaced == 1)
    }

    @Test(
        "a latest value's delta is written only to a connection whose last version written is its base",
        arguments: ["none", "deflate"])
    func deltasOverTheirBaseOnly(compression: String) throws {
        /// A prepared message (headroom, then the text).
        func prepared(_ text: String) -> [UInt8] {
            Array(repeating: 0, count: ServerLoop.messageHeadroom) + Array(text.utf8)
        }
        func send(_ loop: ServerLoop, _ connection: ConnectionID, _ version: UInt64, delta base: UInt64?) {
            let delta = base.map { PreparedDelta(bytes: prepared("d\(version)"), start: 0, base: $0) }
            loop.send(
                prepared: prepared("whole\(version)"), to: connection, delivery: .latest, version: version, delta: delta
            )
        }
        let server = try TestServer.start { _, handler in
            handler.onMessage = { text, connection, loop in
                switch text {
                case "a":
                    loop.send("v1", to: connection, delivery: .ordered, version: 1)
                    send(loop, connection, 2, delta: 1)
                case "b":
                    // 3 waits unsent and is replaced by 4, whose base (3) the peer never got.
                    send(loop, connection, 3, delta: 2)
                    send(loop, connection, 4, delta: 3)
                case "c":
                    send(loop, connection, 5, delta: 4)
                case "d":
                    // A message without a version leaves the last version written as it is.
                    loop.send("x", to: connection, delivery: .ordered)
                    send(loop, connection, 6, delta: 5)
                case "e":
                    send(loop, connection, 7, delta: nil)
                case "f":
                    send(loop, connection, 8, delta: 6)
                default:
                    break
                }
            }
        }
        defer { server.stop() }
        let steps = #"[["a",2],["b",1],["c",1],["d",2],["e",1],["f",1]]"#
        let result = try PythonClient.run(Scripts.steps, port: server.port, extra: [steps, compression])
        #expect(result["messages"] as? [String] == ["v1", "d2", "whole4", "d5", "x", "d6", "whole7", "whole8"])
        #expect(server.server.statistics.deltasWritten == 3)
    }
}
