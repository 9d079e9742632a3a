import Testing

@testable import Timing

/// Local-time rules from docs/timing-model.md, with values worked out by hand.
@Suite struct MediaTimingTests {
    /// A linear 0 -> 10 animation over 2 s starting at parent time 1, evaluated over underlying 100.
    func value(_ timing: MediaTiming, at tp: Double, cumulative: Bool = false) -> Double? {
        var t = timing
        t.duration = t.duration == 0 ? 2 : t.duration
        let anim = Animation(
            keyPath: .progress, kind: .basic(from: .scalar(0), to: .scalar(10), by: nil), timing: t,
            cumulative: cumulative)
        return anim.evaluate(.progress, parentTime: tp, underlying: .scalar(100))?.scalar
    }

    @Test(arguments: FillMode.allCases)
    func fillModesBeforeAndAfter(_ fill: FillMode) {
        let timing = MediaTiming(beginTime: 1, duration: 2, fillMode: fill)
        let before = value(timing, at: 0.5)
        let after = value(timing, at: 3.5)
        switch fill {
        case .removed: #expect(before == nil && after == nil)
        case .forwards: #expect(before == nil && after == 10)
        case .backwards: #expect(before == 0 && after == nil)
        case .both: #expect(before == 0 && after == 10)
        }
        // Inside: (tp - 1) / 2 * 10.
        #expect(approx(value(timing, at: 2.2), 6))
        // The end of the active interval is outside it (e >= A).
        #expect(value(MediaTiming(beginTime: 1, duration: 2), at: 3) == nil)
    }

    @Test func fractionalRepeatCount() {
        let timing = MediaTiming(beginTime: 0, duration: 2, repeatCount: 1.5, fillMode: .forwards)
        #expect(timing.activeDuration == 3)
        #expect(approx(value(timing, at: 2.5), 2.5))  // second cycle, 0.5 s in
        #expect(approx(value(timing, at: 3.5), 5))  // held at u = A = 3: x = 1 -> 5
    }

    @Test func repeatDurationOverridesCount() {
        let timing = MediaTiming(beginTime: 0, duration: 2, repeatCount: 10, repeatDuration: 5, fillMode: .forwards)
        #expect(timing.activeDuration == 5)
        #expect(approx(value(timing, at: 4.5), 2.5))  // third cycle at 0.5 s
        #expect(approx(value(timing, at: 9), 5))  // held at u = 5 -> x = 1
        #expect(value(MediaTiming(beginTime: 0, duration: 2, repeatDuration: 5), at: 5) == nil)
    }

    @Test func integralRepeatsEndOnTheLastValue() {
        let timing = MediaTiming(beginTime: 0, duration: 2, repeatCount: 2, fillMode: .forwards)
        #expect(approx(value(timing, at: 3), 5))
        #expect(value(timing, at: 4) == 10)
        #expect(value(timing, at: 100) == 10)
    }

    @Test func autoreverses() {
        let timing = MediaTiming(beginTime: 0, duration: 2, autoreverses: true, fillMode: .forwards)
        #expect(timing.activeDuration == 4)
        #expect(approx(value(timing, at: 1), 5))
        #expect(approx(value(timing, at: 2.5), 7.5))  // reversing: x = 2 - 0.5
        #expect(approx(value(timing, at: 3.5), 2.5))
        #expect(value(timing, at: 4) == 0)  // ends back at the start
        let twice = MediaTiming(beginTime: 0, duration: 2, repeatCount: 2, autoreverses: true, fillMode: .forwards)
        #expect(twice.activeDuration == 8)
        #expect(approx(value(twice, at: 5), 5))
        #expect(approx(value(twice, at: 7), 5))
    }

    @Test func timeOffsetStartsPartWayAndWraps() {
        let timing = MediaTiming(beginTime: 0, timeOffset: 1.5, duration: 2)
        #expect(approx(value(timing, at: 0), 7.5))
        #expect(approx(value(timing, at: 0.4), 9.5))
        #expect(approx(value(timing, at: 0.6), 0.5))  // u = 2.1 wraps to 0.1
        #expect(approx(value(timing, at: 1.9), 7))
        #expect(value(timing, at: 2) == nil)
    }

