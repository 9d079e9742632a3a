import Foundation
public import Timing

/// UIScrollView's physics in closed form.
///
/// - Rubber band (dragging past an edge): `b = (1 - 1 / (x * 0.55 / d + 1)) * d`, `x` the
///   distance past the edge, `d` the view's extent on that axis.
/// - Deceleration: `v(t) = v0 * rate^(1000 t)`, so `x(t) = x0 + v0 (rate^(1000 t) - 1) / (1000 ln rate)`.
///   It stops when the distance still to travel, `|v| / (1000 |ln rate|)`, falls under
///   ``stopDistance`` (0.25 pt: a quarter point is below what a 2x screen can show moving);
///   the model value is the position at that instant, so stopping never jumps.
/// - Bounce back to an edge: a critically damped spring of mass 1, stiffness 100 (omega
///   10 rad/s, damping ratio 1). These are the commonly cited UIScrollView approximations: the
///   rubber-band constant 0.55 (Grant Paul's formula, widely quoted since 2013) and the bounce
///   spring of Ilya Lobanov's "Scrolling mechanics of UIScrollView" (2019) and its sample
///   project ScrollMechanics: mass 1, stiffness 100, damping ratio 1 (the sample stiffens the
///   spring with the overscroll; ProgressCast keeps 100 so the bounce stays closed form).
///   A critically damped spring
///   `x(t) = E + (d + (v + omega d) t) e^(-omega t)` (d = x0 - E) crosses the edge E once when
///   the velocity towards the edge exceeds `omega |d|`; such a velocity is clamped to
///   `omega |d|` (the spring then approaches the edge exponentially, `E + d e^(-omega t)`), so a
///   bounce never overshoots. The bounce ends when `(|d| + |v + omega d| t) e^(-omega t)` is
///   under ``settleDistance`` (0.001 pt), at which point the model (the edge) takes over.
public enum ScrollPhysics {
    /// The rubber-band constant.
    public static let rubberBandConstant = 0.55
    /// The bounce spring's natural frequency sqrt(stiffness / mass) = sqrt(100 / 1).
    public static let bounceOmega = 10.0
    /// Deceleration stops when the distance left to travel is under this (points).
    public static let stopDistance = 0.25
    /// A bounce ends when it is within this of the edge (points).
    public static let settleDistance = 0.001

    /// The rubber-banded distance shown for a drag `overshoot` points past an edge of a view
    /// `dimension` points long.
    public static func rubberBand(_ overshoot: Double, dimension: Double) -> Double {
        guard overshoot > 0, dimension > 0 else { return 0 }
        return (1 - 1 / (overshoot * rubberBandConstant / dimension + 1)) * dimension
    }

    /// How many points the rubber-banded content moves per point of finger travel, `overshoot`
    /// points past an edge: the derivative of ``rubberBand(_:dimension:)``,
    /// `0.55 / (x * 0.55 / d + 1)²`.
    public static func rubberBandSlope(_ overshoot: Double, dimension: Double) -> Double {
        guard dimension > 0 else { return 0 }
        let base = max(overshoot, 0) * rubberBandConstant / dimension + 1
        return rubberBandConstant / (base * base)
    }

    /// The drag distance that shows `shown` points past the edge (inverse of ``rubberBand(_:dimension:)``).
    public static func inverseRubberBand(_ shown: Double, dimension: Double) -> Double {
        guard shown > 0, dimension > 0 else { return 0 }
        let limited = min(shown, dimension * (1 - 1e-9))
        return (dimension / (dimension - limited) - 1) * dimension / rubberBandConstant
    }

    /// The speed (points per second) under which a deceleration at `rate` counts as stopped.
    public static func stopSpeed(rate: Double) -> Double {
        stopDistance * 1000 * abs(log(rate))
    }

    /// Seconds until a deceleration from `velocity` at `rate` stops (0 when already negligible).
    public static func decayDuration(velocity: Double, rate: Double) -> Double {
        let stop = stopSpeed(rate: rate)
        guard abs(velocity) > stop else { return 0 }
        return log(stop / abs(velocity)) / (1000 * log(rate))
    }

    /// The bounce from `position` with `velocity` back to `edge`: a critically damped spring
    /// with the incoming velocity clamped so that it cannot cross the edge, and its duration.
    public static func bounce(
        from position: Double, to edge: Double, velocity: Double
    ) -> (curve: MotionCurve, duration: Double) {
        let omega = bounceOmega
        let d = position - edge
        var v = velocity
        // Towards the edge faster than omega*|d|: the spring would cross it; clamp.
        if d != 0, (v + omega * d) * d < 0 { v = -omega * d }
        let curve = MotionCurve.criticallyDamped(from: position, to: edge, velocity: v, omega: omega)
        return (curve, settleTime(distance: abs(d), slope: abs(v + omega * d)))
    }

    /// The first time after which `(distance + slope t) e^(-omega t)` stays under ``settleDistance``.
    private static func settleTime(distance: Double, slope: Double) -> Double {
        let omega = bounceOmega
        func envelope(_ t: Double) -> Double { (distance + slope * t) * exp(-omega * t) }
        var lo = slope > 0 ? max(0, 1 / omega - distance / slope) : 0
        guard envelope(lo) > settleDistance else { return max(lo, 1e-6) }
        var hi = lo + 1
        while envelope(hi) > settleDistance && hi < 1000 { hi *= 2 }
        for _ in 0..<100 where hi - lo > 1e-9 {
            let mid = (lo + hi) / 2
            if envelope(mid) > settleDistance { lo = mid } else { hi = mid }
        }
        return hi
    }
}
