import ComponentSupport
import Geometry
import Shapes
import Testing
import Timing

@testable import Navigation

@Suite struct AppearanceOrderTests {
    @Test func createReportsTheTopScreenAppearing() throws {
        guard var rig = NavRig() else { return }
        try rig.create(["A", "B"])
        #expect(
            rig.take() == [
                .appearance(screen: "B", call: .viewWillAppear, animated: false),
                .appearance(screen: "B", call: .viewDidAppear, animated: false),
            ])
        #expect(rig.inspect(at: 0)?.stack == ["A", "B"])
    }

    /// `poseSteadyUntil`: a stack at rest promises its pose for good; during an animated push
    /// it promises nothing; once the push ends, for good again.
    @Test func thePoseHoldsAtRestOnly() throws {
        guard var rig = NavRig() else { return }
        try rig.create(["A", "B"])
        #expect(rig.stack.controllers[0].poseSteadyUntil(at: 0.5, in: rig.timeline) == .infinity)
        try rig.apply(.push(target: "nav", screen: NavScreen(id: "C"), animated: true), at: 1)
        #expect(rig.stack.controllers[0].poseSteadyUntil(at: 1.1, in: rig.timeline) == 1.1)
        rig.advance(to: 1.5)
        #expect(rig.stack.controllers[0].poseSteadyUntil(at: 1.5, in: rig.timeline) == .infinity)
    }

    @Test func animatedPush() throws {
        guard var rig = NavRig() else { return }
        try rig.create(["A", "B"])
        _ = rig.take()
        try rig.apply(.push(target: "nav", screen: NavScreen(id: "C"), animated: true), at: 1)
        #expect(
            rig.take() == [
                .transition(kind: .push, state: .began, interactive: false),
                .appearance(screen: "B", call: .viewWillDisappear, animated: true),
                .appearance(screen: "C", call: .viewWillAppear, animated: true),
            ])
        _ = rig.inspect(at: 1.3499)
        #expect(rig.take().isEmpty)
        _ = rig.inspect(at: 1.35)
        let end = rig.takeTimed()
        #expect(
            end.map(\.payload) == [
                .appearance(screen: "B", call: .viewDidDisappear, animated: true),
                .appearance(screen: "C", call: .viewDidAppear, animated: true),
                .transition(kind: .push, state: .finished, interactive: false),
            ])
        #expect(end.allSatisfy { near($0.time, 1.35) })
    }

    @Test func pushSlidesOverWithParallaxDimmingAndTheCurve() throws {
        guard var rig = NavRig() else { return }
        try rig.create(["A"])
        try rig.apply(.push(target: "nav", screen: NavScreen(id: "B"), animated: true), at: 0)
        let w = NavRig.width
        for t in [0.0, 0.05, 0.175, 0.3] {
            let p = NavMetrics.transitionCurve.solve(t / 0.35, epsilon: 1e-7)
            let state = rig.inspect(at: t)
            #expect(near(state?.percent, p, 1e-6))
            #expect(near(state?.frontOffset, (1 - p) * w, 1e-4))
            #expect(near(state?.backOffset, -0.3 * w * p, 1e-4))
            #expect(near(state?.dimAlpha, 0.1 * p, 1e-6))
        }
    }

    @Test func animatedAndImmediatePop() throws {
        guard var rig = NavRig() else { return }
        try rig.create(["A", "B"])
        _ = rig.take()
        let ack = try rig.apply(.pop(target: "nav", animated: true), at: 1)
        #expect(ack.popped == ["B"])
        #expect(
            rig.take() == [
                .transition(kind: .pop, state: .began, interactive: false),
                .appearance(screen: "B", call: .viewWillDisappear, animated: true),
                .appearance(screen: "A", call: .viewWillAppear, animated: true),
            ])
        _ = rig.inspect(at: 1.35)
        #expect(
            rig.take() == [
                .appearance(screen: "B", call: .viewDidDisappear, animated: true),
                .appearance(screen: "A", call: .viewDidAppear, animated: true),
                .transition(kind: .pop, state: .finished, interactive: false),
            ])
        try rig.apply(.push(target: "nav", screen: NavScreen(id: "C"), animated: false), at: 2)
        _ = rig.take()
        try rig.apply(.pop(target: "nav", animated: false), at: 3)
        #expect(
            rig.take() == [
                .transition(kind: .pop, state: .began, interactive: false),
                .appearance(screen: "C", call: .viewWillDisappear, animated: false),
                .appearance(screen: "A", call: .viewWillAppear, animated: false),
                .appearance(screen: "C", call: .viewDidDisappear, animated: false),
                .appearance(screen: "A", call: .viewDidAppear, animated: false),
                .transition(kind: .pop, state: .finished, interactive: false),
            ])
    }

    @Test func popToRootSkipsTheScreensBetween() throws {
        guard var rig = NavRig() else { return }
        try rig.create(["A", "B", "C", "D"])
        _ = rig.take()
        let ack = try rig.apply(.popToRoot(target: "nav", animated: true), at: 1)
        #expect(ack.popped == ["B", "C", "D"])
        _ = rig.inspect(at: 2)
        #expect(
            rig.take() == [
                .transition(kind: .pop, state: .began, interactive: false),
                .appearance(screen: "D", call: .viewWillDisappear, animated: true),
                .appearance(screen: "A", call: .viewWillAppear, animated: true),
                .appearance(screen: "D", call: .viewDidDisappear, animated: true),
                .appearance(screen: "A", call: .viewDidAppear, animated: true),
                .transition(kind: .pop, state: .finished, interactive: false),
            ])
        // Already at the root: a no-op, as UIKit returns nil.
        #expect(try rig.apply(.popToRoot(target: "nav", animated: true), at: 3).popped == [])
        #expect(rig.take().isEmpty)
    }

    @Test func finishedAndCancelledInteractivePops() throws {
        guard var rig = NavRig() else { return }
        try rig.create(["A", "B"])
        _ = rig.take()
        rig.drag([50, 150, 250, 350], start: 0, step: 0.1)
        _ = rig.inspect(at: 5)
        let finished = rig.take().filter { if case .appearance = $0 { true } else { false } }
        #expect(
            finished == [
                .appearance(screen: "B", call: .viewWillDisappear, animated: true),
                .appearance(screen: "A", call: .viewWillAppear, animated: true),
                .appearance(screen: "B", call: .viewDidDisappear, animated: true),
                .appearance(screen: "A", call: .viewDidAppear, animated: true),
            ])
        try rig.apply(.push(target: "nav", screen: NavScreen(id: "B"), animated: false), at: 6)
        _ = rig.take()
        rig.drag([50, 62.5, 75, 87.5], start: 7, step: 0.2)
        _ = rig.inspect(at: 10)
        let cancelled = rig.take().filter { if case .appearance = $0 { true } else { false } }
        #expect(
            cancelled == [
                .appearance(screen: "B", call: .viewWillDisappear, animated: true),
                .appearance(screen: "A", call: .viewWillAppear, animated: true),
                .appearance(screen: "A", call: .viewWillDisappear, animated: true),
                .appearance(screen: "A", call: .viewDidDisappear, animated: true),
                .appearance(screen: "B", call: .viewWillAppear, animated: true),
                .appearance(screen: "B", call: .viewDidAppear, animated: true),
            ])
    }
}

