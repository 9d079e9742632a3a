import Geometry
import Testing

@testable import ComponentSupport

@Suite struct PanGestureRecognizerTests {
    /// Times are multiples of 1/32 s and coordinates quarter points, so every expected value
    /// below is computed exactly in binary floating point.
    static let step = 1.0 / 32

    func event(_ phase: PointerPhase, _ x: Double, _ y: Double, _ k: Int, pointer: Int = 0) -> PointerEvent {
        PointerEvent(
            phase: phase, location: Point(x: x, y: y), pointer: pointer,
            time: Double(k) * PanGestureRecognizerTests.step)
    }

    @Test func beginsAtDownAndTracksTranslation() {
        var pan = PanGestureRecognizer()
        #expect(pan.handle(event(.down, 100, 200, 0)) == .began)
        #expect(pan.translation == .zero)
        #expect(pan.velocity == .zero)
        #expect(pan.handle(event(.move, 104.25, 199, 1)) == .changed)
        #expect(pan.translation == Point(x: 4.25, y: -1))
        #expect(pan.velocity == Point(x: 4.25 / PanGestureRecognizerTests.step, y: -1 / PanGestureRecognizerTests.step))
    }

    @Test func velocityUsesTheLastHundredMilliseconds() {
        var pan = PanGestureRecognizer()
        _ = pan.handle(event(.down, 10, 50, 0))
        // x grows by 3 pt per step for 8 steps (96 pt/s), then by 1 pt per step (32 pt/s).
        var x = 10.0
        var path: [(x: Double, k: Int)] = []
        for k in 1...12 {
            x += k <= 8 ? 3 : 1
            path.append((x, k))
            #expect(pan.handle(event(.move, x, 50 - Double(k) * 0.5, k)) == .changed)
        }
        // Newest sample at k = 12 (t = 0.375); the window starts at 0.275, so the oldest kept
        // sample is k = 9 (t = 0.28125).
        let newest = path[11], oldest = path[8]
        let span = Double(newest.k - oldest.k) * PanGestureRecognizerTests.step
        #expect(pan.samples.count == 4)
        #expect(pan.velocity.x == (newest.x - oldest.x) / span)
        #expect(pan.velocity.x == 32)
        #expect(pan.velocity.y == -0.5 * 3 / span)
        #expect(pan.velocity.y == -16)
        #expect(pan.translation == Point(x: 28, y: -6))
        #expect(pan.handle(event(.up, x, 44, 13)) == .ended)
        #expect(pan.state == .ended)
        #expect(!pan.isTracking)
        // The up sample counts: the window now starts at k = 10 (x = 36); the up (k = 13) is at x = 38.
        #expect(pan.velocity.x == (38 - 36) / (3 * PanGestureRecognizerTests.step))
    }

    @Test func releaseAfterHoldingStillHasZeroVelocity() {
        var pan = PanGestureRecognizer()
        _ = pan.handle(event(.down, 0, 0, 0))
        _ = pan.handle(event(.move, 8, 0, 1))
        // Held still for 8 steps (0.25 s > 0.1 s), then lifted where it was.
        #expect(pan.handle(event(.up, 8, 0, 9)) == .ended)
        #expect(pan.velocity == .zero)
        #expect(pan.translation == Point(x: 8, y: 0))
    }

    @Test func minimumDistanceDelaysBegan() {
        var pan = PanGestureRecognizer(minimumDistance: 10)
        #expect(pan.handle(event(.down, 0, 0, 0)) == nil)
        #expect(pan.state == .possible)
        #expect(pan.isTracking)
        #expect(pan.handle(event(.move, 6, 0, 1)) == nil)
        #expect(pan.handle(event(.move, 6, 8, 2)) == .began)  // distance exactly 10
        #expect(pan.translation == Point(x: 6, y: 8))
        #expect(pan.handle(event(.move, 7, 8, 3)) == .changed)
        #expect(pan.handle(event(.cancel, 7, 8, 4)) == .cancelled)
        #expect(pan.state == .cancelled)
    }

    @Test func releaseBeforeBeganFails() {
        var pan = PanGestureRecognizer(minimumDistance: 10)
        _ = pan.handle(event(.down, 0, 0, 0))
        #expect(pan.handle(event(.up, 3, 0, 1)) == nil)
        #expect(pan.state == .failed)
        // A new down starts over.
        #expect(pan.handle(event(.down, 50, 50, 2)) == nil)
        #expect(pan.isTracking)
    }

    @Test func otherPointersAreIgnored() {
        var pan = PanGestureRecognizer()
        _ = pan.handle(event(.down, 0, 0, 0, pointer: 3))
        #expect(pan.handle(event(.down, 9, 9, 1, pointer: 4)) == nil)
        #expect(pan.handle(event(.move, 9, 9, 1, pointer: 4)) == nil)
        #expect(pan.handle(event(.up, 9, 9, 2, pointer: 4)) == nil)
        #expect(pan.pointer == 3)
        #expect(pan.translation == .zero)
        #expect(pan.handle(event(.move, 2, 0, 2, pointer: 3)) == .changed)
    }
}
