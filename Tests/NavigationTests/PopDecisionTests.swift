import Testing

@testable import Navigation

@Suite struct PopDecisionTests {
    typealias S = PopDecision.Sample
    let T = 0.35

    @Test func velocityAndAccelerationFromTheLastThreeSamples() {
        // Percent 0.1, 0.2, 0.4 at 0, 0.1, 0.2: v1 = 1, v2 = 2, v = 1.5, a = (2 - 1) / 0.1 = 10.
        let samples = [
            S(time: -1, percent: 0.9), S(time: 0, percent: 0.1), S(time: 0.1, percent: 0.2), S(time: 0.2, percent: 0.4),
        ]
        let d = PopDecision(samples: samples, percent: 0.4, width: 375, duration: T)
        #expect(near(d.velocity, 1.5))
        #expect(near(d.acceleration, 10))
        // 0.4 + 10*0.35²/2 + 1.5*0.35 = 1.5375 > 0.5: finish; r = 0.6, s = max(0.6, 0.525) = 0.6: T.
        #expect(d.finish)
        #expect(near(d.remainingDuration, 0.6 * T / 0.6))
    }

    @Test func thresholdIsTheSmallerOf187Point5OverWidthAndOneHalf() {
        // Standing still (v = a = 0): finish exactly when p > min(187.5/width, 0.5).
        func still(_ p: Double, width: Double) -> Bool {
            PopDecision(
                samples: [S(time: 0, percent: p), S(time: 0.1, percent: p), S(time: 0.2, percent: p)],
                percent: p, width: width, duration: T
            ).finish
        }
        #expect(!still(0.5, width: 375))
        #expect(still(0.51, width: 375))
        #expect(!still(0.25, width: 750))  // 187.5 / 750 = 0.25
        #expect(still(0.26, width: 750))
    }

    @Test func aSlowingFingerStopsRatherThanTurningBack() {
        // 0.5, 0.6, 0.6 at 0, 0.1, 0.2: v1 = 1, v2 = 0, v = 0.5, a = -10. The fitted motion stops
        // at t = 0.05 < T: 0.6 + 0.5*0.05 - 10*0.05²/2 = 0.6125 > 0.5: finish. (Projected to T
        // without the stop, 0.6 - 0.6125 + 0.175 = 0.1625 would cancel a finger resting past the
        // middle.) r = 0.4, s = max(0.4, 0.175): T.
        let d = PopDecision(
            samples: [S(time: 0, percent: 0.5), S(time: 0.1, percent: 0.6), S(time: 0.2, percent: 0.6)],
            percent: 0.6, width: 375, duration: T)
        #expect(d.finish)
        #expect(near(d.acceleration, -10))
        #expect(near(d.remainingDuration, T))
    }

    @Test func decelerationStillCancelsADragShortOfTheMiddle() {
        // 0.4, 0.45, 0.45 at 0, 0.1, 0.2: v = 0.25, a = -5, the stop at 0.05:
        // 0.45 + 0.25*0.05 - 5*0.05²/2 = 0.45625 < 0.5: cancel, where the velocity alone
        // (0.45 + 0.25*0.35 = 0.5375) would finish.
        let d = PopDecision(
            samples: [S(time: 0, percent: 0.4), S(time: 0.1, percent: 0.45), S(time: 0.2, percent: 0.45)],
            percent: 0.45, width: 375, duration: T)
        #expect(!d.finish)
    }

    @Test func aFastSwipePastTheMiddleFinishesThoughItsLastIntervalWasSlower() {
        // The QA case: 120, 220, 265 pt of 375 at 10 ms steps, released at 265 (0.7067) while
        // still moving towards the back edge: v1 = 26.67, v2 = 12 widths/s, a = -1466.7. To T the
        // projection would be about -85 (cancel); the motion stops at t = 0.0132 instead:
        // 0.7067 + 19.33*0.0132 - 1466.7*0.0132²/2 = 0.834: finish.
        let d = PopDecision(
            samples: [
                S(time: 0, percent: 120.0 / 375), S(time: 0.01, percent: 220.0 / 375),
                S(time: 0.02, percent: 265.0 / 375),
            ],
            percent: 265.0 / 375, width: 375, duration: T)
        #expect(d.finish)
        #expect(near(d.velocity, (100.0 / 3.75 + 12) / 2, 1e-6))
        #expect(near(d.acceleration, (12 - 100.0 / 3.75) / 0.01, 1e-6))
    }

    @Test func aFingerThatRestedBeforeTheReleaseHasNoVelocity() {
        // Moving at 4 widths/s to 0.4, then 0.5 s without a move, then lifted there: v = a = 0,
        // 0.4 < 0.5: cancel (the stale samples alone would project past the middle).
        let moving = [S(time: 0, percent: 0.32), S(time: 0.01, percent: 0.36), S(time: 0.02, percent: 0.4)]
        let rested = PopDecision(samples: moving, percent: 0.4, width: 375, duration: T, releaseTime: 0.52)
        #expect(!rested.finish)
        #expect(rested.velocity == 0)
        #expect(rested.acceleration == 0)
        // The same at 0.6 finishes on the percent alone; lifted within the window, the motion counts.
        let far = moving.map { S(time: $0.time, percent: $0.percent + 0.2) }
        #expect(PopDecision(samples: far, percent: 0.6, width: 375, duration: T, releaseTime: 0.52).finish)
        #expect(PopDecision(samples: moving, percent: 0.4, width: 375, duration: T, releaseTime: 0.1).finish)
        // A single sample held still past the window: the percent decides as well.
        #expect(
            PopDecision(samples: [S(time: 0, percent: 0.7)], percent: 0.7, width: 375, duration: T, releaseTime: 1)
                .finish)
    }

    @Test func withFewerSamplesTheSignOfTheVelocityDecides() {
        let forward = PopDecision(
            samples: [S(time: 0, percent: 0.02), S(time: 0.5, percent: 0.03)], percent: 0.03, width: 375, duration: T)
        #expect(forward.finish)
        #expect(near(forward.velocity, 0.02))
        let back = PopDecision(
            samples: [S(time: 0, percent: 0.9), S(time: 0.1, percent: 0.8)], percent: 0.8, width: 375, duration: T)
        #expect(!back.finish)
        let single = PopDecision(samples: [S(time: 0, percent: 0.9)], percent: 0.9, width: 375, duration: T)
        #expect(!single.finish)
        // Cancel of 0.9 with v = 0: s = max(0.9, 0) = 0.9: r*T/s = T.
        #expect(near(single.remainingDuration, T))
    }

    @Test func fastReleaseCompletesAtTheFingersSpeed() {
        // v = 4 widths/s: s = max(0.7, 1.4) = 1.4, remaining 0.7*0.35/1.4 = 0.175 = r / v.
        let d = PopDecision(
            samples: [S(time: 0, percent: 0.14), S(time: 0.02, percent: 0.22), S(time: 0.04, percent: 0.3)],
            percent: 0.3, width: 375, duration: T)
        #expect(d.finish)
        #expect(near(d.remainingDuration, 0.7 / 4))
    }

    @Test func cancelledPointerAlwaysCancels() {
        let d = PopDecision(
            samples: [S(time: 0, percent: 0.5), S(time: 0.1, percent: 0.7), S(time: 0.2, percent: 0.9)],
            percent: 0.9, width: 375, duration: T, cancelled: true)
        #expect(!d.finish)
        // r = 0.9, v = 2: s = max(0.9, 0.7) = 0.9: T.
        #expect(near(d.remainingDuration, T))
    }
}
