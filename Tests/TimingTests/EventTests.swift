import Testing

@testable import Timing

@Suite struct EventTests {
    @Test func timersFireInDueThenInsertionOrderBetweenSamples() {
        var tl = Timeline()
        tl.schedule(at: 0.5, tag: TimerTag(owner: "a", code: 1))
        tl.schedule(at: 0.2, tag: TimerTag(owner: "b", code: 2))
        tl.schedule(at: 0.5, tag: TimerTag(owner: "c", code: 3))
        let cancelled = tl.schedule(at: 0.3, tag: TimerTag(owner: "d", code: 4))
        let wasPending = tl.cancelTimer(cancelled)
        #expect(wasPending)
        // One sample at 1.0 sees all three, in order, at their exact times.
        let fired = tl.drain(upTo: 1.0).compactMap { e -> (String, Double)? in
            if case let .timer(_, tag, time) = e { return (tag.owner, time) }
            return nil
        }
        #expect(fired.map(\.0) == ["b", "a", "c"])
        #expect(fired.map(\.1) == [0.2, 0.5, 0.5])
    }

    @Test func nothingLaterThanTheSampleFires() {
        var tl = Timeline()
        tl.schedule(at: 0.5, tag: TimerTag(owner: "a", code: 1))
        #expect(tl.drain(upTo: 0.499999).isEmpty)
        #expect(tl.drain(upTo: 0.5).count == 1)
    }

    @Test func completionsReportFinishedAndReplaced() {
        var tl = Timeline()
        let layer = tl.addLayer(owner: "h")
        tl.setModel(.scalar(0), for: .opacity, of: layer)
        let first = tl.animate(.opacity, of: layer, to: .scalar(1), duration: 0.3, at: 0)
        // Replaced at 0.1 (begin from current state: 1/3).
        let second = tl.animate(.opacity, of: layer, to: .scalar(0), duration: 0.3, at: 0.1)
        #expect(approx(tl.presentationScalar(.opacity, of: layer, at: 0.1), 1.0 / 3))
        let events = tl.drain(upTo: 1)
        #expect(events.count == 2)
        guard case let .animationStopped(a) = events[0], case let .animationStopped(b) = events[1] else {
            Issue.record("expected two stops")
            return
        }
        #expect(a.id == first && a.finished == false && a.time == 0.1)
        #expect(b.id == second && b.finished == true && approx(b.time, 0.4, 1e-12))
    }

    @Test func timerAndCompletionAtTheSameInstantFollowInsertionOrder() {
        var tl = Timeline()
        let layer = tl.addLayer(owner: "h")
        tl.setModel(.scalar(0), for: .opacity, of: layer)
        tl.schedule(at: 0.5, tag: TimerTag(owner: "t", code: 0))
        tl.animate(.opacity, of: layer, to: .scalar(1), duration: 0.5, at: 0)
        let events = tl.drain(upTo: 1)
        #expect(events.count == 2)
        if case .timer = events[0] {} else { Issue.record("timer was added first") }
    }

    @Test func keptAnimationsReportOnceAndHoldTheirFill() {
        var tl = Timeline()
        let layer = tl.addLayer(owner: "h")
        tl.setModel(.scalar(5), for: .progress, of: layer)
        var anim = Animation.basic(.progress, from: .scalar(0), to: .scalar(1), duration: 1)
        anim.removedOnCompletion = false
        anim.timing.fillMode = .forwards
        tl.add(anim, forKey: "k", to: layer, at: 0)
        #expect(tl.drain(upTo: 5).count == 1)
        #expect(tl.drain(upTo: 10).isEmpty)
        #expect(tl.presentationScalar(.progress, of: layer, at: 7) == 1)
        #expect(tl.hasAnimation(forKey: "k", on: layer))
    }
}
