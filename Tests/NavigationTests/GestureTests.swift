import ComponentSupport
import Geometry
import Testing
import Timing

@testable import Navigation

@Suite struct GestureRefusalTests {
    /// A drag of 30 pt to the right in 3 moves starting at `x`; returns the events.
    static func rightDrag(_ rig: inout NavRig, from x: Double, start: Double = 1) -> [NavEvent] {
        _ = rig.take()
        rig.drag([x, x + 10, x + 20, x + 30], start: start, step: 0.05)
        return rig.take()
    }

    /// Nothing moved: same stack, no transition, no offset, no dimming.
    static func expectStill(_ rig: inout NavRig, stack: [String], at time: Double) {
        let state = rig.inspect(at: time)
        #expect(state?.stack == stack)
        #expect(state?.transitioning == nil)
        #expect(state?.percent == 0)
        #expect(state?.frontOffset == 0)
        #expect(state?.dimAlpha == 0)
    }

    @Test func rootRefuses() throws {
        guard var rig = NavRig() else { return }
        try rig.create(["A"])
        #expect(GestureRefusalTests.rightDrag(&rig, from: 100) == [.gestureRefused(reason: .root)])
        GestureRefusalTests.expectStill(&rig, stack: ["A"], at: 2)
    }

    @Test func theSameDragOnTheSecondScreenBegins() throws {
        guard var rig = NavRig() else { return }
        try rig.create(["A", "B"])
        let events = GestureRefusalTests.rightDrag(&rig, from: 100)
        #expect(
            same(
                Array(events.prefix(5)),
                [
                    .gesture(state: .began, percent: 10 / 375, velocity: 200),
                    .transition(kind: .pop, state: .began, interactive: true),
                    .appearance(screen: "B", call: .viewWillDisappear, animated: true),
                    .appearance(screen: "A", call: .viewWillAppear, animated: true),
                    .gesture(state: .changed, percent: 20 / 375, velocity: 200),
                ]))
    }

    @Test func disabledRefuses() throws {
        guard var rig = NavRig() else { return }
        try rig.apply(
            .create(
                NavCreate(
                    target: "nav", screens: [NavScreen(id: "A"), NavScreen(id: "B", interactivePopDisabled: true)])),
            at: 0)
        #expect(GestureRefusalTests.rightDrag(&rig, from: 100) == [.gestureRefused(reason: .disabled)])
        GestureRefusalTests.expectStill(&rig, stack: ["A", "B"], at: 2)
    }

    @Test func distanceIsMeasuredWhereThePanBegins() throws {
        guard var rig = NavRig() else { return }
        let b = NavScreen(id: "B", interactivePopMaxAllowedInitialDistanceToLeftEdge: 40)
        try rig.apply(.create(NavCreate(target: "nav", screens: [NavScreen(id: "A"), b])), at: 0)
        // Down at 32 (within 40) but the pan begins after the 10 pt slop, at 42: refused.
        #expect(GestureRefusalTests.rightDrag(&rig, from: 32) == [.gestureRefused(reason: .distance)])
        GestureRefusalTests.expectStill(&rig, stack: ["A", "B"], at: 2)
        // Down at 30: begins at 40, not beyond the limit.
        let events = GestureRefusalTests.rightDrag(&rig, from: 30, start: 3)
        #expect(same(Array(events.prefix(1)), [.gesture(state: .began, percent: 10 / 375, velocity: 200)]))
    }

    @Test func transitioningRefusesAndThePushRunsOn() throws {
        guard var rig = NavRig(), var baseline = NavRig() else { return }
        try rig.create(["A"])
        try baseline.create(["A"])
        try rig.apply(.push(target: "nav", screen: NavScreen(id: "B"), animated: true), at: 1)
        try baseline.apply(.push(target: "nav", screen: NavScreen(id: "B"), animated: true), at: 1)
        _ = rig.take()
        rig.drag([100, 110, 120], start: 1.05, step: 0.05)
        #expect(rig.take() == [.gestureRefused(reason: .transitioning)])
        for t in [1.2, 1.3, 1.4] {
            #expect(rig.inspect(at: t) == baseline.inspect(at: t))
        }
    }

    @Test func directionRefusesLeftwardAndVerticalStarts() throws {
        guard var rig = NavRig() else { return }
        try rig.create(["A", "B"])
        _ = rig.take()
        rig.drag([100, 90, 80], start: 1, step: 0.05)
        #expect(rig.take() == [.gestureRefused(reason: .direction)])
        rig.pointer(.down, x: 100, y: 300, at: 2)
        rig.pointer(.move, x: 100, y: 315, at: 2.05)
        rig.pointer(.move, x: 150, y: 315, at: 2.1)
        rig.pointer(.up, x: 150, y: 315, at: 2.15)
        #expect(rig.take() == [.gestureRefused(reason: .direction)])
        GestureRefusalTests.expectStill(&rig, stack: ["A", "B"], at: 3)
    }

    @Test func rulesAreCheckedInFDsOrder() throws {
        guard var rig = NavRig() else { return }
        // Disabled and beyond the distance and leftward: "disabled" wins over the later rules.
        let b = NavScreen(id: "B", interactivePopDisabled: true, interactivePopMaxAllowedInitialDistanceToLeftEdge: 5)
        try rig.apply(.create(NavCreate(target: "nav", screens: [NavScreen(id: "A"), b])), at: 0)
        _ = rig.take()
        rig.drag([100, 80], start: 1, step: 0.05)
        #expect(rig.take() == [.gestureRefused(reason: .disabled)])
        try rig.apply(
            .update(target: "nav", screen: "B", changes: NavScreenUpdate(interactivePopDisabled: false)), at: 2)
        rig.drag([100, 80], start: 2, step: 0.05)
        #expect(rig.take() == [.gestureRefused(reason: .distance)])
    }
}

