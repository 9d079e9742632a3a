import ComponentSupport
import Geometry
import ScrollView
import Testing
import Timing

@testable import Refresh

@Suite struct HeaderTests {
    func rig(options: RefreshOptions = RefreshOptions()) throws -> RefreshRig {
        var rig = try RefreshRig()
        try rig.add(.header, options: options)
        return rig
    }

    @Test func anEightyPointDragStaysIdleWithTheRubberBandedPercent() throws {
        var rig = try rig()
        rig.drag(dy: 80, start: 1, release: false)
        let shown = band(80, 600)
        #expect(close(rig.offset(at: 1.4).y, -shown))
        let headerValue = rig.refresh(at: 1.4)
        let header = try #require(headerValue)
        #expect(header.state == .idle)
        #expect(close(header.pullingPercent, shown / 54))
        #expect(rig.states().isEmpty)
    }

    @Test func aLongerDragPullsAndGoingBackUnderTheThresholdIsIdleAgain() throws {
        var rig = try rig()
        rig.drag(dy: 130, start: 1, hold: 0, release: false)
        #expect(band(130, 600) > 54)
        #expect(rig.refresh(at: 1.2)?.state == .pulling)
        #expect(close(rig.refresh(at: 1.2)?.pullingPercent, band(130, 600) / 54))
        rig.pointer(.move, y: 380, at: 1.3)
        #expect(rig.refresh(at: 1.3)?.state == .idle)
        #expect(rig.states() == [.pulling, .idle])
        // The pulling instant is the first move past the threshold (band(x) > 54 from x = 108.6).
        let pulledAt = try #require(rig.events.first { $0.payload == .refreshState(state: .pulling, previous: .idle) })
            .time
        #expect(close(pulledAt, 1 + 0.2 * 9 / 10))
    }

    @Test func releasingWhilePullingRefreshesAtTheReleaseInstant() throws {
        var rig = try rig()
        let release = rig.drag(dy: 150, start: 1)
        #expect(rig.times(of: .refreshState(state: .refreshing, previous: .pulling)) == [release])
        // Over 0.25 s the inset grows to 54 and the offset moves to -54; the callback runs then.
        #expect(rig.times(of: .refreshing).isEmpty)
        let settledValue = rig.scroll(at: release + 0.25)
        let settled = try #require(settledValue)
        #expect(settled.offset.y == -54)
        #expect(settled.inset.top == 54)
        #expect(rig.times(of: .refreshing) == [release + 0.25])
        #expect(rig.times(of: .beginCompleted) == [release + 0.25])
        #expect(rig.refresh(at: release + 0.3)?.pullingPercent == 1)
        // Half way it is on UIKit's ease-in-ease-out from the release position.
        let from = -band(150, 600)
        let mid = from + (-54 - from) * TimingFunction.easeInEaseOut.solve(0.5, epsilon: 1 / 50.0)
        var probe = try self.rig()
        let r = probe.drag(dy: 150, start: 1)
        #expect(close(probe.offset(at: r + 0.125).y, mid, 1e-9))
    }

    @Test func endIsIdleAtOnceCompletesAfterPointFourSecondsAndNeverJumps() throws {
        var rig = try rig()
        let release = rig.drag(dy: 150, start: 1)
        let end = release + 1
        var previous = rig.offset(at: end - 0.1).y
        try rig.sampleDensely(from: end - 0.1, to: end + 0.6, step: 0.0005, commands: [(end, .refreshEnd(target: "r"))])
        { t, y in
            #expect(abs(y - previous) < 0.2, "jump at \(t)")
            #expect(y >= previous)
            previous = y
        }
        #expect(rig.times(of: .refreshState(state: .idle, previous: .refreshing)) == [end])
        #expect(rig.times(of: .endCompleted) == [end + 0.4])
        #expect(rig.scroll(at: end + 0.6)?.offset.y == 0)
        #expect(rig.scroll(at: end + 0.6)?.inset.top == 0)
        #expect(rig.refresh(at: end + 0.6)?.pullingPercent == 0)
    }

