import Foundation

@testable import Timing

func approx(_ a: Double?, _ b: Double, _ tolerance: Double = 1e-9) -> Bool {
    guard let a else { return false }
    return abs(a - b) <= tolerance
}

/// Independent cubic Bezier evaluation: bisection on x(t) to 1e-12, then y(t).
func referenceBezier(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, at x: Double) -> Double {
    func bez(_ p1: Double, _ p2: Double, _ t: Double) -> Double {
        let mt = 1 - t
        return 3 * mt * mt * t * p1 + 3 * mt * t * t * p2 + t * t * t
    }
    var lo = 0.0, hi = 1.0
    while hi - lo > 1e-12 {
        let mid = (lo + hi) / 2
        if bez(x1, x2, mid) < x { lo = mid } else { hi = mid }
    }
    return bez(y1, y2, (lo + hi) / 2)
}

extension Timeline {
    /// Drains every event up to `time`, returning them.
    mutating func drain(upTo time: Double) -> [TimelineEvent] {
        var events: [TimelineEvent] = []
        while let e = nextEvent(upTo: time) { events.append(e) }
        return events
    }
}
