import Geometry

/// A stroked straight line (`"kind":"line"`).
///
/// Wire fields, in order: `x1`, `y1`, `x2`, `y2`, `lw`, `stroke`, `cap`.
public struct LineShape: Equatable, Sendable {
    public var id: String?
    public var start: Point
    public var end: Point
    public var lineWidth: Double
    public var stroke: Color
    /// nil for the page's default, butt.
    public var cap: LineCap?

    public init(id: String? = nil, start: Point, end: Point, lineWidth: Double, stroke: Color, cap: LineCap? = nil) {
        self.id = id
        self.start = start
        self.end = end
        self.lineWidth = lineWidth
        self.stroke = stroke
        self.cap = cap
    }
}
