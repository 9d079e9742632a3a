/// A cubic Bezier timing curve from (0,0) to (1,1) with two control points, like
/// CAMediaTimingFunction, solved the way WebKit's UnitBezier does.
public struct TimingFunction: Equatable, Hashable, Sendable {
    public let p1: (x: Double, y: Double)
    public let p2: (x: Double, y: Double)

    // Only the control points are stored (32 bytes, nothing to reference-count): the solver's
    // coefficients, end gradients and initial-guess samples are derived in `solve` with the same
    // arithmetic UnitBezier precomputes, so the results are bit for bit what a precomputed curve
    // gives. An animation is read cold from memory on every frame under load (docs/benchmarks.md,
    // "Where the time goes"); a few multiplications are cheaper than the cache lines they replace.

    public init(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
        p1 = (x1, y1)
        p2 = (x2, y2)
    }

    public static let linear = TimingFunction(0, 0, 1, 1)
    public static let easeIn = TimingFunction(0.42, 0, 1, 1)
    public static let easeOut = TimingFunction(0, 0, 0.58, 1)
    public static let easeInEaseOut = TimingFunction(0.42, 0, 0.58, 1)
    /// kCAMediaTimingFunctionDefault.
    public static let `default` = TimingFunction(0.25, 0.1, 0.25, 1)

    /// The named curves by their docs/protocol.md names.
    public static func named(_ name: String) -> TimingFunction? {
        switch name {
        case "linear": return .linear
        case "easeIn": return .easeIn
        case "easeOut": return .easeOut
        case "easeInEaseOut": return .easeInEaseOut
        case "default": return .default
        default: return nil
        }
    }

    /// Output progress for input progress `x`. `epsilon` is the solver's tolerance on x
    /// (UnitBezier uses 1/(200*duration)); the default keeps the output within 1e-6.
    public func solve(_ x: Double, epsilon: Double = 1e-7) -> Double {
        // The curve is the identity (linear): skip solving.
        if p1.x == p1.y && p2.x == p2.y { return x }
        // Linear extrapolation outside [0, 1], as UnitBezier does.
        if x < 0 { return startGradient * x }
        if x > 1 { return 1 + endGradient * (x - 1) }
        return Polynomial(p1.x, p2.x).solve(for: x, epsilon: epsilon, y: Polynomial(p1.y, p2.y))
    }

    private var startGradient: Double {
        if p1.x > 0 { return p1.y / p1.x }
        if p1.y == 0 && p2.x > 0 { return p2.y / p2.x }
        if p1.y == 0 && p2.y == 0 { return 1 }
        return 0
    }

    private var endGradient: Double {
        if p2.x < 1 { return (p2.y - 1) / (p2.x - 1) }
        if p2.y == 1 && p1.x < 1 { return (p1.y - 1) / (p1.x - 1) }
        if p2.y == 1 && p1.y == 1 { return 1 }
        return 0
    }

    /// One coordinate of the curve as UnitBezier's polynomial: v(t) = ((a*t + b)*t + c)*t.
    private struct Polynomial {
        let a, b, c: Double

        init(_ v1: Double, _ v2: Double) {
            c = 3 * v1
            b = 3 * (v2 - v1) - c
            a = 1 - c - b
        }

        func value(_ t: Double) -> Double { ((a * t + b) * t + c) * t }
        func derivative(_ t: Double) -> Double { (3 * a * t + 2 * b) * t + c }

        /// Finds t with x(t) = x (self is x(t)) and returns y(t): a guess from x(t) at t = 0,
        /// 0.1, ..., 1, up to 4 Newton steps, then bisection.
        func solve(for x: Double, epsilon: Double, y: Polynomial) -> Double {
            y.value(solveT(x, epsilon: epsilon))
        }

        private func solveT(_ x: Double, epsilon: Double) -> Double {
            var t0 = 0.0, t1 = 0.0, t2 = x
            // Initial guess between the samples around x.
            var lo = value(0)
            for i in 1...10 {
                let hi = value(Double(i) / 10)
                if x < hi {
                    t2 = (Double(i - 1) + (hi > lo ? (x - lo) / (hi - lo) : 0)) / 10
                    break
                }
                lo = hi
            }
            let newtonEpsilon = min(1e-7, epsilon)
            let start = t2
            for _ in 0..<4 {
                let x2 = value(t2) - x
                if abs(x2) < newtonEpsilon { return t2 }
                let d2 = derivative(t2)
                if abs(d2) < 1e-7 { break }
                t2 -= x2 / d2
            }
            if abs(value(t2) - x) < newtonEpsilon { return t2 }
            // Bisection over [0, 1].
            t0 = 0
            t1 = 1
            t2 = min(max(start, 0), 1)
            let bisectEpsilon = max(1e-10, min(epsilon, 1e-7))
            while t0 < t1 {
                let x2 = value(t2)
                if abs(x2 - x) < bisectEpsilon { return t2 }
                if x > x2 { t0 = t2 } else { t1 = t2 }
                t2 = (t1 + t0) / 2
                if t1 - t0 < 1e-15 { break }
            }
            return t2
        }
    }

    public static func == (lhs: TimingFunction, rhs: TimingFunction) -> Bool {
        lhs.p1 == rhs.p1 && lhs.p2 == rhs.p2
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(p1.x)
        hasher.combine(p1.y)
        hasher.combine(p2.x)
        hasher.combine(p2.y)
    }
}
