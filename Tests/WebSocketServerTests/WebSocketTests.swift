import Foundation
import Testing
import WebSocketServer

@Suite("WebSocket: handshake, messages, limits, origin")
struct WebSocketTests {
    @Test("echo through the handler, subprotocol and permessage-deflate negotiated")
    func echo() throws {
        let server = try TestServer.start()
        defer { server.stop() }
        let result = try PythonClient.run(Scripts.echo, port: server.port)
        #expect(result["reply"] as? String == "hello")
        #expect(result["reply2"] as? String == "héllo ünïcode")
        #expect(result["subprotocol"] as? String == "progresscast.v1")
        #expect((result["extensions"] as? String)?.contains("permessage-deflate") == true)
        #expect(server.log.wait(for: "closed peerClosed(1000)"))
        #expect(server.log.all.contains("open /ws origin=- query=alice"))
        let statistics = server.server.statistics
        #expect(statistics.messagesReceived == 2)
        #expect(statistics.messagesSent == 2)
        #expect(statistics.connectionsAccepted == 1)
    }

    @Test("a client naming no subprotocol is served protocols[0]; deflate only when offered")
    func noSubprotocol() throws {
        let server = try TestServer.start()
        defer { server.stop() }
        let result = try PythonClient.run(Scripts.noSubprotocol, port: server.port)
        #expect(result["reply"] as? String == "plain")
        #expect(result["subprotocol"] is NSNull)
        #expect(result["extensions"] is NSNull)
    }

    @Test("fragmented messages are reassembled")
    func fragmented() throws {
        let server = try TestServer.start()
        defer { server.stop() }
        let result = try PythonClient.run(Scripts.fragmented, port: server.port)
        #expect(result["reply"] as? String == "frag-mented")
        #expect(result["bigLength"] as? Int == 60000)
        #expect(result["bigOk"] as? Bool == true)
    }

