import ComponentSupport
import Foundation
import Geometry
import TestSupport
import Testing
import Timing

@testable import ScrollView

@Suite struct MotionTests {
    /// A flick up the content at 1500 pt/s (the finger moves 150 pt in the last 0.1 s).
    func flick(
        _ rig: inout ScrollRig, by distance: Double = -300, start: Double = 0
    ) -> (release: Double, x0: Double, v0: Double) {
        let release = rig.drag(by: distance, start: start)
        let x0 = rig.scroll.modelOffset(timeline: rig.timeline).y
        guard case let .decay(from, v0, _)? = rig.scroll.motion[1].first?.curve else { return (release, x0, 0) }
        return (release, from, v0)
    }

    @Test func theReleaseVelocityIsTheRecognisersOppositeAndTheDecelerationIsClosedForm() {
        var rig = ScrollRig(contentHeight: 10_000)
        let (release, x0, v0) = flick(&rig)
        #expect(x0 == 300)
        #expect(close(v0, 1500, 1e-6))
        for dt in [0.0, 0.05, 0.25, 0.5, 1, 2, 3] {
            #expect(close(rig.offset(at: release + dt).y, decay(x0, v0, 0.998, dt), 1e-9))
        }
        let v = rig.scroll.velocity(at: release + 0.5, timeline: rig.timeline).y
        #expect(close(v, v0 * pow(0.998, 500), 1e-9))
    }

    @Test func theFastRateStopsSooner() {
        var rig = ScrollRig(contentHeight: 10_000, rate: .fast)
        let (release, x0, v0) = flick(&rig)
        #expect(close(rig.offset(at: release + 0.1).y, decay(x0, v0, 0.99, 0.1), 1e-9))
        let stop = ScrollPhysics.decayDuration(velocity: v0, rate: 0.99)
        _ = rig.offset(at: release + stop + 0.001)
        #expect(rig.scroll.phase == .idle)
        // Stopping never jumps: the rest is the curve's value at the stop.
        #expect(close(rig.scroll.modelOffset(timeline: rig.timeline).y, decay(x0, v0, 0.99, stop), 1e-9))
        // What was left to travel is under the documented 0.25 pt.
        #expect(abs(x0 + v0 / (1000 * -log(0.99)) - decay(x0, v0, 0.99, stop)) <= 0.25 + 1e-9)
    }

    @Test func aBounceFromPastTheTopNeverOvershootsAndSettles() {
        var rig = ScrollRig()
        // Held still 0.2 s: released with no velocity.
        let release = rig.drag(by: 250, hold: 0.2)
        let start = rig.offset(at: release).y
        #expect(close(start, -band(250, 600)))
        var previous = start
        var t = release
        while t < release + 3 {
            t += 0.001
            let y = rig.offset(at: t).y
            #expect(y <= 0)
            #expect(y >= previous)
            previous = y
        }
        #expect(rig.scroll.phase == .idle)
        #expect(rig.offset(at: t).y == 0)
        // The critically damped closed form, omega = 10.
        var probe = ScrollRig()
        let r = probe.drag(by: 250, hold: 0.2)
        let d = start
        #expect(close(probe.offset(at: r + 0.1).y, (d + 10 * d * 0.1) * exp(-1.0), 1e-9))
    }

    @Test func aFastFlickTowardsTheEdgeIsClampedAndStillNeverCrossesIt() {
        var rig = ScrollRig()
        // Pulled 300 pt down, then the finger snaps back up 200 pt in 0.05 s: towards the edge.
        rig.pointer(.down, y: 100, at: 0)
        rig.pointer(.move, y: 400, at: 0.2)
        rig.pointer(.move, y: 400, at: 0.35)
        rig.pointer(.move, y: 200, at: 0.4)
        rig.pointer(.up, y: 200, at: 0.4)
        var t = 0.4
        while t < 3 {
            t += 0.0005
            #expect(rig.offset(at: t).y <= 0)
        }
        #expect(rig.offset(at: 3).y == 0)
    }