@Suite struct InteractivePopTests {
    let width = NavRig.width

    @Test func percentFollowsTranslationOverWidth() throws {
        guard var rig = NavRig() else { return }
        try rig.create(["A", "B"])
        rig.pointer(.down, x: 50, at: 1)
        for (index, x) in [65.0, 100, 180, 260].enumerated() {
            let t = 1 + Double(index + 1) * 0.1
            rig.pointer(.move, x: x, at: t)
            let expected = (x - 50) / width
            #expect(near(rig.inspect(at: t)?.percent, expected))
            // Between pointer events nothing moves.
            #expect(near(rig.inspect(at: t + 0.05)?.percent, expected))
            #expect(near(rig.inspect(at: t)?.frontOffset, expected * width))
            #expect(near(rig.inspect(at: t)?.backOffset, -0.3 * width * (1 - expected)))
            #expect(near(rig.inspect(at: t)?.dimAlpha, 0.1 * (1 - expected)))
        }
        // A move back past the start clamps at 0; far past the width clamps below 1.
        rig.pointer(.move, x: 20, at: 1.6)
        #expect(rig.inspect(at: 1.6)?.percent == 0)
        rig.pointer(.move, x: 1000, at: 1.7)
        #expect(rig.inspect(at: 1.7)?.percent == NavMetrics.maximumPercent)
    }

