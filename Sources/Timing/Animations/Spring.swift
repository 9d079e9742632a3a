import Foundation

/// A damped harmonic oscillator, as CASpringAnimation: mass, stiffness, damping and initial
/// velocity (in whole-distance per second). The normalised curve goes from 0 towards 1.
public struct Spring: Equatable, Hashable, Sendable {
    public var mass: Double
    public var stiffness: Double
    public var damping: Double
    public var initialVelocity: Double

    /// CASpringAnimation's defaults: mass 1, stiffness 100, damping 10, initialVelocity 0.
    public init(mass: Double = 1, stiffness: Double = 100, damping: Double = 10, initialVelocity: Double = 0) {
        self.mass = mass
        self.stiffness = stiffness
        self.damping = damping
        self.initialVelocity = initialVelocity
    }

    /// Undamped angular frequency sqrt(k/m).
    public var naturalFrequency: Double { (stiffness / mass).squareRoot() }

    /// zeta = c / (2 sqrt(k m)).
    public var dampingRatio: Double { damping / (2 * (stiffness * mass).squareRoot()) }

    /// UIKit's mapping for `animateWithDuration:delay:usingSpringWithDamping:initialSpringVelocity:`:
    /// mass 1; the damping ratio clamped to [1.19e-7, 1] and the duration to [0.01, 10]; omega
    /// found by 12 Newton steps from 5/T so that the remaining amplitude at T is 0.001.
    /// The animation that UIKit builds from it runs for `duration` with a linear curve.
    public static func uiKit(duration: Double, dampingRatio: Double, initialVelocity: Double = 0) -> Spring {
        let zeta = min(max(dampingRatio, 1.19e-7), 1)
        let t = min(max(duration, 0.01), 10)
        let v = initialVelocity
        var omega = 5 / t
        for _ in 0..<12 {
            let (f, df) = zeta < 1 ? underdampedResidual(omega, zeta, v, t) : criticalResidual(omega, v, t)
            guard df != 0, f.isFinite, df.isFinite else { break }
            let next = omega - f / df
            guard next.isFinite, next > 0 else { break }
            omega = next
        }
        let stiffness = omega * omega
        return Spring(mass: 1, stiffness: stiffness, damping: 2 * zeta * stiffness.squareRoot(), initialVelocity: v)
    }

    /// ((omega - v) T + 1) e^(-omega T) - 0.001 and its derivative in omega.
    private static func criticalResidual(_ omega: Double, _ v: Double, _ t: Double) -> (Double, Double) {
        let e = exp(-omega * t)
        return (((omega - v) * t + 1) * e - 0.001, -t * t * (omega - v) * e)
    }

    /// |(zeta omega - v) / (omega sqrt(1 - zeta^2))| e^(-zeta omega T) - 0.001 and its derivative.
    private static func underdampedResidual(
        _ omega: Double, _ zeta: Double, _ v: Double, _ t: Double
    ) -> (Double, Double) {
        let s = (1 - zeta * zeta).squareRoot()
        let g = (zeta * omega - v) / (omega * s)
        let dg = v / (omega * omega * s)
        let e = exp(-zeta * omega * t)
        let sign: Double = g < 0 ? -1 : 1
        return (abs(g) * e - 0.001, sign * dg * e - abs(g) * zeta * t * e)
    }

    /// The normalised position at `time` seconds after the start: 0 at 0, settling at 1.
    public func value(at time: Double) -> Double {
        guard mass > 0, stiffness > 0 else { return 1 }
        let t = max(time, 0)
        let omega0 = naturalFrequency
        let zeta = dampingRatio
        let v = initialVelocity
        if zeta < 1 {
            let omegaD = omega0 * (1 - zeta * zeta).squareRoot()
            return 1 - exp(-zeta * omega0 * t) * (cos(omegaD * t) + ((zeta * omega0 - v) / omegaD) * sin(omegaD * t))
        } else if zeta == 1 {
            return 1 - exp(-omega0 * t) * (1 + (omega0 - v) * t)
        } else {
            // Overdamped: y = A e^(r1 t) + B e^(r2 t), y(0) = -1, y'(0) = v, x = 1 + y.
            let root = (zeta * zeta - 1).squareRoot()
            let r1 = -omega0 * (zeta - root), r2 = -omega0 * (zeta + root)
            let b = (v + r1) / (r2 - r1)
            let a = -1 - b
            return 1 + a * exp(r1 * t) + b * exp(r2 * t)
        }
    }

    /// CASpringAnimation.settlingDuration: the time after which the spring stays within
    /// 0.001 of its target (found by stepping in 1/60 s frames, then refined), capped at 60 s.
    public var settlingDuration: Double {
        let step = 1.0 / 60
        var lastOutside = 0.0
        var t = 0.0
        while t <= 60 {
            if abs(value(at: t) - 1) > 0.001 { lastOutside = t }
            t += step
        }
        return min(lastOutside + step, 60)
    }
}