    @Test func aDecelerationThatMeetsTheBottomBouncesFromThatExactInstant() throws {
        var rig = ScrollRig(contentHeight: 1000)
        // Content 1000, view 600: the bottom edge is 400. Flick at 1500 pt/s from 300.
        let (release, x0, v0) = flick(&rig)
        let k = 1000 * log(0.998)
        let crossing = log(1 + (400 - x0) * k / v0) / k
        let segments = rig.scroll.motion[1]
        #expect(segments.count == 2)
        #expect(close(segments[1].begin - segments[0].begin, crossing, 1e-12))
        #expect(close(rig.offset(at: release + crossing).y, 400, 1e-9))
        var peak = 400.0
        var t = release + crossing
        var sawPeak = false
        while t < release + 4 {
            t += 0.001
            let y = rig.offset(at: t).y
            #expect(y >= 400 - 1e-9)
            if y < peak { sawPeak = true } else { #expect(!sawPeak) }
            peak = max(peak, y)
        }
        #expect(peak > 400)
        #expect(rig.offset(at: t).y == 400)
    }

    @Test func samplingAtAnyRateGivesIdenticalValues() {
        func run(samples: [Double]) -> [Double: Double] {
            var rig = ScrollRig(contentHeight: 1200)
            var values: [Double: Double] = [:]
            _ = flick(&rig)
            for t in samples.sorted() { values[t] = rig.offset(at: t).y }
            return values
        }
        let common: [Double] = [0.25, 0.5, 1, 1.5, 2, 3]
        var random = SplitMix64(seed: 7)
        let a = run(samples: (0..<240).map { Double($0) / 60 } + common)
        let b = run(samples: (0..<28).map { Double($0) / 7 } + common)
        let c = run(samples: (0..<50).map { _ in 0.2 + random.unit() * 3.5 } + common)
        let none = run(samples: common)
        for t in common {
            #expect(a[t] == none[t])
            #expect(b[t] == none[t])
            #expect(c[t] == none[t])
        }
    }

    @Test func pausingTheLayerMidBounceFreezesThePresentationOffset() {
        var rig = ScrollRig()
        let release = rig.drag(by: 250, hold: 0.2)
        let pauseAt = release + 0.08
        let frozen = rig.offset(at: pauseAt).y
        rig.timeline.pause(rig.scroll.layer, at: pauseAt)
        #expect(rig.offset(at: pauseAt + 0.5).y == frozen)
        #expect(rig.offset(at: pauseAt + 5).y == frozen)
        #expect(rig.scroll.phase == .decelerating)
        rig.timeline.resume(rig.scroll.layer, at: pauseAt + 5)
        #expect(
            close(rig.offset(at: pauseAt + 5.05).y, rig.scroll.offset(at: pauseAt + 5.05, timeline: rig.timeline).y))
        var probe = ScrollRig()
        let r = probe.drag(by: 250, hold: 0.2)
        #expect(close(rig.offset(at: pauseAt + 5.05).y, probe.offset(at: r + 0.13).y, 1e-9))
        _ = rig.offset(at: pauseAt + 10)
        #expect(rig.scroll.phase == .idle)
    }

    @Test func animatedSetContentOffsetIsUIKitsEaseInEaseOut() {
        var rig = ScrollRig()
        _ = rig.scroll.setContentOffset(Point(x: 0, y: 600), duration: 0.3, at: 1, timeline: &rig.timeline)
        #expect(rig.scroll.modelOffset(timeline: rig.timeline).y == 600)
        #expect(close(rig.offset(at: 1.15).y, 600 * TimingFunction.easeInEaseOut.solve(0.5, epsilon: 1 / 60.0), 1e-9))
        #expect(close(rig.offset(at: 1.075).y, 600 * TimingFunction.easeInEaseOut.solve(0.25, epsilon: 1 / 60.0), 1e-9))
        #expect(rig.offset(at: 1.3).y == 600)
        // A UIView-style animation reports the model to observers at once.
        _ = rig.scroll.setContentOffset(Point(x: 0, y: 0), duration: 0.3, at: 2, timeline: &rig.timeline)
        #expect(rig.scroll.observedOffset(at: 2.1, timeline: rig.timeline).y == 0)
        #expect(rig.scroll.offset(at: 2.1, timeline: rig.timeline).y > 0)
    }

    @Test func anInsetChangeAtRestAnimatesTheOffsetIntoRange() {
        var rig = ScrollRig(inset: ScrollInsets(top: 54))
        #expect(rig.offset(at: 0).y == -54)
        _ = rig.scroll.setInset(.zero, duration: 0.4, at: 1, timeline: &rig.timeline)
        #expect(rig.scroll.modelOffset(timeline: rig.timeline).y == 0)
        #expect(
            close(rig.offset(at: 1.2).y, -54 + 54 * TimingFunction.easeInEaseOut.solve(0.5, epsilon: 1 / 80.0), 1e-9))
        #expect(
            close(
                rig.scroll.presentationInset(at: 1.2, timeline: rig.timeline).top,
                54 - 54 * TimingFunction.easeInEaseOut.solve(0.5, epsilon: 1 / 80.0), 1e-9))
        #expect(rig.offset(at: 1.4).y == 0)
    }

    @Test func anInsetChangeDuringADecelerationContinuesFromThePresentation() {
        var rig = ScrollRig(contentHeight: 10_000)
        let (release, _, _) = flick(&rig)
        let t = release + 0.3
        let before = rig.offset(at: t)
        let velocity = rig.scroll.velocity(at: t, timeline: rig.timeline)
        _ = rig.scroll.setInset(ScrollInsets(top: 20), duration: 0.25, at: t, timeline: &rig.timeline)
        #expect(rig.offset(at: t) == before)
        #expect(close(rig.scroll.velocity(at: t, timeline: rig.timeline).y, velocity.y, 1e-9))
    }
}