    @Test func speedScalesTheAnimationsOwnTime() {
        let timing = MediaTiming(beginTime: 1, speed: 2, duration: 2)
        #expect(approx(value(timing, at: 1.5), 5))
        #expect(timing.activeDuration == 2)
    }

    @Test func zeroDurationMeansAQuarterSecond() {
        let anim = Animation(
            keyPath: .opacity, kind: .basic(from: .scalar(0), to: .scalar(1), by: nil), timing: MediaTiming())
        #expect(approx(anim.evaluate(.opacity, parentTime: 0.125, underlying: .scalar(0))?.scalar, 0.5))
    }

    @Test func cumulativeAddsEarlierCycles() {
        let timing = MediaTiming(beginTime: 0, duration: 2, repeatCount: 3)
        #expect(approx(value(timing, at: 1, cumulative: true), 5))
        #expect(approx(value(timing, at: 3, cumulative: true), 15))
        #expect(approx(value(timing, at: 5, cumulative: true), 25))
    }

    @Test func fromToByRules() {
        func v(_ kind: Animation.Kind) -> Double? {
            Animation(keyPath: .progress, kind: kind, timing: MediaTiming(duration: 1)).evaluate(
                .progress, parentTime: 0.5, underlying: .scalar(100))?.scalar
        }
        #expect(v(.basic(from: .scalar(0), to: .scalar(10), by: .scalar(99))) == 5)
        #expect(v(.basic(from: .scalar(0), to: nil, by: .scalar(4))) == 2)
        #expect(v(.basic(from: nil, to: .scalar(10), by: .scalar(4))) == 8)
        #expect(v(.basic(from: .scalar(0), to: nil, by: nil)) == 50)
        #expect(v(.basic(from: nil, to: .scalar(0), by: nil)) == 50)
        #expect(v(.basic(from: nil, to: nil, by: .scalar(10))) == 105)
    }

    @Test func additiveAnimationsBlend() {
        var tl = Timeline()
        let layer = tl.addLayer(owner: "x")
        tl.setModel(.scalar(10), for: .progress, of: layer)
        var a = Animation.basic(.progress, from: .scalar(-4), to: .scalar(0), duration: 1)
        a.additive = true
        var b = Animation.basic(.progress, from: .scalar(2), to: .scalar(0), duration: 2)
        b.additive = true
        tl.add(a, to: layer, at: 0)
        tl.add(b, to: layer, at: 0)
        // 10 + (-4 + 4*0.5) + (2 - 2*0.25) = 9.5
        #expect(approx(tl.presentationScalar(.progress, of: layer, at: 0.5), 9.5))
    }

    @Test func keyframesWithKeyTimesAndSegmentCurves() {
        let anim = Animation(
            keyPath: .progress,
            kind: .keyframe(
                values: [.scalar(0), .scalar(10), .scalar(20)], keyTimes: [0, 0.25, 1],
                timingFunctions: [.linear, .easeIn]),
            timing: MediaTiming(duration: 4))
        #expect(approx(anim.evaluate(.progress, parentTime: 0.5, underlying: .scalar(0))?.scalar, 5))
        let local = (2.5 / 4 - 0.25) / 0.75
        let expected = 10 + 10 * referenceBezier(0.42, 0, 1, 1, at: local)
        #expect(approx(anim.evaluate(.progress, parentTime: 2.5, underlying: .scalar(0))?.scalar, expected, 1e-5))
    }

    @Test func groupsRunChildrenInGroupTime() {
        let child = Animation(
            keyPath: .opacity, kind: .basic(from: .scalar(0), to: .scalar(1), by: nil),
            timing: MediaTiming(beginTime: 1, duration: 1, fillMode: .both))
        let group = Animation(keyPath: "group", kind: .group([child]), timing: MediaTiming(beginTime: 0, duration: 3))
        #expect(group.evaluate(.opacity, parentTime: 0.5, underlying: .scalar(9))?.scalar == 0)
        #expect(approx(group.evaluate(.opacity, parentTime: 1.5, underlying: .scalar(9))?.scalar, 0.5))
        #expect(group.evaluate(.opacity, parentTime: 3.5, underlying: .scalar(9)) == nil)
        #expect(group.animatedKeys == [.opacity])
    }
}
