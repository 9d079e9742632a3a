import ComponentSupport
import Foundation
import Geometry
import Testing
import Timing

@testable import Refresh
@testable import ScrollView

/// 20 rows of 44 pt (880) in a 600 pt view; the auto footer adds 44 to the bottom inset, so
/// the bottom edge and (with percent 1) the trigger offset are 880 + 44 - 600 = 324.
@Suite struct AutoFooterTests {
    func rig(_ options: RefreshOptions = RefreshOptions(), rows: Int = 20) throws -> RefreshRig {
        var rig = try RefreshRig(rows: rows)
        try rig.add(.autoFooter, options: options)
        return rig
    }

    /// A drag up the content from offset 200 by `distance` points of finger movement.
    @discardableResult
    func pull(_ rig: inout RefreshRig, by distance: Double = 200, start: Double, release: Bool = true) throws -> Double
    {
        try rig.setOffset(0, 200, at: start)
        return rig.drag(dy: -distance, start: start + 0.1, release: release)
    }

    @Test func attachingAddsItsHeightToTheBottomInsetAndSitsAfterTheContent() throws {
        var rig = try rig()
        #expect(rig.scroll(at: 0)?.inset.bottom == 44)
        #expect(rig.refresh(at: 0)?.frame == Rect(x: 0, y: 880, width: 320, height: 44))
        #expect(rig.refresh(at: 0)?.stateTitle == "Tap or pull up to load more")
    }

    @Test func aDragPastTheThresholdLoadsOncePerDrag() throws {
        var rig = try rig()
        try pull(&rig, start: 1, release: false)
        // Moves of 20 pt from 200: the first at or past 324 is the 7th (340 raw, banded past 324).
        let first = try #require(rig.times(of: .refreshing).first)
        #expect(close(first, 1.1 + 0.2 * 7 / 10))
        #expect(rig.refresh(at: 1.5)?.remainingTriggers == 0)
        try rig.apply(.refreshEnd(target: "r"), at: 1.5)
        #expect(rig.states() == [.refreshing, .idle])
        #expect(rig.times(of: .endCompleted) == [1.5])
        // Further down in the same drag: refused.
        rig.pointer(.move, y: 0, at: 1.6)
        rig.pointer(.up, y: 0, at: 1.7)
        #expect(rig.times(of: .refreshing).count == 1)
        // A new drag may load again.
        _ = rig.offset(at: 4)
        try pull(&rig, start: 4)
        #expect(rig.times(of: .refreshing).count == 2)
    }

    @Test func minusOneIsUnlimited() throws {
        var rig = try rig(RefreshOptions(autoTriggerTimes: -1))
        try pull(&rig, start: 1, release: false)
        try rig.apply(.refreshEnd(target: "r"), at: 1.5)
        rig.pointer(.move, y: 0, at: 1.6)
        #expect(rig.times(of: .refreshing).count == 2)
        #expect(rig.refresh(at: 1.6)?.remainingTriggers == -1)
    }

    @Test func noMoreDataStopsItAndResetRestoresIt() throws {
        var rig = try rig()
        try rig.apply(.refreshEndNoMoreData(target: "r"), at: 0.5)
        #expect(rig.refresh(at: 0.5)?.state == .noMoreData)
        #expect(rig.refresh(at: 0.5)?.stateTitle == "No more data")
        try pull(&rig, start: 1)
        #expect(rig.times(of: .refreshing).isEmpty)
        try rig.apply(.refreshResetNoMoreData(target: "r"), at: 3)
        #expect(rig.refresh(at: 3)?.state == .idle)
        try pull(&rig, start: 4)
        #expect(rig.times(of: .refreshing).count == 1)
    }

    @Test func shortContentLoadsOnlyWhenThePanEndsPulledUp() throws {
        // 5 rows (220 pt) in a 600 pt view: the offset rule never fires.
        var down = try rig(rows: 5)
        down.drag(dy: 100, start: 1)
        #expect(down.times(of: .refreshing).isEmpty)
        var up = try rig(rows: 5)
        let release = up.drag(dy: -30, start: 1, release: false)
        #expect(up.times(of: .refreshing).isEmpty)
        up.pointer(.up, y: 270, at: release + 0.1)
        #expect(up.times(of: .refreshing) == [release + 0.1])
    }

