import Foundation
import Testing

@testable import Timing

@Suite struct SpringTests {
    /// Solves ((w T) + 1) e^(-w T) = 0.001 by bisection: the critically damped UIKit mapping with v = 0.
    func criticalOmega(duration t: Double) -> Double {
        var lo = 0.1 / t, hi = 100 / t
        for _ in 0..<200 {
            let mid = (lo + hi) / 2
            let f = (mid * t + 1) * exp(-mid * t) - 0.001
            if f > 0 { lo = mid } else { hi = mid }
        }
        return (lo + hi) / 2
    }

    @Test func uiKitMappingForMBProgressHUDsAnimation() {
        let spring = Spring.uiKit(duration: 0.3, dampingRatio: 1.0, initialVelocity: 0)
        let omega = criticalOmega(duration: 0.3)
        #expect(spring.mass == 1)
        #expect(abs(spring.stiffness - omega * omega) / (omega * omega) < 1e-9)
        #expect(abs(spring.damping - 2 * omega) / (2 * omega) < 1e-9)
        #expect(abs(spring.stiffness - 947.2) < 1)  // about 947.2: omega about 30.78
        // The curve x(t) = 1 - e^(-w t)(1 + w t) at 5 instants.
        for t in [0.0, 0.03, 0.075, 0.15, 0.3] {
            let expected = 1 - exp(-omega * t) * (1 + omega * t)
            #expect(abs(spring.value(at: t) - expected) < 1e-9)
        }
        #expect(abs(spring.value(at: 0.3) - 0.999) < 1e-6)
    }

    @Test func underdampedMapping() {
        let zeta = 0.5, t = 0.5
        let spring = Spring.uiKit(duration: t, dampingRatio: zeta, initialVelocity: 0)
        let s = (1 - zeta * zeta).squareRoot()
        // |zeta / s| e^(-zeta w T) = 0.001 -> w = ln(zeta / (s * 0.001)) / (zeta T).
        let omega = log(zeta / (s * 0.001)) / (zeta * t)
        #expect(abs(spring.naturalFrequency - omega) / omega < 1e-6)
        #expect(abs(spring.dampingRatio - zeta) < 1e-9)
        let omegaD = omega * s
        for time in [0.0, 0.05, 0.1, 0.2, 0.35, 0.5] {
            let expected =
                1 - exp(-zeta * omega * time) * (cos(omegaD * time) + (zeta * omega / omegaD) * sin(omegaD * time))
            #expect(abs(spring.value(at: time) - expected) < 1e-6)
        }
        // It overshoots.
        #expect((0...50).map { spring.value(at: Double($0) / 100) }.max()! > 1.1)
    }

    @Test func caSpringDefaultsAndOverdamping() {
        let spring = Spring()
        #expect(spring.naturalFrequency == 10)
        #expect(spring.dampingRatio == 0.5)
        let over = Spring(mass: 1, stiffness: 100, damping: 40, initialVelocity: 0)
        #expect(abs(over.value(at: 0)) < 1e-12)
        // Slow root r1 = -10 (2 - sqrt 3): x(t) -> 1 - A e^(r1 t), A = r2 / (r2 - r1).
        let r1 = -10 * (2 - 3.0.squareRoot()), r2 = -10 * (2 + 3.0.squareRoot())
        let t = 3.0
        let expected = 1 - (r2 / (r2 - r1)) * exp(r1 * t) + (r1 / (r2 - r1)) * exp(r2 * t)
        #expect(abs(over.value(at: t) - expected) < 1e-12)
        // Monotonic when overdamped from rest.
        var last = -1.0
        for i in 0...100 { let v = over.value(at: Double(i) / 50); #expect(v >= last); last = v }
    }

    @Test func initialVelocityIsTheStartingSlope() {
        let spring = Spring.uiKit(duration: 0.5, dampingRatio: 0.7, initialVelocity: 3)
        let h = 1e-6
        #expect(abs((spring.value(at: h) - spring.value(at: 0)) / h - 3) < 1e-3)
    }
}
