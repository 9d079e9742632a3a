import Geometry

/// A filled circular sector (`"kind":"pie"`): from the centre, along the arc from `a0` clockwise
/// to `a1` (as ``ArcShape``), and back to the centre.
///
/// Wire fields, in order: `cx`, `cy`, `r`, `a0`, `a1`, `fill`.
public struct PieShape: Equatable, Sendable {
    public var id: String?
    public var center: Point
    public var radius: Double
    public var startAngle: Double
    public var endAngle: Double
    public var fill: Color

    public init(id: String? = nil, center: Point, radius: Double, startAngle: Double, endAngle: Double, fill: Color) {
        self.id = id
        self.center = center
        self.radius = radius
        self.startAngle = startAngle
        self.endAngle = endAngle
        self.fill = fill
    }
}
