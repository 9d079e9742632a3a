import CLibWebSockets
import Synchronization

/// The part of a server that other threads may touch: stop and wake requests, the
/// listening port, and the counters. Shared by ``WebSocketServer`` (any thread) and
/// ``ServerLoop`` (the service thread).
final class ServerControl: Sendable {
    /// A libwebsockets context pointer that may cross threads.
    ///
    /// `@unchecked Sendable`: other threads use it only for `lws_cancel_service`,
    /// which libwebsockets documents as safe from any thread, and only under
    /// ``ServerControl``'s mutex while the context is alive (the service thread
    /// retracts it under the same mutex before destroying the context).
    private struct ContextHandle: @unchecked Sendable {
        let pointer: OpaquePointer
    }

    let counters = StatisticsCounters()
    private let stopFlag = Atomic<Bool>(false)
    private let wakeFlag = Atomic<Bool>(false)
    private let listeningPort = Atomic<Int>(0)
    private let context = Mutex<ContextHandle?>(nil)

    /// Whether ``requestStop()`` was called.
    var isStopRequested: Bool { stopFlag.load(ordering: .acquiring) }

    /// The listening port once the server is listening, else nil.
    var port: Int? {
        let value = listeningPort.load(ordering: .acquiring)
        return value > 0 ? value : nil
    }

    /// Asks the service loop to stop (any thread; idempotent).
    func requestStop() {
        stopFlag.store(true, ordering: .releasing)
        cancelService()
    }

    /// Asks the service loop to call the handler's `serverWoken` (any thread).
    func requestWake() {
        // One cancel per wake the service thread has not taken yet: render helpers ask for a
        // wake every few frames, and each `lws_cancel_service` is a write to a pipe.
        guard !wakeFlag.exchange(true, ordering: .acquiringAndReleasing) else { return }
        cancelService()
    }

    /// Consumes a pending wake request (service thread).
    func takeWake() -> Bool {
        wakeFlag.exchange(false, ordering: .acquiringAndReleasing)
    }

    /// Makes the live context reachable for wake and stop requests (service thread).
    func publish(context pointer: OpaquePointer, port: Int) {
        listeningPort.store(port, ordering: .releasing)
        context.withLock { $0 = ContextHandle(pointer: pointer) }
        // A wake or stop requested before the context existed must still be seen.
        if wakeFlag.load(ordering: .acquiring) || stopFlag.load(ordering: .acquiring) {
            cancelService()
        }
    }

    /// Makes the context unreachable before it is destroyed (service thread).
    func retractContext() {
        context.withLock { $0 = nil }
        listeningPort.store(0, ordering: .releasing)
    }

    private func cancelService() {
        context.withLock { handle in
            if let handle {
                lws_cancel_service(handle.pointer)
            }
        }
    }
}