    @Test func idleIsReportedAtOnceAndEndCompletedOnlyLater() throws {
        var rig = try rig()
        let release = rig.drag(dy: 150, start: 1)
        let end = release + 1
        try rig.apply(.refreshEnd(target: "r"), at: end)
        #expect(rig.refresh(at: end)?.state == .idle)
        #expect(rig.times(of: .endCompleted).isEmpty)
    }

    @Test func endDuringTheBeginAnimationDoesNotJumpEither() throws {
        var rig = try rig()
        let release = rig.drag(dy: 200, start: 1)
        let end = release + 0.1
        var previous = rig.offset(at: release).y
        try rig.sampleDensely(from: release, to: end + 0.5, step: 0.0005, commands: [(end, .refreshEnd(target: "r"))]) {
            t, y in
            #expect(abs(y - previous) < 0.3, "jump at \(t)")
            previous = y
        }
        #expect(rig.offset(at: end + 0.5).y == 0)
        // The callback runs when the inset animation completes, although the refresh ended
        // before it did (MJRefresh calls it from the animation's completion block).
        #expect(rig.times(of: .refreshing) == [release + 0.25])
        #expect(rig.times(of: .beginCompleted) == [release + 0.25])
    }

    @Test func endAfterScrollingAwayMovesNothing() throws {
        var rig = try rig()
        let release = rig.drag(dy: 150, start: 1)
        // While the inset animation runs, inspection shows the model beside the presentation.
        let moving = rig.scroll(at: release + 0.1)
        #expect(moving?.modelOffset == Point(x: 0, y: -54))
        #expect(moving?.presentationInset != nil)
        _ = rig.offset(at: release + 0.3)
        try rig.setOffset(0, 200, at: release + 0.5)
        // MJRefresh's resetInset: scrolled away, a refreshing header's top inset is the original.
        #expect(rig.scroll(at: release + 0.5)?.inset.top == 0)

        try rig.apply(.refreshEnd(target: "r"), at: release + 1)
        #expect(rig.offset(at: release + 1.2).y == 200)
        #expect(rig.scroll(at: release + 1.5)?.inset.top == 0)
    }

    @Test func endInsideTheBandReturnsToTheTopWithoutAJump() throws {
        var rig = try rig()
        let release = rig.drag(dy: 150, start: 1)
        try rig.setOffset(0, -30, at: release + 0.5)
        #expect(rig.scroll(at: release + 0.5)?.inset.top == 30)
        var previous = rig.offset(at: release + 0.9).y
        try rig.sampleDensely(
            from: release + 0.9, to: release + 1.5, step: 0.0005, commands: [(release + 1, .refreshEnd(target: "r"))]
        ) { t, y in
            #expect(abs(y - previous) < 0.2, "jump at \(t)")
            previous = y
        }
        #expect(rig.offset(at: release + 1.5).y == 0)
    }

    @Test func beginRefreshingProgrammaticallyAndTheSimulatedLoad() throws {
        var rig = try rig(options: RefreshOptions(loadDuration: 1))
        try rig.apply(.refreshBegin(target: "r"), at: 1)
        #expect(rig.times(of: .refreshState(state: .refreshing, previous: .idle)) == [1])
        #expect(rig.offset(at: 1.25).y == -54)
        #expect(rig.times(of: .refreshing) == [1.25])
        _ = rig.offset(at: 3)
        #expect(rig.times(of: .refreshState(state: .idle, previous: .refreshing)) == [2.25])
        #expect(rig.times(of: .endCompleted) == [2.25 + 0.4])
    }

