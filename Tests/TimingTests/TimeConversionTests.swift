import Testing

@testable import Timing

@Suite struct TimeConversionTests {
    @Test func applesConvertTimeExample() {
        // CALayer convertTime doc: speed 0.5, timeOffset 1, input 0.5 -> 1.25.
        var tl = Timeline()
        let layer = tl.addLayer(owner: "x")
        tl.setTiming(of: layer, beginTime: 0, speed: 0.5, timeOffset: 1)
        #expect(tl.convertTime(0.5, from: nil, to: layer) == 1.25)
        #expect(tl.localTime(of: layer, at: 0.5) == 1.25)
        #expect(tl.convertTime(1.25, from: layer, to: nil) == 0.5)
    }

    @Test func threeLevelTreeComposesFromTheRoot() {
        var tl = Timeline()
        let a = tl.addLayer(owner: "a")
        let b = tl.addLayer(parent: a, owner: "b")
        let c = tl.addLayer(parent: b, owner: "c")
        tl.setTiming(of: a, beginTime: 1, speed: 2, timeOffset: 0.5)
        tl.setTiming(of: b, beginTime: -3, speed: 0.25, timeOffset: 4)
        tl.setTiming(of: c, beginTime: 2, speed: 3, timeOffset: -1)
        for g in [0.0, 0.7, 2.5, 10, 123.456] {
            let ta = (g - 1) * 2 + 0.5
            let tb = (ta - -3) * 0.25 + 4
            let tc = (tb - 2) * 3 - 1
            #expect(approx(tl.localTime(of: a, at: g), ta, 1e-12))
            #expect(approx(tl.localTime(of: b, at: g), tb, 1e-12))
            #expect(approx(tl.localTime(of: c, at: g), tc, 1e-12))
            // Between any two layers, through global time.
            #expect(approx(tl.convertTime(tc, from: c, to: a), ta, 1e-9))
            #expect(approx(tl.convertTime(ta, from: a, to: c), tc, 1e-9))
            #expect(approx(tl.convertTime(tb, from: b, to: nil), g, 1e-9))
        }
    }

    @Test func convertingThroughAFrozenLayerIsUndefined() {
        var tl = Timeline()
        let a = tl.addLayer(owner: "a")
        let b = tl.addLayer(parent: a, owner: "b")
        tl.setTiming(of: a, beginTime: 0, speed: 0, timeOffset: 3)
        #expect(tl.localTime(of: b, at: 100) == 3)
        #expect(tl.convertTime(1, from: b, to: nil) == nil)
    }

    @Test func animationsRunInTheirLayersTime() {
        var tl = Timeline()
        let parent = tl.addLayer(owner: "p")
        let layer = tl.addLayer(parent: parent, owner: "l")
        tl.setTiming(of: parent, beginTime: 0, speed: 2, timeOffset: 0)
        tl.setModel(.scalar(1), for: .opacity, of: layer)
        // Added at global 1 -> local 2: beginTime stamped 2; duration 1 local = 0.5 global.
        tl.add(.basic(.opacity, from: .scalar(0), to: .scalar(1), duration: 1), forKey: "fade", to: layer, at: 1)
        #expect(tl.animations(on: layer).first?.animation.timing.beginTime == 2)
        #expect(approx(tl.presentationScalar(.opacity, of: layer, at: 1.25), 0.5))
        let events = tl.drain(upTo: 5)
        #expect(events.count == 1)
        #expect(events.first?.time == 1.5)
    }
}
