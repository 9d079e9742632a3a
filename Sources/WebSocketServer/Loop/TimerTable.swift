import CEpoll  // (its `timespec` is the one this module sees, since ReadableSockets imports it)
import CLibWebSockets

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

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
/// and again. The service loop waits out that millisecond itself (``ServerLoop/serve()``).
struct TimerTable {
    private struct Entry {
        let slot: UnsafeMutablePointer<pc_lws_timer>
        let body: (ServerLoop) -> Void
        let deadline: Int64
    }

    private var entries: [UInt64: Entry] = [:]
    private var freeSlots: [UnsafeMutablePointer<pc_lws_timer>] = []
    private var lastID: UInt64 = 0
    /// (deadline, id) of scheduled timers as a binary min-heap; entries of timers that fired or
    /// were cancelled are dropped when they reach the top.
    private var deadlines: [(deadline: Int64, id: UInt64)] = []

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
        // Taken after scheduling, so it is never earlier than libwebsockets' own deadline.
        let deadline = Self.monotonicMicroseconds() + microseconds
        entries[lastID] = Entry(slot: slot, body: body, deadline: deadline)
        if deadlines.count >= 64 && deadlines.count > 2 * entries.count {
            // Mostly cancelled timers (rescheduled expiries) that would wait long to reach the top.
            deadlines = entries.map { (deadline: $0.value.deadline, id: $0.key) }.sorted { $0.deadline < $1.deadline }
        }
        push((deadline, lastID))
        return TimerID(rawValue: lastID)
    }

    /// When the earliest pending timer is due (monotonic microseconds), or nil without timers.
    mutating func nextDeadline() -> Int64? {
        while let top = deadlines.first {
            if entries[top.id] != nil { return top.deadline }
            popTop()
        }
        return nil
    }

    /// The monotonic clock the deadlines are on, in microseconds.
    static func monotonicMicroseconds() -> Int64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Int64(now.tv_sec) * 1_000_000 + Int64(now.tv_nsec) / 1_000
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
        deadlines = []
        for slot in freeSlots {
            slot.deallocate()
        }
        freeSlots = []
    }

    private mutating func push(_ element: (deadline: Int64, id: UInt64)) {
        deadlines.append(element)
        var child = deadlines.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard deadlines[child].deadline < deadlines[parent].deadline else { break }
            deadlines.swapAt(child, parent)
            child = parent
        }
    }

    private mutating func popTop() {
        let last = deadlines.removeLast()
        guard !deadlines.isEmpty else { return }
        deadlines[0] = last
        var parent = 0
        while true {
            let left = 2 * parent + 1
            guard left < deadlines.count else { break }
            let right = left + 1
            let child = right < deadlines.count && deadlines[right].deadline < deadlines[left].deadline ? right : left
            guard deadlines[child].deadline < deadlines[parent].deadline else { break }
            deadlines.swapAt(child, parent)
            parent = child
        }
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
