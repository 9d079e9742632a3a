import Foundation
import Testing

@testable import HUD

/// `ActivityIndicatorDrawing.nextStep`: the highlighted spoke holds up to the time it gives and
/// changes just after it.
@Suite struct SpinnerStepTests {
    /// The spin's rotation at `time` (one turn per second from 0, wrapping like the animation).
    private static func rotation(at time: Double) -> Double {
        2 * Double.pi * (time - time.rounded(.down))
    }

    @Test func theSpokeHoldsUntilTheNextStepAndChangesJustAfter() {
        let rate = 2 * Double.pi
        // Instants spread over every phase of many turns (a step is 1/12 s).
        for k in 0..<2000 {
            let time = Double(k) * 0.007_31 + Double(k % 7) * 1e-7
            let spoke = ActivityIndicatorDrawing.highlightedSpoke(rotation: Self.rotation(at: time))
            let until = ActivityIndicatorDrawing.nextStep(after: time, rotation: Self.rotation(at: time), rate: rate)
            #expect(until >= time && until - time <= 1.0 / 12 + 1e-9, "t = \(time)")
            #expect(
                ActivityIndicatorDrawing.highlightedSpoke(rotation: Self.rotation(at: until)) == spoke, "t = \(time)")
            let after = until + 3e-6
            #expect(
                ActivityIndicatorDrawing.highlightedSpoke(rotation: Self.rotation(at: after)) != spoke, "t = \(time)")
        }
    }

    @Test func aStillOrBackwardSpinPromisesForeverOrNothing() {
        #expect(ActivityIndicatorDrawing.nextStep(after: 2, rotation: 1, rate: 0) == .infinity)
        #expect(ActivityIndicatorDrawing.nextStep(after: 2, rotation: 1, rate: -1) == 2)
    }
}
