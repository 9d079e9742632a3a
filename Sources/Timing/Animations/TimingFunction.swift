/// A cubic Bezier timing curve from (0,0) to (1,1) with two control points, like
/// CAMediaTimingFunction, solved the way WebKit's UnitBezier does.
public struct TimingFunction: Equatable, Hashable, Sendable {
    public let p1: (x: Double, y: Double)
    public let p2: (x: Double, y: Double)

    // Polynomial coefficients (WebKit UnitBezier): x(t) = ((ax*t + bx)*t + cx)*t.
    private let ax, bx, cx, ay, by, cy: Double
    // Linear extrapolation outside [0, 1], as UnitBezier does.
    private let startGradient, endGradient: Double
    /// The curve is the identity (linear): skip solving.
    private let isLinear: Bool
    /// 11 samples of x(t) at t = 0, 0.1, ..., 1 for the initial guess.
    private let samples: [Double]

    public init(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
        p1 = (x1, y1)
        p2 = (x2, y2)
        cx = 3 * x1
        bx = 3 * (x2 - x1) - cx
        ax = 1 - cx - bx
        cy = 3 * y1
        by = 3 * (y2 - y1) - cy
        ay = 1 - cy - by
        if x1 > 0 {
            startGradient = y1 / x1
        } else if y1 == 0 && x2 > 0 {
            startGradient = y2 / x2
        } else if y1 == 0 && y2 == 0 {
            startGradient = 1
        } else {
            startGradient = 0
        }
        if x2 < 1 {
            endGradient = (y2 - 1) / (x2 - 1)
        } else if y2 == 1 && x1 < 1 {
            endGradient = (y1 - 1) / (x1 - 1)
        } else if y2 == 1 && y1 == 1 {
            endGradient = 1
        } else {
            endGradient = 0
        }
        isLinear = x1 == y1 && x2 == y2
        let (a, b, c) = (ax, bx, cx)
        samples = (0...10).map { i in
            let t = Double(i) / 10
            return ((a * t + b) * t + c) * t
        }
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
        if isLinear { return x }
        if x < 0 { return startGradient * x }
        if x > 1 { return 1 + endGradient * (x - 1) }
        return sampleY(solveCurveX(x, epsilon: epsilon))
    }

    private func sampleX(_ t: Double) -> Double { ((ax * t + bx) * t + cx) * t }
    private func sampleY(_ t: Double) -> Double { ((ay * t + by) * t + cy) * t }
    private func sampleDerivativeX(_ t: Double) -> Double { (3 * ax * t + 2 * bx) * t + cx }

    /// Finds t with x(t) = x: spline-sample guess, up to 4 Newton steps, then bisection.
    private func solveCurveX(_ x: Double, epsilon: Double) -> Double {
        var t0 = 0.0, t1 = 0.0, t2 = x
        // Initial guess from the 11 samples.
        for i in 1..<samples.count where x < samples[i] {
            let lo = samples[i - 1], hi = samples[i]
            t2 = (Double(i - 1) + (hi > lo ? (x - lo) / (hi - lo) : 0)) / 10
            break
        }
        let newtonEpsilon = min(1e-7, epsilon)
        let start = t2
        for _ in 0..<4 {
            let x2 = sampleX(t2) - x
            if abs(x2) < newtonEpsilon { return t2 }
            let d2 = sampleDerivativeX(t2)
            if abs(d2) < 1e-7 { break }
            t2 -= x2 / d2
        }
        if abs(sampleX(t2) - x) < newtonEpsilon { return t2 }
        // Bisection over [0, 1].
        t0 = 0
        t1 = 1
        t2 = min(max(start, 0), 1)
        let bisectEpsilon = max(1e-10, min(epsilon, 1e-7))
        while t0 < t1 {
            let x2 = sampleX(t2)
            if abs(x2 - x) < bisectEpsilon { return t2 }
            if x > x2 { t0 = t2 } else { t1 = t2 }
            t2 = (t1 + t0) / 2
            if t1 - t0 < 1e-15 { break }
        }
        return t2
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
