import CLibWebSockets
import HeapModule

/// One-shot timers on libwebsockets' sorted-usec-list (`lws_sul`) scheduler.
///
/// Each scheduled timer owns a `pc_lws_timer` (an `lws_sorted_usec_list_t` plus its
/// owner and id) allocated at a stable address; libwebsockets links it into its
/// list until it fires or is cancelled. Slots are recycled through a free list, so a
/// steady timer rate does not allocate.
///
/// The table also knows when its earliest timer is due (``nextDeadline``): libwebsockets
/// waits in `poll`, whose timeout is in whole milliseconds, and rounds a shorter wait down to
/// zero, so the last millisecond before a timer would be spent polling every socket again
/// and again. The service loop waits out that millisecond itself and fires the timer itself
/// (``takeDue(at:)``), without a poll over every socket (`ServerLoop.serviceRound`).
struct TimerTable {
    private struct Entry {
        let slot: UnsafeMutablePointer<pc_lws_timer>
        let body: (ServerLoop) -> Void
        let deadline: Int64
    }

    /// A scheduled timer's deadline, ordered by time, then by scheduling order (as
    /// libwebsockets fires timers due at the same time).
    private struct Deadline: Comparable {
        let time: Int64
        let id: UInt64

        static func < (lhs: Deadline, rhs: Deadline) -> Bool { (lhs.time, lhs.id) < (rhs.time, rhs.id) }
    }

    private var entries: [UInt64: Entry] = [:]
    private var freeSlots: [UnsafeMutablePointer<pc_lws_timer>] = []
    private var lastID: UInt64 = 0
    /// Deadlines of scheduled timers; those of timers that fired or were cancelled are dropped
    /// when they reach the top.
    private var deadlines = Heap<Deadline>()

    /// Timers scheduled and not yet fired or cancelled.
    var count: Int { entries.count }

    /// Schedules `body` after `microseconds` (0 or more) on `context`'s service thread.
    mutating func schedule(
        context: OpaquePointer,
        owner: UnsafeMutableRawPointer,
        afterMicroseconds microseconds: Int64,
        body: @escaping (ServerLoop) -> Void
    ) -> TimerID {
        lastID += 1
        let slot = freeSlots.popLast() ?? Self.allocateSlot()
        slot.pointee.owner = owner
        slot.pointee.id = lastID
        lws_sul_schedule(context, 0, pc_lws_timer_sul(slot), timerFired, microseconds)
        // libwebsockets' clock, read after scheduling: never earlier than the timer's own deadline.
        let deadline = lws_now_usecs() + microseconds
        entries[lastID] = Entry(slot: slot, body: body, deadline: deadline)
        if deadlines.count >= 64 && deadlines.count > 2 * entries.count {
            // Mostly cancelled timers (rescheduled expiries) that would wait long to reach the top.
            deadlines = Heap(entries.map { Deadline(time: $0.value.deadline, id: $0.key) })
        }
        deadlines.insert(Deadline(time: deadline, id: lastID))
        return TimerID(rawValue: lastID)
    }

    /// When the earliest pending timer is due (`lws_now_usecs` microseconds), or nil without
    /// timers.
    mutating func nextDeadline() -> Int64? {
        while let top = deadlines.min {
            if entries[top.id] != nil { return top.time }
            deadlines.removeMin()
        }
        return nil
    }

    /// Takes the earliest timer out if it is due at `now` (`lws_now_usecs` microseconds):
    /// unlinks it from libwebsockets' list and returns its body, for the service loop to run
    /// without a poll round (``ServerLoop`` fires due timers itself while parked). Nil when
    /// nothing is due.
    mutating func takeDue(at now: Int64) -> ((ServerLoop) -> Void)? {
        while let top = deadlines.min, top.time <= now {
            deadlines.removeMin()
            guard let entry = entries.removeValue(forKey: top.id) else { continue }
            lws_sul_cancel(pc_lws_timer_sul(entry.slot))
            freeSlots.append(entry.slot)
            return entry.body
        }
        return nil
    }

    /// Removes a timer that libwebsockets has just fired (it is already unlinked) and
    /// returns its body; nil if it was cancelled meanwhile.
    mutating func takeFired(id: UInt64) -> ((ServerLoop) -> Void)? {
        guard let entry = entries.removeValue(forKey: id) else { return nil }
        freeSlots.append(entry.slot)
        return entry.body
    }

    /// Cancels a pending timer; false if it already fired or was cancelled.
    mutating func cancel(_ timer: TimerID) -> Bool {
        guard let entry = entries.removeValue(forKey: timer.rawValue) else { return false }
        lws_sul_cancel(pc_lws_timer_sul(entry.slot))
        freeSlots.append(entry.slot)
        return true
    }

    /// Cancels every timer and frees every slot (before the context is destroyed).
    mutating func removeAll() {
        for entry in entries.values {
            lws_sul_cancel(pc_lws_timer_sul(entry.slot))
            entry.slot.deallocate()
        }
        entries = [:]
        deadlines = Heap()
        for slot in freeSlots {
            slot.deallocate()
        }
        freeSlots = []
    }

    private static func allocateSlot() -> UnsafeMutablePointer<pc_lws_timer> {
        let slot = UnsafeMutablePointer<pc_lws_timer>.allocate(capacity: 1)
        slot.initialize(to: pc_lws_timer())
        return slot
    }
}

/// libwebsockets' timer callback (C convention, on the service thread): finds the
/// owning ``ServerLoop`` through the slot and runs the timer's body.
private func timerFired(_ sul: UnsafeMutablePointer<lws_sorted_usec_list_t>?) {
    guard let sul, let timer = pc_lws_timer_from_sul(sul), let owner = timer.pointee.owner else { return }
    let loop = Unmanaged<ServerLoop>.fromOpaque(owner).takeUnretainedValue()
    loop.timerFired(id: timer.pointee.id)
}
