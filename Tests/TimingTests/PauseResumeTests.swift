import TestSupport
import Testing

@testable import Timing

/// The seed's scenario (001): a view moves from A to C over 1 s; the user pauses at B.
@Suite struct PauseResumeTests {
    let a = 0.0, c = 100.0

    func moving() -> (Timeline, LayerID) {
        var tl = Timeline()
        let layer = tl.addLayer(owner: "bar")
        tl.setModel(.scalar(a), for: .position, of: layer)
        tl.animate(.position, of: layer, to: .scalar(c), duration: 1, at: 0)
        return (tl, layer)
    }

    @Test func modelReadsCDuringTheAnimation() {
        let (tl, layer) = moving()
        // view.x reads the model value: already C while the animation is in flight.
        #expect(tl.modelScalar(.position, of: layer) == c)
        #expect(approx(tl.presentationScalar(.position, of: layer, at: 0.4), 40))
    }

    @Test func pausingHoldsBForever() {
        var (tl, layer) = moving()
        tl.pause(layer, at: 0.4)
        let b = 40.0
        for t in [0.4, 0.5, 1, 2, 5.4, 100] {
            #expect(approx(tl.presentationScalar(.position, of: layer, at: t), b))
        }
        #expect(tl.drain(upTo: 1000).isEmpty)  // a paused animation never finishes
    }

    @Test func resumeContinuesFromBAtRateOne() {
        var (tl, layer) = moving()
        tl.pause(layer, at: 0.4)
        tl.resume(layer, at: 5.4)
        #expect(approx(tl.presentationScalar(.position, of: layer, at: 5.4), 40))
        #expect(approx(tl.presentationScalar(.position, of: layer, at: 5.7), 70))
        let events = tl.drain(upTo: 10)
        #expect(events.count == 1)
        #expect(approx(events.first?.time, 6.0, 1e-12))
        if case let .animationStopped(stop) = events.first { #expect(stop.finished) }
        #expect(tl.presentationScalar(.position, of: layer, at: 6.5) == c)
    }

    @Test func removeAllAnimationsJumpsToC() {
        var (tl, layer) = moving()
        tl.removeAllAnimations(from: layer, at: 0.4)
        #expect(tl.presentationScalar(.position, of: layer, at: 0.4) == c)
        let events = tl.drain(upTo: 10)
        #expect(
            events == [
                .animationStopped(
                    AnimationStop(
                        id: AnimationID(rawValue: 1), layer: layer, owner: "bar", key: "position", finished: false,
                        time: 0.4))
            ])
    }

    @Test func removingOnAPausedLayerStaysAtBOnlyWhenCommitted() {
        var (tl, layer) = moving()
        tl.stopAtPresentation(layer, at: 0.4)
        #expect(approx(tl.presentationScalar(.position, of: layer, at: 0.4), 40))
        #expect(approx(tl.modelScalar(.position, of: layer), 40))
        #expect(approx(tl.presentationScalar(.position, of: layer, at: 3), 40))
    }

    @Test func rateChangeDoesNotJump() {
        var (tl, layer) = moving()
        tl.setSpeed(layer, 0.5, at: 0.4)
        #expect(approx(tl.presentationScalar(.position, of: layer, at: 0.4), 40))
        #expect(approx(tl.presentationScalar(.position, of: layer, at: 0.6), 50))
        let events = tl.drain(upTo: 10)
        #expect(approx(events.first?.time, 1.6, 1e-12))
    }

    @Test(arguments: 0..<100)
    func randomPauseResumeAndRateChangesAreContinuous(_ seed: Int) {
        var rng = SplitMix64(seed: UInt64(seed) &+ 7)
        var tl = Timeline()
        let parent = tl.addLayer(owner: "p")
        let layer = tl.addLayer(parent: parent, owner: "l")
        tl.setModel(.scalar(0), for: .progress, of: layer)
        var anim = Animation.basic(
            .progress, from: .scalar(0), to: .scalar(1000), duration: 3, timingFunction: .easeInEaseOut)
        anim.timing.repeatCount = .infinity
        anim.timing.autoreverses = true
        tl.add(anim, to: layer, at: 0)
        var t = 0.0
        for _ in 0..<20 {
            t += Double.random(in: 0.001...0.7, using: &rng)
            let target = Bool.random(using: &rng) ? parent : layer
            let before = tl.presentationScalar(.progress, of: layer, at: t)
            switch Int.random(in: 0..<3, using: &rng) {
            case 0: tl.pause(target, at: t)
            case 1: tl.resume(target, at: t)
            default: tl.setSpeed(target, Double.random(in: 0.1...4, using: &rng), at: t)
            }
            let after = tl.presentationScalar(.progress, of: layer, at: t)
            #expect(
                abs((before ?? .nan) - (after ?? .nan)) <= 1e-9, "jump at \(t): \(before ?? .nan) -> \(after ?? .nan)")
        }
    }
}
