import Geometry

/// A stroked circular arc (`"kind":"arc"`), drawn like canvas `arc(cx, cy, r, a0, a1)`: clockwise
/// on screen from `a0` to `a1` (radians, 0 pointing right); a sweep of 2π or more is a full circle.
///
/// Wire fields, in order: `cx`, `cy`, `r`, `a0`, `a1`, `lw`, `stroke`, `cap`.
public struct ArcShape: Equatable, Sendable {
    public var id: String?
    public var center: Point
    public var radius: Double
    public var startAngle: Double
    public var endAngle: Double
    public var lineWidth: Double
    public var stroke: Color
    /// nil for the page's default, butt.
    public var cap: LineCap?

    public init(id: String? = nil, center: Point, radius: Double, startAngle: Double, endAngle: Double,
                lineWidth: Double, stroke: Color, cap: LineCap? = nil) {
        self.id = id
        self.center = center
        self.radius = radius
        self.startAngle = startAngle
        self.endAngle = endAngle
        self.lineWidth = lineWidth
        self.stroke = stroke
        self.cap = cap
    }
}
