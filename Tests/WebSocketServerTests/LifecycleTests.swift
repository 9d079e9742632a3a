import Foundation
import Synchronization
import Testing
import WebSocketServer

@Suite("Lifecycle: timers, wake, stop, bind errors")
struct LifecycleTests {
    @Test("timers fire in time order; a cancelled timer does not fire")
    func timers() throws {
        let server = try TestServer.start { _, handler in
            let log = handler.log
            handler.onStart = { loop in
                let started = ContinuousClock.now
                for delay in [30, 10, 50, 20, 40] {
                    loop.schedule(afterMicroseconds: Int64(delay) * 1000) { _ in
                        let elapsed = ContinuousClock.now - started
                        log.append("timer \(delay) \(elapsed >= .milliseconds(delay))")
                    }
                }
                let cancelled = loop.schedule(afterMicroseconds: 15_000) { _ in log.append("timer cancelled") }
                #expect(loop.cancel(cancelled))
                #expect(!loop.cancel(cancelled))
            }
        }
        defer { server.stop() }
        #expect(server.log.wait { $0.filter { $0.hasPrefix("timer") }.count == 5 })
        Thread.sleep(forTimeInterval: 0.05)
        let fired = server.log.all.filter { $0.hasPrefix("timer") }
        #expect(fired == ["timer 10 true", "timer 20 true", "timer 30 true", "timer 40 true", "timer 50 true"])
    }

    @Test("wake() from other threads reaches the handler on the service thread")
    func wake() throws {
        let mailbox = Mailbox()
        let server = try TestServer.start { _, handler in
            let log = handler.log
            handler.onWake = { _ in Self.deliver(mailbox, to: log) }
        }
        defer { server.stop() }
        Self.post(into: mailbox, threads: 4, itemsEach: 25, waking: server.server)
        #expect(server.log.wait { $0.filter { $0.hasPrefix("got ") }.count == 100 })
        let wakes = server.log.all.filter { $0 == "woken" }.count
        #expect(wakes >= 1 && wakes <= 100)
    }

