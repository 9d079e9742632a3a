/// The part of a circle that canvas `arc(cx, cy, r, a0, a1)` (clockwise) covers.
public enum ArcSweep: Equatable, Sendable {
    /// Nothing (equal angles, or non-finite input).
    case empty
    /// The whole circumference, starting at `a0`.
    case fullCircle
    /// A clockwise sweep in (0, 2π) radians from `a0`.
    case partial(Double)

    /// Canvas's rule: a difference of 2π or more is the full circle; otherwise the end angle is
    /// taken modulo 2π so that the sweep goes clockwise from the start.
    public init(start: Double, end: Double) {
        let twoPi = 2 * Double.pi
        let difference = end - start
        guard difference.isFinite else {
            self = .empty
            return
        }
        if difference >= twoPi {
            self = .fullCircle
            return
        }
        var sweep = difference.truncatingRemainder(dividingBy: twoPi)
        if sweep < 0 { sweep += twoPi }
        self = sweep > 0 && sweep < twoPi ? .partial(sweep) : .empty
    }
}
