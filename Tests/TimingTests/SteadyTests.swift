import TestSupport
import Testing

@testable import Timing

/// `presentationSteadyUntil`: a time before which a presentation value cannot change, checked
/// against sampled values.
@Suite struct SteadyTests {
    /// A layer with `position` at 0 and, when `from` is given, an animation of it to 100 over
    /// `duration` seconds starting at media time `from` (fill `fill`).
    func layer(
        animatedFrom from: Double? = nil, duration: Double = 1, fill: FillMode = .removed
    )
        -> (Timeline, LayerID)
    {
        var tl = Timeline()
        let layer = tl.addLayer(owner: "test")
        tl.setModel(.scalar(0), for: .position, of: layer)
        if let from {
            let animation = Animation(
                keyPath: .position, kind: .basic(from: .scalar(0), to: .scalar(100), by: nil),
                timing: MediaTiming(beginTime: from, duration: duration, fillMode: fill))
            tl.add(animation, forKey: "move", to: layer, at: 0)
        }
        return (tl, layer)
    }

    @Test func withoutAnimationsAValueIsSteadyForever() {
        let (tl, layer) = self.layer()
        #expect(tl.presentationSteadyUntil(.position, of: layer, at: 3) == .infinity)
        #expect(tl.presentationSteadyUntil(.opacity, of: layer, at: 3) == .infinity)
    }

    @Test func aRunningAnimationPromisesNothing() {
        let (tl, layer) = self.layer(animatedFrom: 1)
        #expect(tl.presentationSteadyUntil(.position, of: layer, at: 1.5) == 1.5)
        // Another property of the same layer is steady.
        #expect(tl.presentationSteadyUntil(.opacity, of: layer, at: 1.5) == .infinity)
    }

    @Test func aValueIsSteadyUntilTheNextAnimationStartsAndAfterTheLastEnds() {
        for fill in FillMode.allCases {
            let (tl, layer) = self.layer(animatedFrom: 2, fill: fill)
            let until = tl.presentationSteadyUntil(.position, of: layer, at: 0.5)
            #expect(until < 2 && until > 2 - 1e-3, "\(fill)")
            // Sampled: the same value up to the promise, another one just after the start.
            let before = tl.presentationScalar(.position, of: layer, at: 0.5)
            #expect(tl.presentationScalar(.position, of: layer, at: until) == before)
            #expect(tl.presentationScalar(.position, of: layer, at: 2.25) != before)
            // After the end: the fill (or the model value) holds.
            #expect(tl.presentationSteadyUntil(.position, of: layer, at: 3.5) == .infinity, "\(fill)")
            #expect(
                tl.presentationScalar(.position, of: layer, at: 3.5)
                    == tl.presentationScalar(.position, of: layer, at: 99))
        }
    }

    /// The start is found through the layer's time map: at speed 2, local time reaches the
    /// animation's beginTime in half the media time.
    @Test func theStartFollowsTheLayersTimeScale() {
        var tl = Timeline()
        let parent = tl.addLayer(owner: "test")
        let layer = tl.addLayer(parent: parent, owner: "test")
        tl.setModel(.scalar(0), for: .position, of: layer)
        tl.setSpeed(parent, 2, at: 0)
        #expect(tl.timeScale(of: layer) == 2)
        let animation = Animation(
            keyPath: .position, kind: .basic(from: .scalar(0), to: .scalar(100), by: nil),
            timing: MediaTiming(beginTime: 4, duration: 1))
        tl.add(animation, to: layer, at: 0)
        let until = tl.presentationSteadyUntil(.position, of: layer, at: 0)
        #expect(until < 2 && until > 2 - 1e-3)
        #expect(tl.presentationScalar(.position, of: layer, at: 2.1) != 0)
    }

    @Test func aPausedLayerIsSteadyForever() {
        var (tl, layer) = self.layer(animatedFrom: 0.5)
        tl.pause(layer, at: 1)
        #expect(tl.timeScale(of: layer) == 0)
        #expect(tl.presentationSteadyUntil(.position, of: layer, at: 1.2) == .infinity)
        #expect(
            tl.presentationScalar(.position, of: layer, at: 1.2) == tl.presentationScalar(.position, of: layer, at: 50))
    }
}
