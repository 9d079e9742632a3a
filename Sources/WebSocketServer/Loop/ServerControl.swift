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
    /// Whether the service thread waits for wakes on ``wakeSignal`` (between non-blocking
    /// socket passes) rather than in the socket poll: see ``ServerLoop/serve()``.
    private let parked = Atomic<Bool>(false)
    private let wakeSignal = WakeSignal()
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
        wakeSignal.signal()
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
            wakeSignal.signal()
        } else {
            cancelService()
        }
    }

    /// The service thread will wait for wakes with ``waitForWake(microseconds:)`` and poll its
    /// sockets without blocking, until ``unpark()`` (service thread).
    func park() {
        parked.store(true, ordering: .sequentiallyConsistent)
    }

    /// The service thread goes back to waiting for wakes in the socket poll (service thread).
    /// A wake that saw it parked is still pending: the caller takes it before polling.
    func unpark() {
        parked.store(false, ordering: .sequentiallyConsistent)
    }

    /// Waits until a wake is pending or `microseconds` pass (service thread, parked); returns
    /// whether a wake is pending. A stop request wakes it too.
    func waitForWake(microseconds: Int64) -> Bool {
        wakeSignal.wait(microseconds: microseconds) {
            wakeFlag.load(ordering: .sequentiallyConsistent) || stopFlag.load(ordering: .acquiring)
        }
        return wakeFlag.load(ordering: .acquiring)
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

/// A condition variable for the parked service thread: cheaper to wait on and to signal than
/// the socket poll, which with 1,000 open connections registers a wait on every socket each
/// time it sleeps.
private final class WakeSignal: @unchecked Sendable {
    // `@unchecked Sendable`: the mutex and condition are used only through pthread calls,
    // which synchronise them.
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

    init() {
        pthread_mutex_init(mutex, nil)
        var attributes = pthread_condattr_t()
        pthread_condattr_init(&attributes)
        #if canImport(Glibc)
            pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC)
        #endif
        pthread_cond_init(condition, &attributes)
        pthread_condattr_destroy(&attributes)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
    }

    /// Wakes the waiter, if any (any thread).
    func signal() {
        pthread_mutex_lock(mutex)
        pthread_cond_signal(condition)
        pthread_mutex_unlock(mutex)
    }

    /// Waits until `ready()` holds (checked under the mutex, so a signal after the check is
    /// not lost) or `microseconds` pass.
    func wait(microseconds: Int64, until ready: () -> Bool) {
        var deadline = timespec()
        #if canImport(Glibc)
            clock_gettime(CLOCK_MONOTONIC, &deadline)
        #else
            clock_gettime(CLOCK_REALTIME, &deadline)
        #endif
        let nanoseconds = Int64(deadline.tv_nsec) + max(0, microseconds) * 1_000
        deadline.tv_sec += Int(nanoseconds / 1_000_000_000)
        deadline.tv_nsec = Int(nanoseconds % 1_000_000_000)
        pthread_mutex_lock(mutex)
        while !ready() {
            if pthread_cond_timedwait(condition, mutex, &deadline) != 0 { break }
        }
        pthread_mutex_unlock(mutex)
    }
}
