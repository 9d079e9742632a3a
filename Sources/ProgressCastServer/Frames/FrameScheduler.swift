import HeapModule
import Timing
import WebSocketServer

/// Paces every live session's frames with one transport timer instead of one per session.
///
/// libwebsockets keeps its timers in one sorted linked list (insertion walks it), so a timer
/// per session per frame costs O(sessions) per frame: at 1,000 sessions x 60 fps that walk
/// dominated the server. Here sessions wait in buckets by due time (a dictionary, with the
/// distinct due times in a min-heap), and a single timer wakes the service thread for
/// the earliest; each wake handles every session due within ``batchWindow``, in due order and,
/// within one due time, in the order they were scheduled, then arms the timer for the next.
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
        var ticket: UInt64
        var session: LiveSession
    }

    /// Called on the service thread, once per wake, with every session whose frame is due
    /// (in due order, then scheduling order) and its due time.
    var onDue: (([(session: LiveSession, due: Int64)], ServerLoop) -> Void)?

    /// The bucket (a position in ``slots``) of each pending due time; sessions of one lattice
    /// group share one.
    private var buckets: [Int64: Int] = [:]
    /// Buckets' sessions in scheduling order. An emptied bucket keeps its storage for the next
    /// due time (``freeSlots``), so scheduling a frame allocates nothing: a new array per due
    /// time, grown session by session, was about one allocation in two frames.
    private var slots: [[Entry]] = []
    private var freeSlots: [Int] = []
    /// The sessions handed to ``onDue``, kept between wakes for the same reason.
    private var batch: [(session: LiveSession, due: Int64)] = []
    /// The distinct due times of ``buckets``.
    private var dueTimes = Heap<Int64>()
    private var lastTicket: UInt64 = 0
    private var timer: LoopTimer?
    private var timerDue: Int64 = .max

    /// Schedules `session`'s next frame at `due` (monotonic microseconds), replacing any
    /// schedule it had.
    func schedule(_ session: LiveSession, at due: Int64, loop: ServerLoop) {
        lastTicket += 1
        session.frameDue = due
        session.frameTicket = lastTicket
        let entry = Entry(ticket: lastTicket, session: session)
        if let slot = buckets[due] {
            slots[slot].append(entry)
        } else {
            let slot = freeSlots.popLast() ?? newSlot()
            slots[slot].append(entry)
            buckets[due] = slot
            dueTimes.insert(due)
        }
        armTimer(loop)
    }

    private func newSlot() -> Int {
        slots.append([])
        return slots.count - 1
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
        session.deferredLatticeTime = nil
    }

    private func armTimer(_ loop: ServerLoop) {
        guard let top = dueTimes.min else { return }
        if timer != nil && timerDue <= top { return }
        if let timer { loop.cancel(timer) }
        timerDue = top
        let delay = top - LiveClock.monotonicMicroseconds()
        timer = loop.schedule(afterMicroseconds: delay) { [weak self] loop in
            self?.fire(loop)
        }
    }

    private func fire(_ loop: ServerLoop) {
        timer = nil
        timerDue = .max
        while let due = dueTimes.min, due <= LiveClock.monotonicMicroseconds() + Self.batchWindow {
            dueTimes.removeMin()
            guard let slot = buckets.removeValue(forKey: due) else { continue }
            for entry in slots[slot] {
                let session = entry.session
                guard session.frameTicket == entry.ticket else { continue }
                session.frameDue = nil
                session.frameTicket = 0
                batch.append((session, due))
            }
            slots[slot].removeAll(keepingCapacity: true)
            freeSlots.append(slot)
        }
        if !batch.isEmpty { onDue?(batch, loop) }
        // Empty again (storage kept) for the next wake, and the sessions released now.
        batch.removeAll(keepingCapacity: true)
        armTimer(loop)
    }
}