    @Test func slowDragTo80PercentPops() throws {
        guard var rig = NavRig() else { return }
        try rig.create(["A", "B"])
        _ = rig.take()
        // 30 pt every 0.1 s from 50 to 350: p = 0.8, v = 0.8/s, a = 0.
        rig.drag(stride(from: 50.0, through: 350, by: 30).map { $0 }, start: 0, step: 0.1)
        // s = max(0.2, 0.35*0.8) = 0.28: the rest lasts 0.2*0.35/0.28 = 0.25 s.
        #expect(near(rig.inspect(at: 1.125)?.percent, 0.9))
        let end = rig.takeTimed().filter { if case .transition = $0.payload { true } else { false } }
        #expect(end.count == 1)
        _ = rig.inspect(at: 1.2499)
        #expect(rig.take().isEmpty)
        _ = rig.inspect(at: 1.25)
        let finished = rig.takeTimed()
        #expect(
            finished.map(\.payload) == [
                .appearance(screen: "B", call: .viewDidDisappear, animated: true),
                .appearance(screen: "A", call: .viewDidAppear, animated: true),
                .transition(kind: .pop, state: .finished, interactive: true),
            ])
        #expect(finished.allSatisfy { near($0.time, 1.25, 1e-9) })
        #expect(rig.inspect(at: 1.3)?.stack == ["A"])
    }

    @Test func slowDragTo10PercentCancels() throws {
        guard var rig = NavRig() else { return }
        try rig.create(["A", "B"])
        _ = rig.take()
        // 12.5 pt every 0.1 s to 37.5 pt: p = 0.1, v = 1/3 per s: 0.1 + 0.35/3 < 0.5: cancel.
        rig.drag([50, 62.5, 75, 87.5], start: 0, step: 0.1)
        // s = max(0.1, 0.35/3): 0.1*0.35/(0.35/3) = 0.3 s, back to 0 at 0.6.
        #expect(near(rig.inspect(at: 0.45)?.percent, 0.05))
        _ = rig.take()
        _ = rig.inspect(at: 0.5999)
        #expect(rig.take().isEmpty)
        _ = rig.inspect(at: 0.6 + 1e-9)
        #expect(
            rig.take() == [
                .appearance(screen: "A", call: .viewWillDisappear, animated: true),
                .appearance(screen: "A", call: .viewDidDisappear, animated: true),
                .appearance(screen: "B", call: .viewWillAppear, animated: true),
                .appearance(screen: "B", call: .viewDidAppear, animated: true),
                .transition(kind: .pop, state: .cancelled, interactive: true),
            ])
        let state = rig.inspect(at: 0.7)
        #expect(state?.stack == ["A", "B"])
        #expect(state?.transitioning == nil)
        #expect(state?.frontOffset == 0)
    }

    @Test func fastFlickAt10PercentPops() throws {
        guard var rig = NavRig() else { return }
        try rig.create(["A", "B"])
        _ = rig.take()
        // 12.5 pt every 10 ms: v = 10/3 widths/s: pops; s = max(0.9, 0.35*10/3): 0.9*0.35/(3.5/3) = 0.27 s.
        rig.drag([50, 62.5, 75, 87.5], start: 0, step: 0.01)
        let ended = rig.take()
        #expect(same(Array(ended.suffix(1)), [.gesture(state: .ended, percent: 0.1, velocity: 1250)]))
        _ = rig.inspect(at: 0.2999)
        #expect(!rig.take().contains(.transition(kind: .pop, state: .finished, interactive: true)))
        _ = rig.inspect(at: 0.3 + 1e-9)
        #expect(rig.take().last == .transition(kind: .pop, state: .finished, interactive: true))
    }

    @Test func tapsAndSecondFingersDuringTheGestureAreIgnored() throws {
        guard var rig = NavRig() else { return }
        try rig.create(["A", "B"])
        rig.pointer(.down, x: 50, at: 0)
        rig.pointer(.move, x: 100, at: 0.1)
        _ = rig.take()
        let consumed = [
            rig.pointer(.down, x: 200, at: 0.15, pointer: 1), rig.pointer(.move, x: 300, at: 0.16, pointer: 1),
            rig.pointer(.up, x: 300, at: 0.17, pointer: 1),
        ]
        #expect(consumed == [true, true, true])
        #expect(rig.take().isEmpty)
        #expect(near(rig.inspect(at: 0.17)?.percent, 50 / width))
        rig.pointer(.move, x: 150, at: 0.2)
        #expect(near(rig.inspect(at: 0.2)?.percent, 100 / width))
    }

    @Test func pointerCancelCancelsThePop() throws {
        guard var rig = NavRig() else { return }
        try rig.create(["A", "B"])
        rig.drag([50, 100, 200, 300], start: 0, step: 0.1, lift: false)
        _ = rig.take()
        rig.pointer(.cancel, x: 300, at: 0.3)
        guard case let .gesture(state, percent, _)? = rig.take().first else { Issue.record("no gesture event"); return }
        #expect(state == .cancelled)
        #expect(near(percent, 250 / width))
        _ = rig.inspect(at: 2)
        #expect(rig.take().last == .transition(kind: .pop, state: .cancelled, interactive: true))
    }

    @Test func aSecondDownOfTheTrackedPointerCancelsTheStalePanAndStartsAnew() throws {
        guard var rig = NavRig() else { return }
        try rig.create(["A", "B"])
        rig.drag([50, 80, 120, 150], start: 0, step: 0.05, lift: false)
        _ = rig.take()
        // Its up was lost: the same pointer goes down again far to the right.
        let consumed = rig.pointer(.down, x: 300, at: 1)
        #expect(consumed)
        guard case let .gesture(state, percent, _)? = rig.take().first else { Issue.record("no gesture event"); return }
        // Cancelled where the finger last was (100 pt), not at the new down.
        #expect(state == .cancelled)
        #expect(near(percent, 100 / width))
        _ = rig.inspect(at: 2)
        #expect(rig.take().last == .transition(kind: .pop, state: .cancelled, interactive: true))
        // The new down tracks on its own: a drag of 90 pt from it begins a new pop at 90 pt.
        rig.pointer(.down, x: 60, at: 3)
        rig.pointer(.move, x: 100, at: 3.05)
        rig.pointer(.move, x: 150, at: 3.1)
        #expect(near(rig.inspect(at: 3.1)?.percent, 90 / width))
    }

    @Test func backButtonTapPops() throws {
        guard var rig = NavRig() else { return }
        try rig.create(["A", "B"])
        _ = rig.take()
        rig.pointer(.down, x: 20, y: 42, at: 1)
        rig.pointer(.up, x: 21, y: 42, at: 1.05)
        #expect(rig.take().first == .transition(kind: .pop, state: .began, interactive: false))
        #expect(rig.inspect(at: 1.05 + 0.35)?.stack == ["A"])
    }
}

@Suite struct GestureReportTests {
    @Test func movesAtOneInstantReportOneChange() throws {
        guard var rig = NavRig() else { return }
        try rig.create(["A", "B"])
        rig.pointer(.down, x: 50, at: 0)
        rig.pointer(.move, x: 80, at: 0.1)
        _ = rig.take()
        rig.pointer(.move, x: 90, at: 0.2)
        rig.pointer(.move, x: 125, at: 0.2)
        let changes = rig.take()
        #expect(changes.count == 1)
        guard case let .gesture(state, percent, _)? = changes.first else { Issue.record("no change"); return }
        #expect(state == .changed)
        #expect(near(percent, 75 / NavRig.width))
        #expect(rig.inspect(at: 0.2)?.gesture == .active)
    }
}
