import ComponentSupport
import Foundation
import Geometry
import Testing
import Timing

@testable import ScrollView

@Suite struct DraggingTests {
    @Test(arguments: [10.0, 54.0, 80.0, 130.0, 300.0, 1000.0])
    func pastTheTopTheContentFollowsTheRubberBand(distance: Double) {
        var rig = ScrollRig()
        rig.drag(by: distance, release: false)
        let y = rig.offset(at: 0.2).y
        #expect(close(y, -band(distance, 600)))
        #expect(rig.scroll.isDragging)
    }

    @Test func insideTheContentTheFingerIsFollowedOneToOne() {
        var rig = ScrollRig()
        _ = rig.scroll.setContentOffset(Point(x: 0, y: 500), duration: 0, at: 0, timeline: &rig.timeline)
        rig.drag(from: 300, by: -120, start: 1, release: false)
        #expect(close(rig.offset(at: 1.2).y, 620))
        rig.pointer(.move, y: 300 + 200, at: 1.3)
        #expect(close(rig.offset(at: 1.3).y, 300))
    }

    @Test func pastTheBottomTheRubberBandUsesTheBottomEdge() {
        var rig = ScrollRig()
        _ = rig.scroll.setContentOffset(Point(x: 0, y: 1400), duration: 0, at: 0, timeline: &rig.timeline)
        rig.drag(from: 500, by: -250, start: 1, release: false)
        // 1400 is the bottom edge (2000 - 600): the 250 pt drag is entirely past it.
        #expect(close(rig.offset(at: 1.2).y, 1400 + band(250, 600)))
    }

    @Test func withoutBouncesTheOffsetStopsAtTheEdge() {
        var rig = ScrollRig(bounces: false)
        rig.drag(by: 200, release: false)
        #expect(rig.offset(at: 0.2).y == 0)
    }

    @Test func theInverseRubberBandRoundTrips() {
        for x in [1.0, 10, 100, 500, 2000] {
            #expect(
                close(
                    ScrollPhysics.inverseRubberBand(ScrollPhysics.rubberBand(x, dimension: 600), dimension: 600), x,
                    1e-6))
        }
    }

    @Test func releasedPastAnEdgeTheContentGoesOnAtItsOwnBandedSpeed() {
        var rig = ScrollRig()
        // The finger moves down at 1,000 pt/s and lifts 200 pt past the top of a 600 pt view.
        let release = rig.drag(by: 200)
        let slope = 0.55 / pow(200 * 0.55 / 600 + 1, 2)
        #expect(close(ScrollPhysics.rubberBandSlope(200, dimension: 600), slope, 1e-12))
        // The slope is the band's derivative (numerically), 0.55 at the edge itself.
        let h = 1e-4
        #expect(close((band(200 + h, 600) - band(200 - h, 600)) / (2 * h), slope, 1e-6))
        #expect(close(ScrollPhysics.rubberBandSlope(0, dimension: 600), 0.55, 1e-12))
        // The bounce starts from the content's speed (393 pt/s away from the edge), not the finger's.
        #expect(close(rig.scroll.velocity(at: release, timeline: rig.timeline).y, -1000 * slope, 1e-6))
        // So the content never moves faster away from the edge after the lift than before it.
        let shown = rig.offset(at: release).y
        #expect(close(shown, -band(200, 600)))
        let afterLift = rig.offset(at: release + 0.01).y
        #expect(shown - afterLift < 1000 * slope * 0.01)
    }

    @Test func aViewThatCannotScrollNeitherDragsNorTaps() {
        // Content within the view and no alwaysBounce: UIScrollView's pan never begins.
        var rig = ScrollRig(contentHeight: 300)
        rig.pointer(.down, y: 300, at: 0)
        let moved = rig.pointer(.move, y: 340, at: 0.05)
        #expect(!moved.panBegan)
        #expect(!rig.scroll.isDragging)
        #expect(rig.offset(at: 0.05).y == 0)
        let up = rig.pointer(.up, y: 340, at: 0.1)
        #expect(up.tap == nil)
        #expect(!up.released)
        #expect(rig.phases.isEmpty)
        // Without moving, the same view is tapped.
        rig.pointer(.down, y: 300, at: 1)
        #expect(rig.pointer(.up, y: 300, at: 1.1).tap != nil)
    }

    @Test func catchingABounceDoesNotJumpAndDragsOnFromThere() {
        var rig = ScrollRig()
        let release = rig.drag(by: 200, hold: 0.2)
        let caught = rig.offset(at: release + 0.1).y
        rig.pointer(.down, y: 400, at: release + 0.1)
        #expect(rig.offset(at: release + 0.1).y == caught)
        #expect(rig.phases.last?.phase == .idle)
        // 10 pt more: the unbanded distance grows by 10.
        rig.pointer(.move, y: 410, at: release + 0.15)
        let expected = -band(ScrollPhysics.inverseRubberBand(-caught, dimension: 600) + 10, 600)
        #expect(close(rig.offset(at: release + 0.15).y, expected, 1e-6))
    }

    @Test func phasesAreReportedAtTheirExactTimes() throws {
        var rig = ScrollRig()
        let release = rig.drag(by: -300, start: 1)
        #expect(rig.phases.map(\.phase) == [.dragging, .decelerating])
        #expect(rig.phases[0].time == 1.02)
        #expect(rig.phases[1].time == release)
        guard case let .decay(_, v0, rate) = try #require(rig.scroll.motion[1].first).curve else {
            Issue.record("expected a deceleration")
            return
        }
        _ = rig.offset(at: 20)
        #expect(rig.phases.count == 3)
        #expect(rig.phases[2].phase == .idle)
        #expect(close(rig.phases[2].time, release + ScrollPhysics.decayDuration(velocity: v0, rate: rate), 1e-9))
    }
}
