import Timing
import WebSocketServer

/// Paces every live session's frames with one transport timer instead of one per session.
///
/// libwebsockets keeps its timers in one sorted linked list (insertion walks it), so a timer
/// per session per frame costs O(sessions) per frame: at 1,000 sessions x 60 fps that walk
/// dominated the server. Here the due times wait in a binary min-heap (O(log n)), and a single
/// timer wakes the service thread for the earliest; each wake handles every session due within
/// ``batchWindow``, then arms the timer for the next.
///
/// Frames of sessions with the same fps fall on a shared lattice: `epoch + (k + j/groups) / fps`
/// for whole k, with each session in one of ``groups`` phase groups j (given out in turn). So
/// at 1,000 sessions the service thread wakes `groups * fps` times a second, not 60,000, each
/// wake writing a burst of frames: libwebsockets polls every socket on each wake, so fewer
/// wakes save O(connections) work each. More groups spread the bursts (lower latency), fewer
/// save wakes.
///
/// Lives on the service thread only (owned by ``ProgressCastApp``).
final class FrameScheduler {
    /// Phase groups per frame period.
    static let groups = 4
    /// The lattice's origin (monotonic microseconds).
    let epoch = LiveClock.monotonicMicroseconds()
    private var nextGroup = 0

    /// How much sooner than 1/fps after the last frame a paced frame may come (timers fire up
    /// to a millisecond late; keeping to a grid makes up for it without bunching frames).
    static let pacingSlack: Int64 = 1_000
    /// Sessions due this soon after a wake are handled in the same wake (microseconds).
    static let batchWindow: Int64 = 250

    private struct Entry {
        var due: Int64
        var ticket: UInt64
        var session: LiveSession
    }

    /// Called on the service thread for each session whose frame is due, with the due time.
    var onDue: ((LiveSession, Int64, ServerLoop) -> Void)?

    private var heap: [Entry] = []
    private var lastTicket: UInt64 = 0
    private var timer: LoopTimer?
    private var timerDue: Int64 = .max

    /// Sessions waiting (including cancelled ones not yet dropped).
    var count: Int { heap.count }

    /// Schedules `session`'s next frame at `due` (monotonic microseconds), replacing any
    /// schedule it had.
    func schedule(_ session: LiveSession, at due: Int64, loop: ServerLoop) {
        lastTicket += 1
        session.frameDue = due
        session.frameTicket = lastTicket
        push(Entry(due: due, ticket: lastTicket, session: session))
        armTimer(loop)
    }

    /// The first lattice time of `session`'s phase group at or after `bound` (monotonic
    /// microseconds), for frames `interval` microseconds apart.
    func latticeTime(for session: LiveSession, interval: Double, atOrAfter bound: Int64) -> Int64 {
        if session.frameGroup < 0 {
            session.frameGroup = nextGroup
            nextGroup = (nextGroup + 1) % Self.groups
        }
        let phase = Double(session.frameGroup) / Double(Self.groups)
        let k = (Double(bound - epoch) / interval - phase).rounded(.up)
        return max(bound, epoch + Int64(((k + phase) * interval).rounded(.up)))
    }

    /// Forgets `session`'s pending frame (its heap entry is dropped when it comes up).
    func cancel(_ session: LiveSession) {
        session.frameDue = nil
        session.frameTicket = 0
    }

    private func armTimer(_ loop: ServerLoop) {
        guard let top = heap.first else { return }
        if timer != nil && timerDue <= top.due { return }
        if let timer { loop.cancel(timer) }
        timerDue = top.due
        let delay = top.due - LiveClock.monotonicMicroseconds()
        timer = loop.schedule(afterMicroseconds: delay) { [weak self] loop in
            self?.fire(loop)
        }
    }

    private func fire(_ loop: ServerLoop) {
        timer = nil
        timerDue = .max
        var now = LiveClock.monotonicMicroseconds()
        var handled = 0
        while let top = heap.first, top.due <= now + Self.batchWindow {
            popTop()
            let session = top.session
            guard session.frameTicket == top.ticket else { continue }
            session.frameDue = nil
            session.frameTicket = 0
            onDue?(session, top.due, loop)
            handled += 1
            if handled % 32 == 0 { now = LiveClock.monotonicMicroseconds() }
        }
        armTimer(loop)
    }

    // MARK: Binary heap ordered by (due, ticket)

    private static func precedes(_ a: Entry, _ b: Entry) -> Bool {
        a.due < b.due || (a.due == b.due && a.ticket < b.ticket)
    }

    private func push(_ entry: Entry) {
        heap.append(entry)
        var child = heap.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard Self.precedes(heap[child], heap[parent]) else { break }
            heap.swapAt(child, parent)
            child = parent
        }
    }

    private func popTop() {
        let last = heap.count - 1
        heap.swapAt(0, last)
        heap.removeLast()
        var parent = 0
        let count = heap.count
        while true {
            let left = 2 * parent + 1
            guard left < count else { break }
            var smallest = left
            if left + 1 < count && Self.precedes(heap[left + 1], heap[left]) { smallest = left + 1 }
            guard Self.precedes(heap[smallest], heap[parent]) else { break }
            heap.swapAt(smallest, parent)
            parent = smallest
        }
    }
}
