public import Geometry

/// A filled circular sector (`"kind":"pie"`): from the centre, along the arc from `a0` clockwise
/// to `a1` (as ``ArcShape``), and back to the centre.
///
/// Wire fields, in order: `cx`, `cy`, `r`, `a0`, `a1`, `fill`.
public struct PieShape: Equatable, Sendable {
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
    /// Fill colour, as the encodings carry it (see ``ColorBytes``).
    public var fillBytes: ColorBytes

    /// Creates a value with these fields (see the type's documentation for their meaning).
    public init(id: String? = nil, center: Point, radius: Double, startAngle: Double, endAngle: Double, fill: Color) {
        self.id = id
        self.center = center
        self.radius = radius
        self.startAngle = startAngle
        self.endAngle = endAngle
        fillBytes = ColorBytes(fill)
    }
}

extension PieShape {
    /// Fill colour. Reads the bytes as a ``Color``; setting it rounds to bytes.
    public var fill: Color {
        get { fillBytes.color }
        set { fillBytes = ColorBytes(newValue) }
    }
}
