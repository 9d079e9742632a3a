/// An axis-aligned rectangle: origin (top-left) and size, in points.
public struct Rect: Equatable, Hashable, Sendable {
    public var origin: Point
    public var size: Size

    public init(origin: Point, size: Size) {
        self.origin = origin
        self.size = size
    }

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.origin = Point(x: x, y: y)
        self.size = Size(width: width, height: height)
    }

    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    public var x: Double { origin.x }
    public var y: Double { origin.y }
    public var width: Double { size.width }
    public var height: Double { size.height }
    public var minX: Double { origin.x }
    public var minY: Double { origin.y }
    public var maxX: Double { origin.x + size.width }
    public var maxY: Double { origin.y + size.height }
    public var midX: Double { origin.x + size.width / 2 }
    public var midY: Double { origin.y + size.height / 2 }
    public var center: Point { Point(x: midX, y: midY) }

    /// The rectangle grown by `dx` on the left and right and `dy` on the top and bottom
    /// (negative values shrink it), like CGRectInset with negated arguments.
    public func outset(dx: Double, dy: Double) -> Rect {
        Rect(x: origin.x - dx, y: origin.y - dy, width: size.width + 2 * dx, height: size.height + 2 * dy)
    }

    /// The rectangle shrunk by `d` on every side, like CGRectInset(rect, d, d).
    public func inset(by d: Double) -> Rect { outset(dx: -d, dy: -d) }

    /// Whether `point` lies inside, with the maximum edges excluded (as CGRectContainsPoint).
    public func contains(_ point: Point) -> Bool {
        point.x >= minX && point.x < maxX && point.y >= minY && point.y < maxY
    }
}
