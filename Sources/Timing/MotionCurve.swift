import Foundation

/// A closed-form one-dimensional motion in absolute units (points, seconds), for animations
/// whose shape depends on a starting velocity rather than on from/to progress: a scroll view's
/// deceleration and its bounce back to an edge. Evaluated at seconds since the animation began.
public enum MotionCurve: Equatable, Hashable, Sendable {
    /// Exponential decay of the velocity, as UIScrollView's deceleration:
    /// `v(t) = velocity * rate^(1000 t)` (`rate` per millisecond, in (0, 1)), so
    /// `x(t) = from + velocity * (rate^(1000 t) - 1) / (1000 ln rate)`.
    case decay(from: Double, velocity: Double, rate: Double)
    /// A critically damped spring (mass 1) with natural frequency `omega` (rad/s) from `from`
    /// with `velocity` towards rest at `to`:
    /// `x(t) = to + (d + (velocity + omega d) t) e^(-omega t)` with `d = from - to`.
    case criticallyDamped(from: Double, to: Double, velocity: Double, omega: Double)

    /// The position at `t` seconds (t < 0 is treated as 0).
    public func value(at t: Double) -> Double {
        let t = max(t, 0)
        switch self {
        case let .decay(from, velocity, rate):
            let k = 1000 * log(rate)
            guard k < 0, k.isFinite else { return from }
            return from + velocity * (exp(k * t) - 1) / k
        case let .criticallyDamped(from, to, velocity, omega):
            let d = from - to
            return to + (d + (velocity + omega * d) * t) * exp(-omega * t)
        }
    }

    /// The velocity at `t` seconds (points per second).
    public func velocity(at t: Double) -> Double {
        let t = max(t, 0)
        switch self {
        case let .decay(_, velocity, rate):
            let k = 1000 * log(rate)
            guard k < 0, k.isFinite else { return 0 }
            return velocity * exp(k * t)
        case let .criticallyDamped(from, to, velocity, omega):
            let d = from - to
            return (velocity - omega * (velocity + omega * d) * t) * exp(-omega * t)
        }
    }

    /// Where the motion starts.
    public var start: Double {
        switch self {
        case let .decay(from, _, _): from
        case let .criticallyDamped(from, _, _, _): from
        }
    }

    /// Where the motion tends to as t grows (a decay's limit, a spring's rest point).
    public var limit: Double {
        switch self {
        case let .decay(from, velocity, rate):
            let k = 1000 * log(rate)
            return k < 0 && k.isFinite ? from - velocity / k : from
        case let .criticallyDamped(_, to, _, _): return to
        }
    }

    /// The first time `t` in `start...end` at which the motion reaches `target` moving in the
    /// direction of `sign(direction)` (upwards for a positive direction), or nil when it does not
    /// (a crossing needs the motion on the near side of `target` first: a monotone decay already
    /// at or past it at `start` never crosses it again). Exact for a decay:
    /// `t = ln(1 + (target - from) k / v) / k` with `k = 1000 ln rate`. A critically damped
    /// spring has at most one turning point, `t* = v / (omega (v + omega d))`; on each monotone
    /// stretch the crossing is found by bisection to 1e-12 s.
    public func crossingTime(of target: Double, direction: Double, from start: Double, to end: Double) -> Double? {
        guard direction != 0, end > start else { return nil }
        let s: Double = direction > 0 ? 1 : -1
        switch self {
        case let .decay(from, velocity, rate):
            guard s * (value(at: start) - target) < 0, s * velocity > 0 else { return nil }
            let k = 1000 * log(rate)
            guard k < 0, k.isFinite else { return nil }
            let argument = 1 + (target - from) * k / velocity
            guard argument > 0 else { return nil }
            let t = log(argument) / k
            return t >= start && t <= end ? t : nil
        case let .criticallyDamped(from, to, velocity, omega):
            let a = velocity + omega * (from - to)
            var cuts = [start]
            if a != 0 {
                let turn = velocity / (omega * a)
                if turn > start && turn < end { cuts.append(turn) }
            }
            cuts.append(end)
            for index in 0..<(cuts.count - 1) {
                var lo = cuts[index], hi = cuts[index + 1]
                guard s * (value(at: lo) - target) < 0, s * (value(at: hi) - target) >= 0 else { continue }
                for _ in 0..<200 where hi - lo > 1e-12 {
                    let mid = (lo + hi) / 2
                    if s * (value(at: mid) - target) >= 0 { hi = mid } else { lo = mid }
                }
                return hi
            }
            return nil
        }
    }
}