    @Test func aRefreshEndedWithinItsInsetAnimationStartsNoLoad() throws {
        var rig = try rig(options: RefreshOptions(loadDuration: 1))
        try rig.apply(.refreshBegin(target: "r"), at: 1)
        try rig.apply(.refreshEnd(target: "r"), at: 1.1)
        // Its callback runs at 1.25 all the same, and a new refresh begins at 1.5.
        try rig.apply(.refreshBegin(target: "r"), at: 1.5)
        // Only the second refresh's load runs (1.75 + 1): a load started by the first callback
        // would have ended the second refresh at 2.25.
        rig.advance(to: 2.5)
        #expect(rig.times(of: .refreshing) == [1.25, 1.75])
        #expect(rig.stack.component("r")?.state == .refreshing)
        rig.advance(to: 3)
        #expect(rig.times(of: .refreshState(state: .idle, previous: .refreshing)) == [1.1, 2.75])
    }

    @Test func aDragIsReportedBeforeThePullingItCauses() throws {
        var rig = try rig()
        rig.pointer(.down, y: 100, at: 1)
        rig.pointer(.move, y: 300, at: 1.016)
        let payloads = rig.events.filter { $0.time == 1.016 }.map(\.payload)
        let dragging = try #require(payloads.firstIndex(of: .scrollState(.dragging)))
        let pulling = try #require(payloads.firstIndex(of: .refreshState(state: .pulling, previous: .idle)))
        #expect(dragging < pulling)
    }

    @Test func endTakesEffectOnTheNextTurnAfterTheCommand() throws {
        var rig = try rig()
        try rig.apply(.refreshBegin(target: "r"), at: 1)
        rig.advance(to: 2)
        try rig.stack.apply(.refreshEnd(target: "r"), at: 2, timeline: &rig.timeline, events: &rig.events)
        // Still refreshing right after the command; Idle once the turn's timers ran.
        #expect(rig.stack.component("r")?.state == .refreshing)
        rig.advance(to: 2)
        #expect(rig.stack.component("r")?.state == .idle)
        #expect(rig.times(of: .refreshState(state: .idle, previous: .refreshing)) == [2])
    }

    @Test func beginWhileNotOnScreenIsWillRefreshUntilLaidOut() throws {
        var rig = try RefreshRig(frame: Rect(x: 0, y: 0, width: 0, height: 0))
        try rig.add(.header)
        try rig.apply(.refreshBegin(target: "r"), at: 1)
        #expect(rig.refresh(at: 1)?.state == .willRefresh)
        try rig.apply(
            .scrollSet(ScrollStack.ScrollSet(target: "s", frame: Rect(x: 0, y: 0, width: 320, height: 600))), at: 2)
        #expect(rig.refresh(at: 2)?.state == .refreshing)
        #expect(rig.states() == [.willRefresh, .refreshing])
        rig.advance(to: 3)
        #expect(rig.times(of: .refreshing) == [2.25])
    }

    @Test func automaticallyChangeAlphaFollowsThePercentAndFadesOnEnd() throws {
        var rig = try rig(options: RefreshOptions(automaticallyChangeAlpha: true))
        #expect(rig.refresh(at: 0)?.alpha == 0)
        rig.drag(dy: 60, start: 1, release: false)
        #expect(close(rig.refresh(at: 1.4)?.alpha, band(60, 600) / 54))
        rig.pointer(.move, y: 500, at: 1.5)
        #expect(rig.refresh(at: 1.5)?.alpha == 1)
        rig.pointer(.up, y: 500, at: 1.6)
        #expect(rig.refresh(at: 2)?.alpha == 1)
        try rig.apply(.refreshEnd(target: "r"), at: 3)
        let half = 1 - TimingFunction.easeInEaseOut.solve(0.5, epsilon: 1 / 80.0)
        #expect(close(rig.refresh(at: 3.2)?.alpha, half, 1e-9))
        #expect(rig.refresh(at: 3.5)?.alpha == 0)
    }

