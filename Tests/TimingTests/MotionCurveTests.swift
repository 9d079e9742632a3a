import Foundation
import Testing

@testable import Timing

@Suite struct MotionCurveTests {
    @Test func decayIsClosedForm() {
        let curve = MotionCurve.decay(from: 100, velocity: 2000, rate: 0.998)
        let k = 1000 * log(0.998)
        for t in [0.0, 0.1, 0.5, 1, 3] {
            #expect(abs(curve.value(at: t) - (100 + 2000 * (pow(0.998, 1000 * t) - 1) / k)) < 1e-9)
            #expect(abs(curve.velocity(at: t) - 2000 * pow(0.998, 1000 * t)) < 1e-9)
        }
        #expect(abs(curve.limit - (100 - 2000 / k)) < 1e-9)
    }

    @Test func criticallyDampedIsClosedFormAndStartsWithItsVelocity() {
        let curve = MotionCurve.criticallyDamped(from: -80, to: 0, velocity: 300, omega: 10)
        for t in [0.0, 0.05, 0.2, 1] {
            #expect(abs(curve.value(at: t) - (-80 + (300 - 800) * t) * exp(-10 * t)) < 1e-12)
        }
        let h = 1e-7
        #expect(abs((curve.value(at: h) - curve.value(at: 0)) / h - 300) < 1e-3)
        #expect(curve.limit == 0)
    }

    @Test func aDecayCrossingIsExact() throws {
        let curve = MotionCurve.decay(from: 0, velocity: 1500, rate: 0.998)
        let t = try #require(curve.crossingTime(of: 400, direction: 1, from: 0, to: 10))
        #expect(abs(curve.value(at: t) - 400) < 1e-9)
        #expect(curve.crossingTime(of: 400, direction: -1, from: 0, to: 10) == nil)
        #expect(curve.crossingTime(of: 10_000, direction: 1, from: 0, to: 10) == nil)
        // Already past at the start of the window: no new crossing.
        #expect(curve.crossingTime(of: 400, direction: 1, from: t + 0.01, to: 10) == nil)
    }

    @Test func aSpringCrossingIsFoundOnTheRightStretch() throws {
        // From the edge outwards, then back: crosses 420 going up, then going down.
        let curve = MotionCurve.criticallyDamped(from: 400, to: 400, velocity: 900, omega: 10)
        let up = try #require(curve.crossingTime(of: 420, direction: 1, from: 0, to: 5))
        let down = try #require(curve.crossingTime(of: 420, direction: -1, from: 0, to: 5))
        #expect(up < 0.1 && down > 0.1)
        #expect(abs(curve.value(at: up) - 420) < 1e-9)
        #expect(abs(curve.value(at: down) - 420) < 1e-9)
    }

    @Test func aMotionAnimationIsEvaluatedOnTheTimelineAndFreezesWhenPaused() {
        var timeline = Timeline()
        let layer = timeline.addLayer(owner: "m")
        let key: PropertyKey = "y"
        let curve = MotionCurve.decay(from: 0, velocity: 1000, rate: 0.998)
        timeline.setModel(.scalar(curve.value(at: 2)), for: key, of: layer)
        timeline.add(Animation.motion(key, curve, duration: 2), forKey: "decay", to: layer, at: 1)
        #expect(timeline.presentationScalar(key, of: layer, at: 1.5) == curve.value(at: 0.5))
        timeline.pause(layer, at: 1.5)
        #expect(timeline.presentationScalar(key, of: layer, at: 2.5) == curve.value(at: 0.5))
        timeline.resume(layer, at: 2.5)
        #expect(abs((timeline.presentationScalar(key, of: layer, at: 3) ?? 0) - curve.value(at: 1)) < 1e-9)
        var stops: [AnimationStop] = []
        while let event = timeline.nextEvent(upTo: 10) {
            if case let .animationStopped(stop) = event { stops.append(stop) }
        }
        #expect(stops.count == 1)
        #expect(abs((stops.first?.time ?? 0) - 4) < 1e-9)
    }
}
