public import Geometry

/// A stroked straight line (`"kind":"line"`).
///
/// Wire fields, in order: `x1`, `y1`, `x2`, `y2`, `lw`, `stroke`, `cap`.
public struct LineShape: Equatable, Sendable {
    /// Optional debugging id (`id`), kept in frames and SVG (`data-id`).
    public var id: String?
    /// Start point (`x1`, `y1`).
    public var start: Point
    /// End point (`x2`, `y2`).
    public var end: Point
    /// Stroke width in points (`lw`).
    public var lineWidth: Double
    /// Stroke colour.
    public var stroke: Color
    /// nil for the page's default, butt.
    public var cap: LineCap?

    /// Creates a value with these fields (see the type's documentation for their meaning).
    public init(id: String? = nil, start: Point, end: Point, lineWidth: Double, stroke: Color, cap: LineCap? = nil) {
        self.id = id
        self.start = start
        self.end = end
        self.lineWidth = lineWidth
        self.stroke = stroke
        self.cap = cap
    }
}
