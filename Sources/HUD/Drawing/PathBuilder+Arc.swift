import Foundation
import Geometry
import Shapes

extension PathBuilder {
    /// Appends a circular arc from angle `start` to `end` (radians, clockwise on screen when
    /// `end > start`) as cubic Béziers of at most 90° each (control distance 4/3 tan(θ/4) r),
    /// starting with `lead` (a move or a line to the arc's start, or nothing when the current
    /// point is already there). Drawing's PathBuilder has
    /// no arc command (SVG `A`), so HUD paths approximate arcs this way (error < 0.03% of r).
    mutating func arc(center: Point, radius: Double, from start: Double, to end: Double, lead: ArcLead) {
        let sweep = end - start
        let first = Point(x: center.x + radius * cos(start), y: center.y + radius * sin(start))
        switch lead {
        case .move: move(to: first)
        case .line: line(to: first)
        case .continuing: break
        }
        guard sweep != 0, radius > 0 else { return }
        let segments = max(1, Int((abs(sweep) / (Double.pi / 2)).rounded(.up)))
        let step = sweep / Double(segments)
        let k = 4.0 / 3.0 * tan(step / 4) * radius
        var angle = start
        for _ in 0..<segments {
            let next = angle + step
            let p0 = Point(x: center.x + radius * cos(angle), y: center.y + radius * sin(angle))
            let p1 = Point(x: center.x + radius * cos(next), y: center.y + radius * sin(next))
            let c1 = Point(x: p0.x - k * sin(angle), y: p0.y + k * cos(angle))
            let c2 = Point(x: p1.x + k * sin(next), y: p1.y - k * cos(next))
            curve(to: p1, control1: c1, control2: c2)
            angle = next
        }
    }
}

/// How an arc joins the path before it.
enum ArcLead {
    /// Starts a new subpath at the arc's start.
    case move
    /// A straight line to the arc's start.
    case line
    /// Nothing: the current point is the arc's start.
    case continuing
}
