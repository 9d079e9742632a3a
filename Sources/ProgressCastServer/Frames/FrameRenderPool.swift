import CEpoll
import CPrefetch
import Dispatch
import Foundation
import Synchronization
import WebSocketServer

/// Renders sessions' paced frames (advance to now, display list, encoding, comparison with the
/// last frame: ``LiveSession/renderPacedFrame()``) on helper threads, in the background of the
/// service thread, and hands each rendered session back to the service thread.
///
/// At 1,000 live sessions the service thread is the server's limit: it writes every frame
/// (`send` is about a third of the server's CPU), polls, reads commands and paces frames. When
/// it also rendered a share of each wake's sessions (waiting inside the wake until the batch was
/// done), it ran at 100% of a core while the render helper used 30% and a quarter of the
/// machine stood idle. Now ``renderInBackground(_:waker:finished:)`` queues the batch and
/// returns at once: the service thread goes back to writing the last frames and reading
/// commands while the helpers render, and takes the rendered sessions back when a helper wakes
/// it (``drain(finished:)``, from `serverWoken`).
///
/// The rest of the server stays single-threaded: a session is *in flight* from the moment it
/// is queued until it is handed back, and the service thread touches an in-flight session only
/// after ``settle(_:finished:)`` (which renders it on the service thread if no helper has
/// started it yet, or waits for the helper that has) or ``settleAll(finished:)``. The
/// application calls them where its entry points reach sessions (docs/architecture.md, "The
/// path of a frame").
///
/// Each session's claim is one atomic (queued, rendering, done), so exactly one thread renders
/// a queued session, and the release-acquire pairs on it order the session's memory between
/// the threads. What rendering reads besides the session is immutable and `Sendable` (the font
/// catalog); the engine modules hold no classes or global mutable state.
final class FrameRenderPool {
    /// Batches smaller than this are rendered on the service thread at once (waking a helper
    /// costs more than it saves).
    static let minimumParallelBatch = 8

    /// A helper wakes the service thread after this many rendered sessions, and whenever the
    /// queue runs empty (wakes that arrive while the service thread is busy coalesce).
    static let sessionsPerWake = 16

    /// How much of the next queued session's object a helper prefetches while it renders the
    /// one before: the whole object (1,528 bytes on x86-64 when this was written, checked by a
    /// test), which holds the session's scene, timeline and frame encoders inline, the first
    /// lines a frame touches. Under load a session's lines have left the caches in the 16 ms
    /// since its last frame; asked for ahead they arrive while the session before renders,
    /// instead of one miss after another once its frame starts (docs/architecture.md,
    /// "Prefetching the next session").
    static let prefetchedSessionBytes = 1_536

    private let helpers: [Helper]
    private let work = RenderWork()
    /// Where the service thread's frame encoders write (each helper has its own).
    let serviceScratch = FrameScratch()
    /// Sessions queued and not yet handed back (service thread).
    private(set) var outstanding = 0

    /// A pool with `helperThreads` threads besides the service thread (0: render serially).
    init(helperThreads: Int) {
        helpers = (0..<max(0, helperThreads)).map { [work] in Helper(index: $0, work: work) }
    }

    deinit {
        work.stop()
        for helper in helpers { helper.waitUntilStopped() }
    }

    /// Threads rendering besides the service thread.
    var helperCount: Int { helpers.count }

    /// Renders every session in `sessions` and calls `finished` on the calling thread for each
    /// one; returns when all are done (those rendered by helpers included).
    func render(_ sessions: [LiveSession], finished: (LiveSession) -> Void = { _ in }) {
        renderInBackground(sessions, waker: nil, finished: finished)
        settleAll(finished: finished)
    }

    /// Queues `sessions` for the helpers and returns true at once; `waker` is woken as rendered
    /// sessions become ready to take back with ``drain(finished:)``. Without helpers, or for a
    /// small batch, renders them here, calls `finished` for each and returns false.
    @discardableResult
    func renderInBackground(_ sessions: [LiveSession], waker: ServerWaker?, finished: (LiveSession) -> Void) -> Bool {
        guard !helpers.isEmpty, sessions.count >= Self.minimumParallelBatch else {
            for session in sessions {
                session.renderPacedFrame(scratch: serviceScratch)
                finished(session)
            }
            return false
        }
        for session in sessions {
            precondition(!session.inFlight, "a session was queued twice")
            session.inFlight = true
            session.renderClaim.store(RenderClaim.queued, ordering: .releasing)
        }
        outstanding += sessions.count
        work.enqueue(sessions, waker: waker)
        return true
    }

