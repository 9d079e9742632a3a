import Testing

@testable import Timing

/// ``TimerQueue`` keeps its first entry's key inline; it must always be the first entry's.
@Suite struct TimerQueueTests {
    /// After every insert, removal, pop and owner-wide removal (a fixed pseudo-random mix, with
    /// ties on due times), the inline key is the sorted entries' first, and the entries stay sorted.
    @Test func firstKeyFollowsEveryChange() {
        var queue = TimerQueue()
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        var sequence = 0
        for _ in 0..<2_000 {
            switch next(10) {
            case 0..<5:
                sequence += 1
                let owner = ["a", "b", "c"][next(3)]
                queue.insert(
                    .init(
                        due: Double(next(20)) / 4, sequence: sequence, id: TimerID(rawValue: sequence),
                        tag: TimerTag(owner: owner, code: 0)))
            case 5..<7:
                if !queue.entries.isEmpty {
                    let entry = queue.entries[next(queue.entries.count)]
                    #expect(queue.remove(entry.id) == entry)
                }
            case 7..<9:
                let first = queue.entries.first
                #expect(queue.popFirst() == first)
            default:
                queue.removeAll(owner: ["a", "b", "c"][next(3)])
            }
            let expected = queue.entries.first
            #expect(queue.firstKey?.due == expected?.due && queue.firstKey?.sequence == expected?.sequence)
            #expect(queue.isEmpty == (queue.firstKey == nil))
            #expect(
                zip(queue.entries, queue.entries.dropFirst()).allSatisfy {
                    $0.due < $1.due || ($0.due == $1.due && $0.sequence < $1.sequence)
                })
        }
    }

    /// A timeline fires its timers in due order through the inline key, including one scheduled
    /// earlier than the current first, one cancelled while first, and an empty queue.
    @Test func timelineFiresThroughTheKey() {
        var timeline = Timeline()
        #expect(timeline.nextEventTime() == nil)
        let late = timeline.schedule(at: 2, tag: TimerTag(owner: "x", code: 1))
        timeline.schedule(at: 1, tag: TimerTag(owner: "x", code: 2))
        #expect(timeline.nextEventTime() == 1)
        let first = timeline.schedule(at: 0.5, tag: TimerTag(owner: "x", code: 3))
        #expect(timeline.nextEventTime() == 0.5)
        let cancelled = timeline.cancelTimer(first)
        #expect(cancelled)
        #expect(timeline.nextEventTime() == 1)
        let early = timeline.nextEvent(upTo: 0.9)
        #expect(early == nil)
        guard case .timer(_, let tag, let time)? = timeline.nextEvent(upTo: 1.5) else {
            Issue.record("the timer due at 1 did not fire")
            return
        }
        #expect(tag.code == 2 && time == 1)
        let again = timeline.nextEvent(upTo: 1.5)
        #expect(again == nil && timeline.nextEventTime() == 2)
        let cancelledLate = timeline.cancelTimer(late)
        #expect(cancelledLate)
        let none = timeline.nextEvent(upTo: 10)
        #expect(timeline.nextEventTime() == nil && none == nil)
    }
}
