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

/// The timeline keeps its last pass over the animations (``Timeline/animationScan``) between
/// frames; every change that can move the next natural end or stop an animation must drop it.
@Suite struct AnimationScanTests {
    /// The kept answers equal a fresh pass's.
    private func expectFresh(_ tl: Timeline, _ comment: Comment, sourceLocation: SourceLocation = #_sourceLocation) {
        let fresh = tl.scanAnimations()
        let ends = [fresh.completion?.time, tl.timers.entries.first?.due].compactMap { $0 }
        let expected = tl.outbox.isEmpty ? ends.min() : tl.now
        #expect(tl.nextEventTime() == expected, comment, sourceLocation: sourceLocation)
        #expect(tl.hasRunningAnimations(at: 0) == fresh.running, comment, sourceLocation: sourceLocation)
    }

    @Test func keptScanFollowsEveryChange() {
        var tl = Timeline()
        let parent = tl.addLayer(owner: "p")
        let layer = tl.addLayer(parent: parent, owner: "h")
        tl.setModel(.scalar(0), for: .opacity, of: layer)
        #expect(tl.drain(upTo: 0).isEmpty)
        #expect(tl.animationScan != nil, "a drain with nothing due keeps its pass")
        #expect(tl.nextEventTime() == nil && !tl.hasRunningAnimations(at: 0))

        tl.animate(.opacity, of: layer, to: .scalar(1), duration: 2, at: 0)
        expectFresh(tl, "an animation added")
        #expect(tl.nextEventTime() == 2)
        _ = tl.drain(upTo: 0.5)
        #expect(tl.nextEventTime() == 2)

        // The parent slows to half speed at 0.5: the end moves from 2 to 3.5.
        tl.setTiming(of: parent, beginTime: 0.5, speed: 0.5, timeOffset: 0.5)
        expectFresh(tl, "a parent's timing changed")
        #expect(approx(tl.nextEventTime(), 3.5))

        // Frozen: still attached, no longer running, no end.
        tl.setTiming(of: parent, beginTime: 0.5, speed: 0, timeOffset: 0.5)
        expectFresh(tl, "a parent frozen")
        #expect(tl.nextEventTime() == nil && !tl.hasRunningAnimations(at: 1))
        _ = tl.drain(upTo: 10)
        tl.setTiming(of: parent, beginTime: 10, speed: 1, timeOffset: 0.5)
        expectFresh(tl, "a parent resumed")
        #expect(approx(tl.nextEventTime(), 11.5))

        // A second animation added with an end already past reports at `now`, before the first.
        tl.setModel(.scalar(0), for: .progress, of: layer)
        tl.animate(.progress, of: layer, to: .scalar(1), duration: 0.1, at: 10)
        _ = tl.drain(upTo: 10.05)
        expectFresh(tl, "a second animation")
        let events = tl.drain(upTo: 20)
        #expect(events.count == 2, "both ends reported once")
        #expect(tl.nextEventTime() == nil && !tl.hasRunningAnimations(at: 20))

        tl.animate(.opacity, of: layer, to: .scalar(0), duration: 1, at: 20)
        tl.removeLayer(layer, at: 20.5)
        expectFresh(tl, "the layer removed")
        #expect(tl.drain(upTo: 30).count == 1, "stopped, not finished")
        expectFresh(tl, "after the stop")
        #expect(tl.nextEventTime() == nil && !tl.hasRunningAnimations(at: 30))
    }

    @Test func keptScanMatchesAFreshOneThroughARandomRun() {
        var generator = SplitMix(seed: 7)
        var tl = Timeline()
        let layers = (0..<4).map { tl.addLayer(owner: "l\($0)") }
        for layer in layers { tl.setModel(.scalar(0), for: .opacity, of: layer) }
        var time = 0.0
        for step in 0..<400 {
            time += generator.unit() * 0.2
            let layer = layers[Int(generator.next() % 4)]
            switch generator.next() % 5 {
            case 0: tl.animate(.opacity, of: layer, to: .scalar(generator.unit()), duration: generator.unit(), at: time)
            case 1: tl.setTiming(of: layer, beginTime: time, speed: Double(generator.next() % 3), timeOffset: 0)
            case 2: tl.removeAllAnimations(from: layer, at: time)
            case 3: tl.schedule(at: time + generator.unit(), tag: TimerTag(owner: "t", code: step))
            default: break
            }
            _ = tl.drain(upTo: time)
            expectFresh(tl, "step \(step)")
        }
    }
}

/// A small deterministic generator for the randomized run.
private struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }
}
