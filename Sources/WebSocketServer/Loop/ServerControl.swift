import CEpoll
import CLibWebSockets
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

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
    /// Whether the service thread waits for wakes on ``wakeEvent`` (in epoll with its sockets,
    /// ``ReadySockets``) rather than in libwebsockets' poll: see `ServerLoop.serviceRound`.
    private let parked = Atomic<Bool>(false)
    /// An eventfd the service thread waits on in epoll (-1 if none could be made: it then waits
    /// in libwebsockets' poll).
    let wakeEvent: Int32 = eventfd(0, Int32(EFD_NONBLOCK | EFD_CLOEXEC))
    private let listeningPort = Atomic<Int>(0)
    private let context = Mutex<ContextHandle?>(nil)

    deinit {
        if wakeEvent >= 0 { close(wakeEvent) }
    }

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
        signalWakeEvent()
        cancelService()
    }

    /// Asks the service loop to call the handler's `serverWoken` (any thread).
    func requestWake() {
        // One signal per wake the service thread has not taken yet: render helpers ask for a
        // wake every few frames, and each `lws_cancel_service` is a write to a pipe.
        guard !wakeFlag.exchange(true, ordering: .sequentiallyConsistent) else { return }
        // Sequentially consistent with `park`/`unpark`: either the service thread sees the flag
        // before it sleeps in the poll, or this sees it parked (or both).
        if parked.load(ordering: .sequentiallyConsistent) {
            signalWakeEvent()
        } else {
            cancelService()
        }
    }

    /// The service thread will wait for wakes on ``wakeEvent`` (in epoll, with its sockets) until
    /// ``unpark()`` (service thread).
    func park() {
        parked.store(true, ordering: .sequentiallyConsistent)
    }

    /// The service thread goes back to waiting for wakes in the socket poll (service thread).
    /// A wake that saw it parked is still pending: the caller takes it before polling.
    func unpark() {
        parked.store(false, ordering: .sequentiallyConsistent)
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

    private func signalWakeEvent() {
        guard wakeEvent >= 0 else { return }
        var one: UInt64 = 1
        _ = write(wakeEvent, &one, MemoryLayout<UInt64>.size)
    }

    private func cancelService() {
        context.withLock { handle in
            if let handle {
                lws_cancel_service(handle.pointer)
            }
        }
    }
}
