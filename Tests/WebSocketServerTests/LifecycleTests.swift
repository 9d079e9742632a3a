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
        let mailbox = Mutex<[String]>([])
        let server = try TestServer.start { _, handler in
            let log = handler.log
            handler.onWake = { _ in
                for item in mailbox.withLock({ items in
                    defer { items = [] }; return items
                }) {
                    log.append("got \(item)")
                }
            }
        }
        defer { server.stop() }
        let workers = (0..<4).map { worker in
            Thread {
                for item in 0..<25 {
                    mailbox.withLock { $0.append("\(worker)-\(item)") }
                    server.server.wake()
                }
            }
        }
        workers.forEach { $0.start() }
        #expect(server.log.wait { $0.filter { $0.hasPrefix("got ") }.count == 100 })
        let wakes = server.log.all.filter { $0 == "woken" }.count
        #expect(wakes >= 1 && wakes <= 100)
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
}