    /// Hands back every session the helpers have finished, calling `finished` for each
    /// (service thread).
    func drain(finished: (LiveSession) -> Void) {
        guard outstanding > 0 else { return }
        for session in work.takeFinished()
        where session.inFlight && session.renderClaim.load(ordering: .acquiring) == RenderClaim.done {
            handBack(session, finished: finished)
        }
    }

    /// Makes `session` safe to touch on the service thread: if it is in flight, renders it here
    /// when no helper has started it, or waits for the helper that has, and hands it back
    /// (`finished`). Does nothing for a session not in flight.
    func settle(_ session: LiveSession, finished: (LiveSession) -> Void) {
        guard session.inFlight else { return }
        let claim = session.renderClaim.compareExchange(
            expected: RenderClaim.queued, desired: RenderClaim.done, ordering: .acquiringAndReleasing)
        if claim.exchanged {
            session.renderPacedFrame(scratch: serviceScratch)
        } else {
            // A helper is rendering it: a frame's work, some microseconds.
            while session.renderClaim.load(ordering: .acquiring) != RenderClaim.done { sched_yield() }
        }
        handBack(session, finished: finished)
    }

    /// For an op about to change `session`: if it is queued and no helper has started it, takes
    /// it out of the queue and returns true, and the caller renders its frame once the op is
    /// applied (rendered now, the frame would miss the op, which would wait a whole frame for
    /// the session's next slot). Otherwise settles it (``settle(_:finished:)``) and returns
    /// false.
    func withdraw(_ session: LiveSession, finished: (LiveSession) -> Void) -> Bool {
        guard session.inFlight else { return false }
        let claim = session.renderClaim.compareExchange(
            expected: RenderClaim.queued, desired: RenderClaim.idle, ordering: .acquiringAndReleasing)
        guard claim.exchanged else {
            settle(session, finished: finished)
            return false
        }
        // Its entry stays in the queue; a helper that reaches it finds it no longer queued.
        session.inFlight = false
        outstanding -= 1
        return true
    }

    /// Settles every session in flight (see ``settle(_:finished:)``): before anything that may
    /// reach any session (HTTP requests, sessions created, joined or closed, shutdown).
    func settleAll(finished: (LiveSession) -> Void) {
        guard outstanding > 0 else { return }
        // What no helper has started is rendered here, newest first.
        for session in work.takeUnstarted().reversed() { settle(session, finished: finished) }
        while outstanding > 0 {
            drain(finished: finished)
            if outstanding > 0 { sched_yield() }
        }
    }

    private func handBack(_ session: LiveSession, finished: (LiveSession) -> Void) {
        session.renderClaim.store(RenderClaim.idle, ordering: .relaxed)
        session.inFlight = false
        outstanding -= 1
        finished(session)
    }
}

/// The states of ``LiveSession/renderClaim``.
enum RenderClaim {
    static let idle: UInt8 = 0
    /// In the queue: the first thread to exchange it for `rendering` (a helper) or `done` (the
    /// service thread, rendering it itself) renders it.
    static let queued: UInt8 = 1
    static let rendering: UInt8 = 2
    /// Rendered, waiting to be handed back.
    static let done: UInt8 = 3
}

/// The queue the helpers take sessions from and the list of sessions they finished.
///
/// `@unchecked Sendable`: its mutable state is read and written under its locks; the sessions
/// it passes between threads are claimed through their ``LiveSession/renderClaim`` (see
/// ``FrameRenderPool``). (`NSLock` rather than `Mutex`: `Mutex` wants its value `sending`,
/// and sessions are not `Sendable`.)
private final class RenderWork: @unchecked Sendable {
    private let queueLock = NSLock()
    private var queued: [LiveSession] = []
    private var next = 0
    private var waker: ServerWaker?
    private var stopping = false
    private let finishedLock = NSLock()
    private var finished: [LiveSession] = []
    /// Signalled once per helper for each batch queued, and at stop.
    private let available = DispatchSemaphore(value: 0)
    private let helperCount = Atomic<Int>(0)