@Suite struct PauseAndSamplingTests {
    @Test func pausingTheLayerFreezesParallaxAndDimming() throws {
        guard var rig = NavRig() else { return }
        try rig.create(["A"])
        try rig.apply(.push(target: "nav", screen: NavScreen(id: "B"), animated: true), at: 0)
        guard let layer = rig.stack.layer(of: "nav") else { Issue.record("no layer"); return }
        let atPause = rig.inspect(at: 0.1)
        rig.timeline.pause(layer, at: 0.1)
        for t in [0.2, 0.35, 5] {
            #expect(rig.inspect(at: t) == atPause)
        }
        #expect(!rig.take().contains(.transition(kind: .push, state: .finished, interactive: false)))
        rig.timeline.resume(layer, at: 5)
        // 0.25 s of the push were left.
        _ = rig.inspect(at: 5.2499)
        #expect(!rig.take().contains(.transition(kind: .push, state: .finished, interactive: false)))
        _ = rig.inspect(at: 5.25 + 1e-9)
        #expect(rig.take().last == .transition(kind: .push, state: .finished, interactive: false))
    }

    @Test func pausingFreezesAnInteractiveCompletion() throws {
        guard var rig = NavRig() else { return }
        try rig.create(["A", "B"])
        rig.drag(stride(from: 50.0, through: 350, by: 30).map { $0 }, start: 0, step: 0.1)
        guard let layer = rig.stack.layer(of: "nav") else { return }
        let atPause = rig.inspect(at: 1.125)
        rig.timeline.pause(layer, at: 1.125)
        #expect(near(atPause?.percent, 0.9))
        #expect(rig.inspect(at: 3) == atPause)
    }

    /// One scenario (a push, then an interactive pop released at 80 %), sampled every `step`
    /// seconds; returns the events and the inspections at fixed probe times.
    static func run(sampleEvery step: Double?) throws -> ([TimedEvent<NavEvent>], [NavInspection?])? {
        guard var rig = NavRig() else { return nil }
        try rig.create(["A"])
        try rig.apply(
            .push(target: "nav", screen: NavScreen(id: "B", prefersNavigationBarHidden: true), animated: true), at: 0.5)
        var probes: [NavInspection?] = []
        let probeTimes = [0.6, 0.7, 0.85, 2.0, 2.35, 3.1, 3.2, 3.3, 4]
        var drawn: [Shape] = []
        func sample(until end: Double) {
            guard let step else { return }
            var t = (rig.timeline.now / step).rounded(.up) * step
            while t < end {
                _ = rig.inspect(at: t)
                rig.stack.draw(at: t, timeline: rig.timeline, into: &drawn)
                drawn.removeAll(keepingCapacity: true)
                t += step
            }
        }
        var pointerTimes: [(PointerPhase, Double, Double)] = [(.down, 50, 2)]
        for (index, x) in stride(from: 80.0, through: 350, by: 30).enumerated() {
            pointerTimes.append((.move, x, 2 + Double(index + 1) * 0.1))
        }
        pointerTimes.append((.up, 350, 3))
        var probeIndex = 0
        for (phase, x, t) in pointerTimes {
            while probeIndex < probeTimes.count, probeTimes[probeIndex] <= t {
                sample(until: probeTimes[probeIndex])
                probes.append(rig.inspect(at: probeTimes[probeIndex]))
                probeIndex += 1
            }
            sample(until: t)
            rig.pointer(phase, x: x, at: t)
        }
        while probeIndex < probeTimes.count {
            sample(until: probeTimes[probeIndex])
            probes.append(rig.inspect(at: probeTimes[probeIndex]))
            probeIndex += 1
        }
        return (rig.events, probes)
    }

    @Test func resultsDoNotDependOnTheSamplingRate() throws {
        guard let reference = try PauseAndSamplingTests.run(sampleEvery: nil) else { return }
        for step in [1.0 / 60, 1.0 / 7, 0.013] {
            let other = try PauseAndSamplingTests.run(sampleEvery: step)
            #expect(other?.0 == reference.0)
            #expect(other?.1 == reference.1)
        }
        #expect(reference.0.contains { $0.payload == .transition(kind: .pop, state: .finished, interactive: true) })
    }
}
