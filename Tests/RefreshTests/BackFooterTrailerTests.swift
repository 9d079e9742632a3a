import ComponentSupport
import Geometry
import ScrollView
import Testing
import Timing

@testable import Refresh

@Suite struct BackFooterTests {
    /// 880 pt of content in 600: happenOffsetY = 280, Pulling beyond 324.
    func rig() throws -> RefreshRig {
        var rig = try RefreshRig()
        try rig.add(.backFooter)
        try rig.setOffset(0, 280, at: 0)
        return rig
    }

    @Test func theThresholdIsHappenOffsetPlusTheHeight() throws {
        var rig = try rig()
        rig.drag(dy: -60, start: 1, release: false)
        #expect(rig.refresh(at: 1.4)?.state == .idle)
        #expect(close(rig.refresh(at: 1.4)?.pullingPercent, band(60, 600) / 44))
        rig.pointer(.move, y: 200, at: 1.5)
        #expect(band(100, 600) > 44)
        #expect(rig.refresh(at: 1.5)?.state == .pulling)
        #expect(rig.refresh(at: 1.5)?.stateTitle == "Release to load more")
    }

    @Test func refreshingAddsTheBottomInsetAndEndingTakesItBackWithoutAJump() throws {
        var rig = try rig()
        let release = rig.drag(dy: -120, start: 1)
        #expect(rig.times(of: .refreshState(state: .refreshing, previous: .pulling)) == [release])
        #expect(rig.scroll(at: release + 0.25)?.inset.bottom == 44)
        #expect(rig.scroll(at: release + 0.25)?.offset.y == 324)
        #expect(rig.times(of: .refreshing) == [release + 0.25])
        let end = release + 1
        var previous = rig.offset(at: end - 0.05).y
        try rig.sampleDensely(
            from: end - 0.05, to: end + 0.5, step: 0.0005, commands: [(end, .refreshEndNoMoreData(target: "r"))]
        ) { t, y in
            #expect(abs(y - previous) < 0.2, "jump at \(t)")
            previous = y
        }
        #expect(rig.refresh(at: end + 0.5)?.state == .noMoreData)
        #expect(rig.scroll(at: end + 0.5)?.inset.bottom == 0)
        #expect(rig.offset(at: end + 0.5).y == 280)
        #expect(rig.times(of: .endCompleted) == [end + 0.4])
    }

    @Test func shortContentAddsTheGapToTheInset() throws {
        var rig = try RefreshRig(rows: 5)
        try rig.add(.backFooter)
        // 220 pt in 600: deltaH = -380, happen = 0, the footer sits at y = 600.
        #expect(rig.refresh(at: 0)?.frame.minY == 600)
        try rig.apply(.refreshBegin(target: "r"), at: 1)
        #expect(rig.scroll(at: 1.25)?.inset.bottom == 424.0)
        #expect(rig.offset(at: 1.25).y == 44)
    }
}

@Suite struct TrailerTests {
    /// Content 1000 wide in a 320 pt view: happenOffsetX = 680, Pulling beyond 740.
    func rig() throws -> RefreshRig {
        var rig = try RefreshRig(rows: 0, contentSize: Size(width: 1000, height: 600))
        try rig.add(.trailer)
        try rig.setOffset(680, 0, at: 0)
        return rig
    }

    @Test func attachingBouncesHorizontally() throws {
        let rig = try rig()
        #expect(rig.stack.scrollView("s")?.alwaysBounceHorizontal == true)
        #expect(rig.stack.scrollView("s")?.alwaysBounceVertical == false)
        #expect(rig.stack.component("r")?.texts.state == "Swipe to view details")
    }

    @Test func theThresholdIsHappenOffsetPlusSixty() throws {
        var rig = try rig()
        rig.drag(x0: 250, dx: -100, dy: 0, start: 1, release: false)
        #expect(band(100, 320) < 60)
        #expect(rig.refresh(at: 1.4)?.state == .idle)
        #expect(close(rig.refresh(at: 1.4)?.pullingPercent, band(100, 320) / 60))
        rig.pointer(.move, x: 50, y: 300, at: 1.5)
        #expect(rig.refresh(at: 1.5)?.state == .pulling)
        rig.pointer(.up, x: 50, y: 300, at: 1.6)
        #expect(rig.refresh(at: 1.6)?.state == .refreshing)
        #expect(rig.scroll(at: 1.85)?.inset.right == 60)
        #expect(rig.offset(at: 1.85).x == 740)
        #expect(rig.refresh(at: 1.85)?.stateTitle == "Release to view details")
    }
}
