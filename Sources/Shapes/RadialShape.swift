public import Geometry

/// A rectangle filled with a radial gradient (`"kind":"radial"`): circles centred on `cx`,`cy`
/// from radius 0 (offset 0) to `r` (offset 1), padded with the end colours beyond, as canvas
/// `createRadialGradient(cx, cy, 0, cx, cy, r)`.
///
/// Wire fields, in order: `x`, `y`, `w`, `h`, `cx`, `cy`, `r`, `stops` (`[[offset, colour], ...]`).
public struct RadialShape: Equatable, Sendable {
    /// One colour stop of the gradient.
    public struct Stop: Equatable, Sendable {
        /// 0...1 along the radius.
        public var offset: Double
        /// The stop's colour, as the encodings carry it (see ``ColorBytes``).
        public var colorBytes: ColorBytes

        /// Creates a value with these fields (see the type's documentation for their meaning).
        public init(offset: Double, color: Color) {
            self.offset = offset
            colorBytes = ColorBytes(color)
        }

        /// The stop's colour. Reads the bytes as a ``Color``; setting it rounds to bytes.
        public var color: Color {
            get { colorBytes.color }
            set { colorBytes = ColorBytes(newValue) }
        }
    }

    /// Optional debugging id (`id`), kept in frames and SVG (`data-id`).
    public var id: String?
    /// The area painted.
    public var area: Rect
    /// The circle's centre (`cx`, `cy`).
    public var center: Point
    /// Radius in points (`r`).
    public var radius: Double
    /// Colour stops (canvas sorts them by offset).
    public var stops: [Stop]

    /// Creates a value with these fields (see the type's documentation for their meaning).
    public init(id: String? = nil, area: Rect, center: Point, radius: Double, stops: [Stop]) {
        self.id = id
        self.area = area
        self.center = center
        self.radius = radius
        self.stops = stops
    }
}