    func register() {
        helperCount.add(1, ordering: .relaxed)
    }

    func enqueue(_ sessions: [LiveSession], waker: ServerWaker?) {
        queueLock.withLock {
            if next == queued.count {
                queued.removeAll(keepingCapacity: true)
                next = 0
            } else if next >= 1024 {
                // A helper that never quite empties its queue (an overloaded server) must not
                // keep every session it ever rendered alive in it.
                queued.removeFirst(next)
                next = 0
            }
            queued.append(contentsOf: sessions)
            self.waker = waker
        }
        for _ in 0..<helperCount.load(ordering: .relaxed) { available.signal() }
    }

    /// The next queued session, the waker to wake when it is done and the address of the
    /// session queued after it (nil if none yet), or nil when the queue is empty (helpers). The
    /// address is for the helper to prefetch: an address only, since the helper has not claimed
    /// that session and must not read it.
    func takeNext() -> (session: LiveSession, waker: ServerWaker?, upcoming: UnsafeRawPointer?)? {
        queueLock.withLock {
            guard next < queued.count else { return nil }
            defer { next += 1 }
            let upcoming = next + 1 < queued.count ? queued[next + 1].objectAddress : nil
            return (queued[next], waker, upcoming)
        }
    }

    /// Removes and returns the sessions still in the queue (service thread). Some may be
    /// claimed already by a helper that took them just before.
    func takeUnstarted() -> [LiveSession] {
        queueLock.withLock {
            let rest = Array(queued[next...])
            queued.removeAll(keepingCapacity: true)
            next = 0
            return rest
        }
    }

    func finish(_ session: LiveSession) {
        finishedLock.withLock { finished.append(session) }
    }

    func takeFinished() -> [LiveSession] {
        finishedLock.withLock {
            defer { finished.removeAll(keepingCapacity: true) }
            return finished
        }
    }

    /// Blocks until work may be queued; false once the pool is stopping (helpers).
    func waitForWork() -> Bool {
        available.wait()
        return !queueLock.withLock { stopping }
    }

    func stop() {
        queueLock.withLock { stopping = true }
        for _ in 0..<helperCount.load(ordering: .relaxed) { available.signal() }
    }
}

/// A helper thread: waits for queued sessions, renders each one it claims, and wakes the
/// service thread as they are done.
///
/// `@unchecked Sendable`: `stopped` is signalled after the thread's last access to `work`.
private final class Helper: @unchecked Sendable {
    private let stopped = DispatchSemaphore(value: 0)

    init(index: Int, work: RenderWork) {
        work.register()
        // At most 15 bytes: the name `bench` reports this thread's CPU under.
        let name = "pc-render-\(index)"
        let thread = Thread { [stopped] in
            _ = pc_set_thread_name(name)
            Self.loop(work)
            stopped.signal()
        }
        thread.name = name
        thread.stackSize = 1 << 20
        thread.start()
    }

    func waitUntilStopped() {
        stopped.wait()
    }

    private static func loop(_ work: RenderWork) {
        // This thread's own: it stays in the thread's caches from session to session.
        let scratch = FrameScratch()
        while work.waitForWork() {
            var sinceWake = 0
            var lastWaker: ServerWaker?
            while let (session, waker, upcoming) = work.takeNext() {
                lastWaker = waker
                if let upcoming { pc_prefetch(upcoming, FrameRenderPool.prefetchedSessionBytes) }
                let claim = session.renderClaim.compareExchange(
                    expected: RenderClaim.queued, desired: RenderClaim.rendering, ordering: .acquiring)
                // Claimed by the service thread already (settled), or a stale entry.
                guard claim.exchanged else { continue }
                session.renderPacedFrame(scratch: scratch)
                session.renderClaim.store(RenderClaim.done, ordering: .releasing)
                work.finish(session)
                sinceWake += 1
                if sinceWake == FrameRenderPool.sessionsPerWake {
                    sinceWake = 0
                    waker?.wake()
                }
            }
            if sinceWake > 0 { lastWaker?.wake() }
        }
    }
}
