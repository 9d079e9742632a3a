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

    @Test func decelerationCanCancelAFarDrag() {
        // 0.5, 0.6, 0.6 at 0, 0.1, 0.2: v1 = 1, v2 = 0, v = 0.5, a = -10:
        // 0.6 - 10*0.06125 + 0.175 = 0.16375 < 0.5: cancel; r = 0.6, s = max(0.6, 0.175): T.
        let d = PopDecision(
            samples: [S(time: 0, percent: 0.5), S(time: 0.1, percent: 0.6), S(time: 0.2, percent: 0.6)],
            percent: 0.6, width: 375, duration: T)
        #expect(!d.finish)
        #expect(near(d.remainingDuration, T))
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