    @Test func tappingTheLabelLoads() throws {
        // automaticallyRefresh off: scrolling to the end does not load, a tap does.
        var rig = try rig(RefreshOptions(automaticallyRefresh: false))
        try rig.setOffset(0, 324, at: 1)
        // The footer is at content y 880: canvas 556...600.
        let regions = rig.stack.hitRegions(at: 1, timeline: rig.timeline)
        #expect(
            regions.first == HitRegion(target: "r", part: "label", frame: Rect(x: 0, y: 556, width: 320, height: 44)))
        let claimed = rig.pointer(.down, y: 580, at: 2)
        #expect(claimed)
        rig.pointer(.up, y: 580, at: 2.05)
        #expect(rig.times(of: .refreshing) == [2.05])
        // A tap elsewhere does nothing.
        var other = try self.rig(RefreshOptions(automaticallyRefresh: false))
        try other.setOffset(0, 324, at: 1)
        other.pointer(.down, y: 300, at: 2)
        other.pointer(.up, y: 300, at: 2.05)
        #expect(other.times(of: .refreshing).isEmpty)
    }

    @Test func aDecelerationCrossingTheThresholdLoadsAtTheExactInstant() throws {
        var rig = try rig()
        // From 0, a 150 pt finger flick upwards over 0.1 s: 1500 pt/s down the content.
        rig.pointer(.down, y: 400, at: 1)
        for i in 1...10 { rig.pointer(.move, y: 400 - 15 * Double(i), at: 1 + 0.01 * Double(i)) }
        rig.pointer(.up, y: 250, at: 1.1)
        // The drag itself stayed under the threshold.
        #expect(rig.times(of: .refreshing).isEmpty)
        let view = try #require(rig.stack.scrollView("s"))
        guard case let .decay(x0, v0, rate)? = view.motion[1].first?.curve else {
            Issue.record("expected a deceleration")
            return
        }
        let k = 1000 * log(rate)
        let crossing = 1.1 + log(1 + (324 - x0) * k / v0) / k
        _ = rig.offset(at: 5)
        let fired = try #require(rig.times(of: .refreshing).first)
        #expect(abs(fired - crossing) < 1e-9)
        // Sampled at 60 Hz or not at all, the same instant.
        var sampled = try self.rig()
        sampled.pointer(.down, y: 400, at: 1)
        for i in 1...10 { sampled.pointer(.move, y: 400 - 15 * Double(i), at: 1 + 0.01 * Double(i)) }
        sampled.pointer(.up, y: 250, at: 1.1)
        for frame in 0..<300 { _ = sampled.offset(at: 1.1 + Double(frame) / 60) }
        #expect(sampled.times(of: .refreshing) == rig.times(of: .refreshing))
    }

    /// MJRefresh bug (fixed): a refused drag trigger left triggerByDrag set, and the count was
    /// lowered when a refresh ended, so endRefreshingWithNoMoreData turned 0 into -1 (unlimited).
    @Test func aRefusedTriggerCannotMakeTheCountUnlimited() throws {
        var rig = try rig()
        try pull(&rig, start: 1, release: false)
        try rig.apply(.refreshEnd(target: "r"), at: 1.5)
        // Refused: no triggers left in this pan.
        rig.pointer(.move, y: 20, at: 1.6)
        #expect(rig.times(of: .refreshing).count == 1)
        try rig.apply(.refreshEndNoMoreData(target: "r"), at: 1.7)
        #expect(rig.refresh(at: 1.7)?.remainingTriggers == 0)
        try rig.apply(.refreshResetNoMoreData(target: "r"), at: 1.8)
        rig.pointer(.move, y: 0, at: 1.9)
        #expect(rig.times(of: .refreshing).count == 1)
        #expect(rig.refresh(at: 1.9)?.remainingTriggers == 0)
    }

    @Test func aSecondFooterIsADuplicate() throws {
        var rig = try rig()
        do {
            try rig.add(.backFooter, "r2")
            Issue.record("a second footer was accepted")
        } catch let error as CommandError {
            #expect(error.code == .duplicateTarget)
        }
        #expect(rig.stack.targets == ["s", "r"])
    }
}
