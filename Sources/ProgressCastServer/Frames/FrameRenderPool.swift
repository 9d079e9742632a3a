import Dispatch
import Foundation
import Synchronization

/// Renders a batch of sessions' paced frames (advance to now, display list, encoding, comparison
/// with the last frame: ``LiveSession/renderPacedFrame()``) on helper threads and the service
/// thread, and hands each rendered session back to the service thread as soon as it is done, so
/// the service thread writes one session's frame while the helpers render the next.
///
/// At 1,000 live sessions the service thread saturated one core while the second stood half
/// idle: the service thread also writes every frame (`send` is a third of the server's CPU), and
/// when rendering was fork-join (both threads render the batch, then the service thread writes
/// it all) the helper waited while the service thread wrote. Now the service thread first
/// hands on whatever the helpers have finished and renders a session itself only when none is
/// waiting. ``render(_:finished:)`` still returns only when every session of the batch is
/// rendered and handed on, so no session is ever touched by two threads at once and the rest of
/// the server stays single-threaded (no op can reach a session of the batch meanwhile: ops are
/// read on the service thread, which is inside the call). Sessions are claimed one at a time
/// through an atomic counter, so a helper the scheduler is slow to run costs nothing: the
/// service thread renders whatever it has not claimed.
///
/// What rendering reads besides the session is immutable and `Sendable` (the font catalog);
/// the engine modules hold no classes or global mutable state.
final class FrameRenderPool {
    /// Batches smaller than this are rendered on the service thread alone (waking a helper
    /// costs more than it saves).
    static let minimumParallelBatch = 8

    private let helpers: [Helper]

    /// A pool with `helperThreads` threads besides the service thread (0: render serially).
    init(helperThreads: Int) {
        helpers = (0..<max(0, helperThreads)).map { Helper(index: $0) }
    }

    deinit {
        for helper in helpers { helper.stop() }
    }

    /// Threads rendering besides the service thread.
    var helperCount: Int { helpers.count }

    /// Renders every session in `sessions` (``LiveSession/renderPacedFrame()``) and calls
    /// `finished` on the calling thread for each one, in the order they finish; returns when all
    /// are done.
    func render(_ sessions: [LiveSession], finished: (LiveSession) -> Void = { _ in }) {
        guard !helpers.isEmpty, sessions.count >= Self.minimumParallelBatch else {
            for session in sessions {
                session.renderPacedFrame()
                finished(session)
            }
            return
        }
        let batch = RenderBatch(sessions)
        for helper in helpers { helper.start(batch) }
        var handedOn = 0
        while handedOn < sessions.count {
            let done = batch.takeFinished()
            for index in done { finished(sessions[index]) }
            handedOn += done.count
            guard done.isEmpty else { continue }
            if let index = batch.claimFromBack() {
                sessions[index].renderPacedFrame()
                finished(sessions[index])
                handedOn += 1
            } else if handedOn < sessions.count {
                // Everything is claimed and the helpers are still rendering their last ones.
                batch.waitForProgress()
            }
        }
        for helper in helpers { helper.waitUntilDone() }
    }
}

/// One batch: the sessions, the counters the threads claim them with, and the indices the
/// helpers have finished.
///
/// `@unchecked Sendable`: each session is claimed by exactly one thread (every claim first takes
/// one of the batch's `count` tickets; the service thread then takes indices from the back,
/// helpers from the front, so the two ranges never meet); a helper touches a session only
/// between claiming it and putting its index in `finished` under the mutex, and the service
/// thread touches a helper's session only after taking its index from there (the mutex orders
/// the memory accesses).
private final class RenderBatch: @unchecked Sendable {
    private let sessions: [LiveSession]
    private let tickets = Atomic<Int>(0)
    private let front = Atomic<Int>(0)
    private var fromBackTaken = 0
    private let finished = Mutex<[Int]>([])
    /// Signalled once per session a helper finishes.
    private let progress = DispatchSemaphore(value: 0)

    init(_ sessions: [LiveSession]) {
        self.sessions = sessions
    }

    /// The service thread's next session, from the back, if any is left unclaimed.
    func claimFromBack() -> Int? {
        guard tickets.add(1, ordering: .relaxed).oldValue < sessions.count else { return nil }
        fromBackTaken += 1
        return sessions.count - fromBackTaken
    }

    /// The sessions helpers finished since the last call (service thread).
    func takeFinished() -> [Int] {
        finished.withLock { indices in
            defer { indices.removeAll(keepingCapacity: true) }
            return indices
        }
    }

    /// Blocks until a helper finishes another session (service thread).
    func waitForProgress() {
        progress.wait()
    }

    /// Renders sessions from the front until none is left unclaimed (helpers).
    func work() {
        while tickets.add(1, ordering: .relaxed).oldValue < sessions.count {
            let index = front.add(1, ordering: .relaxed).oldValue
            sessions[index].renderPacedFrame()
            finished.withLock { $0.append(index) }
            progress.signal()
        }
    }
}

/// A helper thread: waits for a batch, works on it, signals, waits again.
///
/// `@unchecked Sendable`: `batch` is written by the service thread before `start` signals and
/// read by the helper after it wakes; `done` is signalled after the helper's last access.
private final class Helper: @unchecked Sendable {
    private let ready = DispatchSemaphore(value: 0)
    private let done = DispatchSemaphore(value: 0)
    private var batch: RenderBatch?
    private var stopping = false

    init(index: Int) {
        let thread = Thread { [self] in self.loop() }
        thread.name = "progresscast-render-\(index)"
        thread.stackSize = 1 << 20
        thread.start()
    }

    func start(_ batch: RenderBatch) {
        self.batch = batch
        ready.signal()
    }

    func waitUntilDone() {
        done.wait()
    }

    /// Lets the thread end (after any batch in progress).
    func stop() {
        stopping = true
        ready.signal()
    }

    private func loop() {
        while true {
            ready.wait()
            if stopping { return }
            batch?.work()
            batch = nil
            done.signal()
        }
    }
}
