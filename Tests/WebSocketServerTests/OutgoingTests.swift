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
}