    @Test("timers due within a millisecond of each other fire in order, none early, after many cancels")
    func closeTimers() throws {
        let server = try TestServer.start { _, handler in
            let log = handler.log
            handler.onStart = { loop in
                // Cancelled timers far in the future fill the deadline heap until it is rebuilt.
                let distant = (0..<100).map { _ in loop.schedule(afterMicroseconds: 60_000_000) { _ in } }
                for timer in distant { #expect(loop.cancel(timer)) }
                let started = ContinuousClock.now
                // Less than a millisecond apart: the service thread waits these out itself.
                for delay in [2_600, 2_000, 2_300, 2_900] {
                    loop.schedule(afterMicroseconds: Int64(delay)) { _ in
                        let elapsed = ContinuousClock.now - started
                        log.append("timer \(delay) \(elapsed >= .microseconds(delay))")
                    }
                }
            }
        }
        defer { server.stop() }
        #expect(server.log.wait { $0.filter { $0.hasPrefix("timer") }.count == 4 })
        let fired = server.log.all.filter { $0.hasPrefix("timer") }
        #expect(fired == ["timer 2000 true", "timer 2300 true", "timer 2600 true", "timer 2900 true"])
    }

    @Test("a chain of timers 0.4 ms apart is fired by the waiting loop, without polling the sockets")
    func timerChainPolls() throws {
        let server = try TestServer.start { _, handler in
            let log = handler.log
            handler.onStart = { loop in
                func next(_ left: Int) {
                    loop.schedule(afterMicroseconds: 400) { _ in
                        if left == 0 { log.append("chain done") } else { next(left - 1) }
                    }
                }
                next(100)
            }
        }
        defer { server.stop() }
        let before = server.server.statistics
        #expect(server.log.wait(for: "chain done"))
        let after = server.server.statistics
        let polls = after.socketPolls - before.socketPolls
        let direct = after.timersWithoutPoll - before.timersWithoutPoll
        print("timer chain: \(polls) socket polls, \(direct) timers fired without a poll")
        // poll's timeout is whole milliseconds: waiting for 0.4 ms in it would be a zero timeout,
        // polled again and again (hundreds of times per timer). The loop waits in epoll instead
        // and fires each timer itself when due.
        #expect(polls <= 30, "\(polls) socket polls for 100 timers")
        #expect(direct >= 90, "\(direct) of 101 timers fired without a poll")
    }

    /// While timers come every few milliseconds (a frame pacer), the thread waits in epoll; with
    /// nothing due it goes back to libwebsockets' poll, which costs nothing while idle.
    @Test("pacing timers, the service thread waits in epoll: accepts, messages, wakes and timers, few polls")
    func waitsInEpoll() throws {
        let mailbox = Mailbox()
        let ticks = Mailbox()
        let started = ContinuousClock.now
        let server = try TestServer.start { _, handler in
            let log = handler.log
            handler.onWake = { _ in Self.deliver(mailbox, to: log) }
            handler.onStart = { loop in
                for delay in [30, 10, 20] {
                    loop.schedule(afterMicroseconds: Int64(delay) * 1000) { _ in log.append("timer \(delay)") }
                }
                // A 100 Hz tick until the test posts "stop".
                func tick(_ loop: ServerLoop) {
                    guard ticks.items.withLock({ $0.isEmpty }) else { return }
                    loop.schedule(afterMicroseconds: 10_000, tick)
                }
                tick(loop)
            }
        }
        defer { server.stop() }
        // Written straight after the message is read (permessage-deflate negotiated).
        let result = try PythonClient.run(Scripts.echo, port: server.port)
        #expect(result["reply"] as? String == "hello")
        #expect(result["reply2"] as? String == "héllo ünïcode")
        Self.post(into: mailbox, threads: 2, itemsEach: 20, waking: server.server)
        #expect(server.log.wait { $0.filter { $0.hasPrefix("got ") }.count == 40 })
        #expect(server.log.wait { $0.filter { $0.hasPrefix("timer") }.count == 3 })
        #expect(server.log.all.filter { $0.hasPrefix("timer") } == ["timer 10", "timer 20", "timer 30"])
        // The accept, the handshake and the messages were read as epoll reported them and
        // answered without a poll round; the timers fired from the wait.
        let statistics = server.server.statistics
        #expect(statistics.readsWithoutPoll >= 3)
        #expect(statistics.writesWithoutPoll >= 2)
        let elapsed = ContinuousClock.now - started
        let tickCount = Int(elapsed / .milliseconds(10))
        #expect(statistics.timersWithoutPoll >= tickCount / 2, "\(statistics.timersWithoutPoll) in \(elapsed)")
        // libwebsockets' own poll runs only every libraryPassMicroseconds (50 ms).
        let passes = Int(elapsed / .microseconds(ServerLoop.libraryPassMicroseconds))
        #expect(statistics.socketPolls <= passes + 5, "\(statistics.socketPolls) polls in \(elapsed)")
        ticks.items.withLock { $0.append("stop") }
        let stopping = ContinuousClock.now
        server.server.stop()
        #expect(server.server.waitUntilStopped(timeoutSeconds: 5))
        #expect(ContinuousClock.now - stopping < .seconds(1))
    }

    @Test("stop() from another thread closes clients with 1001 and returns promptly")
    func stop() throws {
        let server = try TestServer.start()
        let client = try PythonClient(Scripts.waitForClose, arguments: [String(server.port)])
        #expect(server.log.wait(for: "message ready (5 bytes)", timeoutSeconds: 10))
        let started = ContinuousClock.now
        server.server.stop()
        #expect(server.server.waitUntilStopped(timeoutSeconds: 5))
        let elapsed = ContinuousClock.now - started
        #expect(elapsed < .seconds(1), "stopping took \(elapsed)")
        let result = try PythonClient.decode(client.finish())
        #expect(result["code"] as? Int == 1001)
        #expect(server.log.all.contains("stopping"))
        #expect(server.log.all.contains("closed serverStopping"))
        #expect(server.server.port == nil)
        server.stop()
    }

    @Test("binding an occupied port throws a clear error")
    func occupiedPort() throws {
        let first = try TestServer.start()
        defer { first.stop() }
        var configuration = WebSocketServer.Configuration()
        configuration.port = first.port
        configuration.libraryLogLevel = .none
        let second = WebSocketServer(configuration: configuration, handler: TestHandler(log: EventLog()))
        let error = try #require(throws: WebSocketServerError.self) { try second.start() }
        guard case .bindFailed(_, let port, let reason) = error else {
            Issue.record("expected bindFailed, got \(error)")
            return
        }
        #expect(port == first.port)
        #expect(reason.lowercased().contains("in use"))
        #expect(second.waitUntilStopped(timeoutSeconds: 1))
        #expect(throws: WebSocketServerError.alreadyStarted) { try second.start() }
    }

    @Test("invalid configurations are refused before listening")
    func invalidConfiguration() {
        var configuration = WebSocketServer.Configuration()
        configuration.idlePingSeconds = 30
        configuration.idleHangUpSeconds = 20
        let server = WebSocketServer(configuration: configuration, handler: TestHandler(log: EventLog()))
        #expect(throws: WebSocketServerError.self) { try server.run() }
    }

    /// Logs (on the service thread) every item posted to `mailbox` since the last wake.
    private static func deliver(_ mailbox: Mailbox, to log: EventLog) {
        for item in mailbox.items.withLock({ items in
            defer { items = [] }; return items
        }) {
            log.append("got \(item)")
        }
    }

    /// Starts `threads` threads that each post `itemsEach` items and wake the server after each.
    private static func post(
        into mailbox: Mailbox, threads: Int, itemsEach: Int, waking server: WebSocketServer
    ) {
        for worker in 0..<threads {
            Thread {
                for item in 0..<itemsEach {
                    mailbox.items.withLock { $0.append("\(worker)-\(item)") }
                    server.wake()
                }
            }.start()
        }
    }
}

/// Items posted by worker threads for the service thread to pick up when woken.
private final class Mailbox: Sendable {
    let items = Mutex<[String]>([])
}
