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
    /// Stroke colour, as the encodings carry it (see ``ColorBytes``).
    public var strokeBytes: ColorBytes
    /// nil for the page's default, butt.
    public var cap: LineCap?

    /// Creates a value with these fields (see the type's documentation for their meaning).
    public init(id: String? = nil, start: Point, end: Point, lineWidth: Double, stroke: Color, cap: LineCap? = nil) {
        self.id = id
        self.start = start
        self.end = end
        self.lineWidth = lineWidth
        strokeBytes = ColorBytes(stroke)
        self.cap = cap
    }
}

extension LineShape {
    /// Stroke colour. Reads the bytes as a ``Color``; setting it rounds to bytes.
    public var stroke: Color {
        get { strokeBytes.color }
        set { strokeBytes = ColorBytes(newValue) }
    }
}