    @Test func gifIdleFrameIsTheFloorOfCountTimesPercent() throws {
        var rig = try rig(
            options: RefreshOptions(style: .gif, gifFrames: GifFrames(idle: 60, pulling: 3, refreshing: 3)))
        rig.drag(dy: 70, start: 1, release: false)
        let percent = band(70, 600) / 54
        #expect(rig.refresh(at: 1.4)?.gifFrame == Int((60 * percent).rounded(.down)))
        rig.pointer(.move, y: 500, at: 1.5)
        // Pulling loops its 3 frames every 0.1 s from the state's start.
        #expect(rig.refresh(at: 1.5)?.gifFrame == 0)
        #expect(rig.refresh(at: 1.62)?.gifFrame == 1)
        #expect(rig.refresh(at: 1.8)?.gifFrame == 0)
    }

    /// `gifFrameSteadyUntil`: while pulling, the frame holds up to the time it gives and changes
    /// just after it (three frames, 0.1 s each).
    @Test func gifFrameHoldsUntilTheTimeItPromises() throws {
        var rig = try rig(
            options: RefreshOptions(style: .gif, gifFrames: GifFrames(idle: 60, pulling: 3, refreshing: 3)))
        rig.drag(dy: 70, start: 1, release: false)
        rig.pointer(.move, y: 500, at: 1.5)
        #expect(rig.refresh(at: 1.5)?.state == .pulling)
        let stack = rig.stack
        let timeline = rig.timeline
        let scroll = stack.scrollViews[0]
        for k in 0..<1000 {
            let time = 1.5 + Double(k) * 0.000_73 + Double(k % 5) * 1e-8
            let frame = stack.gifFrame(0, scroll: scroll, at: time, timeline: timeline)
            let until = stack.gifFrameSteadyUntil(0, at: time)
            #expect(until >= time && until - time <= 0.1 + 1e-9, "t = \(time)")
            #expect(stack.gifFrame(0, scroll: scroll, at: until, timeline: timeline) == frame, "t = \(time)")
            #expect(stack.gifFrame(0, scroll: scroll, at: until + 3e-6, timeline: timeline) != frame, "t = \(time)")
        }
    }

    /// `spinnerHeadSteadyUntil`: the refresh spinner's highlighted spoke (one turn a second)
    /// holds up to the time it gives and changes just after it.
    @Test func theSpinnerHeadHoldsUntilTheTimeItPromises() {
        for k in 0..<2000 {
            let time = Double(k) * 0.003_17 + Double(k % 7) * 1e-7
            let head = ScrollStack.spinnerHead(at: time)
            let until = ScrollStack.spinnerHeadSteadyUntil(at: time)
            #expect(until >= time && until - time <= 1.0 / Double(RefreshLook.spokes) + 1e-9, "t = \(time)")
            #expect(ScrollStack.spinnerHead(at: until) == head, "t = \(time)")
            #expect(ScrollStack.spinnerHead(at: until + 3e-6) != head, "t = \(time)")
        }
        #expect(ScrollStack.spinnerHeadSteadyUntil(at: .infinity) == .infinity)
    }

    @Test func ignoredInsetTopMovesTheHeaderUp() throws {
        var rig = try rig(options: RefreshOptions(ignoredScrollViewContentInsetTop: 20))
        #expect(rig.refresh(at: 0)?.frame == Rect(x: 0, y: -74, width: 320, height: 54))
    }

    @Test func theArrowTurnsOverAQuarterSecondWhenPulling() throws {
        var rig = try rig()
        rig.drag(dy: 150, start: 1, hold: 0, release: false)
        let pulledAt = try #require(rig.events.first { $0.payload == .refreshState(state: .pulling, previous: .idle) })
            .time
        let mid = (0.000001 - Double.pi) * TimingFunction.easeInEaseOut.solve(0.5, epsilon: 1 / 50.0)
        #expect(close(rig.refresh(at: pulledAt + 0.125)?.arrowRotation, mid, 1e-9))
        #expect(rig.refresh(at: pulledAt + 0.25)?.arrowRotation == 0.000001 - Double.pi)
    }
}
