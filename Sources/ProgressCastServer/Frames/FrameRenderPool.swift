import Dispatch
import Foundation
import Synchronization

/// Renders a batch of sessions' paced frames (advance to now, display list, encoding, comparison
/// with the last frame: ``LiveSession/renderPacedFrame()``) on the service thread and helper
/// threads at once.
///
/// At 1,000 live sessions the service thread saturated one core while the second stood half
/// idle; rendering is most of a frame's work that does not touch libwebsockets, and the
/// sessions of one lattice burst are independent of each other, so it splits cleanly. It is
/// fork-join: ``render(_:)`` returns only when every session of the batch is rendered, so no
/// session is ever touched by two threads at once and the rest of the server stays
/// single-threaded (the service thread does nothing else meanwhile). Sessions are claimed one at
/// a time through an atomic cursor, so a helper the scheduler is slow to run costs nothing: the
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

    /// Renders every session in `sessions` (``LiveSession/renderPacedFrame()``); returns when
    /// all are done.
    func render(_ sessions: [LiveSession]) {
        guard !helpers.isEmpty, sessions.count >= Self.minimumParallelBatch else {
            for session in sessions { session.renderPacedFrame() }
            return
        }
        let batch = RenderBatch(sessions)
        for helper in helpers { helper.start(batch) }
        batch.work(fromBack: true)
        for helper in helpers { helper.waitUntilDone() }
    }
}

/// One fork-join batch: the sessions and the counters the threads claim them with.
///
/// `@unchecked Sendable`: each session is claimed by exactly one thread (every claim first takes
/// one of the batch's `count` tickets; the service thread then takes indices from the back,
/// helpers from the front, so the two ranges never meet), and the service thread reads no
/// session of the batch until every helper has signalled that it finished (the semaphores
/// order the memory accesses).
private final class RenderBatch: @unchecked Sendable {
    private let sessions: [LiveSession]
    private let tickets = Atomic<Int>(0)
    private let front = Atomic<Int>(0)

    init(_ sessions: [LiveSession]) {
        self.sessions = sessions
    }

    /// Renders sessions until none is left unclaimed: from the back (the service thread, the
    /// only caller that passes true) or from the front (helpers).
    func work(fromBack: Bool) {
        var fromBackTaken = 0
        while tickets.add(1, ordering: .relaxed).oldValue < sessions.count {
            let index: Int
            if fromBack {
                index = sessions.count - 1 - fromBackTaken
                fromBackTaken += 1
            } else {
                index = front.add(1, ordering: .relaxed).oldValue
            }
            sessions[index].renderPacedFrame()
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
            batch?.work(fromBack: false)
            batch = nil
            done.signal()
        }
    }
}
