import Geometry

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
        public var color: Color

        public init(offset: Double, color: Color) {
            self.offset = offset
            self.color = color
        }
    }

    public var id: String?
    /// The area painted.
    public var area: Rect
    public var center: Point
    public var radius: Double
    public var stops: [Stop]

    public init(id: String? = nil, area: Rect, center: Point, radius: Double, stops: [Stop]) {
        self.id = id
        self.area = area
        self.center = center
        self.radius = radius
        self.stops = stops
    }
}
