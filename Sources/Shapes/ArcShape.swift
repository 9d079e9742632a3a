public import Geometry

/// A stroked circular arc (`"kind":"arc"`), drawn like canvas `arc(cx, cy, r, a0, a1)`: clockwise
/// on screen from `a0` to `a1` (radians, 0 pointing right); a sweep of 2π or more is a full circle.
///
/// Wire fields, in order: `cx`, `cy`, `r`, `a0`, `a1`, `lw`, `stroke`, `cap`.
public struct ArcShape: Equatable, Sendable {
    /// Optional debugging id (`id`), kept in frames and SVG (`data-id`).
    public var id: String?
    /// The circle's centre (`cx`, `cy`).
    public var center: Point
    /// Radius in points (`r`).
    public var radius: Double
    /// Start angle in radians, clockwise on screen from the positive x axis (`a0`).
    public var startAngle: Double
    /// End angle in radians (`a1`).
    public var endAngle: Double
    /// Stroke width in points (`lw`).
    public var lineWidth: Double
    /// Stroke colour, as the encodings carry it (see ``ColorBytes``).
    public var strokeBytes: ColorBytes
    /// nil for the page's default, butt.
    public var cap: LineCap?

    /// Creates a value with these fields (see the type's documentation for their meaning).
    public init(
        id: String? = nil, center: Point, radius: Double, startAngle: Double, endAngle: Double,
        lineWidth: Double, stroke: Color, cap: LineCap? = nil
    ) {
        self.id = id
        self.center = center
        self.radius = radius
        self.startAngle = startAngle
        self.endAngle = endAngle
        self.lineWidth = lineWidth
        strokeBytes = ColorBytes(stroke)
        self.cap = cap
    }
}

extension ArcShape {
    /// Stroke colour. Reads the bytes as a ``Color``; setting it rounds to bytes.
    public var stroke: Color {
        get { strokeBytes.color }
        set { strokeBytes = ColorBytes(newValue) }
    }
}