    /// libwebsockets caps one send at the receive buffer (4 KiB) unless told otherwise: a larger
    /// message then takes two sends and a buffered remainder. With the default send packet size
    /// a 12 KB message is one send; with 4 KiB it is split, and still arrives whole.
    @Test("a message larger than the receive buffer is written in one send", arguments: [nil, 4096])
    func oneSendPerMessage(packetSize: Int?) throws {
        let server = try TestServer.start { configuration, _ in
            if let packetSize { configuration.sendPacketSize = packetSize }
        }
        defer { server.stop() }
        let result = try PythonClient.run(Scripts.oversized, port: server.port, extra: ["12000", "none"])
        #expect(result["reply"] as? Int == 12000)
        let split = server.server.statistics.writesSplit
        if packetSize == nil { #expect(split == 0) } else { #expect(split >= 1) }
    }

    /// The rest of a message the socket did not take goes out as soon as epoll reports the
    /// socket writable, not at libwebsockets' next poll (every 50 ms): 800 KB in 4 KiB sends is
    /// about 200 of them, 10 s if each waited for that poll. (A 100 Hz timer, like the frame
    /// pacer's, keeps the service thread waiting in epoll.)
    @Test("the rest of a split message is written as the socket takes it")
    func splitMessageFollowsTheSocket() throws {
        let server = try TestServer.start { configuration, handler in
            configuration.sendPacketSize = 4096
            handler.onStart = { loop in
                func tick(_ loop: ServerLoop) { loop.schedule(afterMicroseconds: 10_000, tick) }
                tick(loop)
            }
            handler.onMessage = { _, connection, loop in
                loop.send(String(repeating: "x", count: 800_000), to: connection, delivery: .ordered)
            }
        }
        defer { server.stop() }
        let before = server.server.statistics.socketPolls
        let result = try PythonClient.run(Scripts.largeReply, port: server.port)
        #expect(result["length"] as? Int == 800_000)
        let seconds = result["seconds"] as? Double ?? .infinity
        let polls = server.server.statistics.socketPolls - before
        print("800 KB in 4 KiB sends: \(seconds) s, \(polls) socket polls")
        #expect(seconds < 3, "\(seconds) s, \(polls) socket polls")
        #expect(polls < 100, "written from epoll, not from libwebsockets' poll")
        #expect(server.server.statistics.writesSplit >= 1)
    }

    @Test("a message over 64 KiB closes with 1009, compressed or not", arguments: ["none", "deflate"])
    func tooBig(compression: String) throws {
        let server = try TestServer.start()
        defer { server.stop() }
        let exact = try PythonClient.run(Scripts.oversized, port: server.port, extra: ["65536", compression])
        #expect(exact["reply"] as? Int == 65536, "a message of exactly the limit is accepted")
        let over = try PythonClient.run(Scripts.oversized, port: server.port, extra: [String(70 * 1024), compression])
        #expect(over["code"] as? Int == 1009)
        // A 10 MB message (a few KB when deflated) is refused without buffering it all.
        let bomb = try PythonClient.run(Scripts.oversized, port: server.port, extra: [String(10_000_000), compression])
        #expect(bomb["code"] as? Int == 1009)
        #expect(server.log.wait { $0.filter { $0 == "closed messageTooBig" }.count == 2 })
    }

    @Test("a binary frame closes with 1003")
    func binary() throws {
        let server = try TestServer.start()
        defer { server.stop() }
        let result = try PythonClient.run(Scripts.binary, port: server.port)
        #expect(result["code"] as? Int == 1003)
        #expect(server.log.wait(for: "closed unsupportedData"))
    }

    @Test("cross-origin upgrades are refused; same-origin, no-origin and allowed origins pass")
    func origins() throws {
        let server = try TestServer.start { configuration, _ in
            configuration.allowedOrigins = ["http://allowed.example"]
        }
        defer { server.stop() }
        let port = server.port
        func attempt(_ origin: String, path: String = "/ws") throws -> String? {
            try PythonClient.run(Scripts.origin, port: port, extra: [origin, path])["result"] as? String
        }
        #expect(try attempt("http://evil.example") == "refused")
        #expect(try attempt("http://127.0.0.1:\(port + 1)") == "refused")
        #expect(try attempt("null") == "refused")
        #expect(try attempt("http://127.0.0.1:\(port)") == "accepted")
        #expect(try attempt("-") == "accepted")
        #expect(try attempt("http://allowed.example") == "accepted")
        #expect(try attempt("-", path: "/other") == "refused")
        #expect(server.server.statistics.upgradesRefused == 4)
    }

    @Test("an idle client that answers no pings is hung up; one that answers stays")
    func keepalive() throws {
        let server = try TestServer.start { configuration, _ in
            configuration.idlePingSeconds = 1
            configuration.idleHangUpSeconds = 2
        }
        defer { server.stop() }
        let silent = try PythonClient.run(Scripts.silentClient, port: server.port)
        #expect((silent["status"] as? String)?.contains("101") == true)
        #expect(silent["sawPing"] as? Bool == true)
        let seconds = try #require(silent["seconds"] as? Double)
        #expect(seconds > 1.5 && seconds < 5, "hung up after \(seconds) s")
        let idle = try PythonClient.run(Scripts.idleClient, port: server.port)
        #expect(idle["reply"] as? String == "still here")
    }

    @Test("close() flushes ordered messages first, then sends the code and reason")
    func closeAfterMessages() throws {
        let server = try TestServer.start { _, handler in
            handler.onMessage = { text, connection, loop in
                guard text == "bye" else { return }
                loop.send("a", to: connection, delivery: .ordered)
                loop.send("dropped", to: connection, delivery: .latest)
                loop.send("b", to: connection, delivery: .ordered)
                loop.close(connection, code: CloseCode(rawValue: 4000), reason: "see you")
                #expect(!loop.isOpen(connection))
                #expect(loop.send("c", to: connection, delivery: .ordered) == .notConnected)
            }
        }
        defer { server.stop() }
        let result = try PythonClient.run(Scripts.closeAfterMessages, port: server.port)
        #expect(result["got"] as? [String] == ["a", "b"])
        #expect(result["code"] as? Int == 4000)
        #expect(result["reason"] as? String == "see you")
        #expect(server.log.wait(for: "closed closedByServer(4000)"))
    }

    @Test("maxConnections refuses upgrades beyond the limit")
    func connectionLimit() throws {
        let server = try TestServer.start { configuration, _ in
            configuration.maxConnections = 1
        }
        defer { server.stop() }
        let result = try PythonClient.run(Scripts.twoClients, port: server.port)
        #expect(result["second"] as? String == "refused")
    }
}
