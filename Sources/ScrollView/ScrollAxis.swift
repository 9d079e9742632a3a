public import Geometry
public import Timing

/// One of a scroll view's two independent axes (UIScrollView decelerates and bounces each axis
/// on its own).
public enum ScrollAxis: String, Equatable, Hashable, Sendable, CaseIterable {
    case horizontal
    case vertical

    /// The layer property holding the content offset on this axis.
    public var offsetKey: PropertyKey { self == .vertical ? ScrollAxis.offsetYKey : ScrollAxis.offsetXKey }

    static let offsetXKey: PropertyKey = "contentOffset.x"
    static let offsetYKey: PropertyKey = "contentOffset.y"

    /// The key of a physics animation (deceleration then bounce) on this axis.
    var motionKey: String { self == .vertical ? "offset.y.motion" : "offset.x.motion" }
    /// The key of the bounce that follows a deceleration on this axis.
    var bounceKey: String { self == .vertical ? "offset.y.bounce" : "offset.x.bounce" }
    /// The key of a UIView-style (ease-in-ease-out) offset animation on this axis.
    var easeKey: String { self == .vertical ? "offset.y.ease" : "offset.x.ease" }

    /// The coordinate of `point` on this axis.
    public func of(_ point: Point) -> Double { self == .vertical ? point.y : point.x }

    /// The extent of `size` on this axis.
    public func of(_ size: Size) -> Double { self == .vertical ? size.height : size.width }

    /// `point` with its coordinate on this axis replaced by `value`.
    public func replacing(_ point: Point, with value: Double) -> Point {
        self == .vertical ? Point(x: point.x, y: value) : Point(x: value, y: point.y)
    }

    /// Index 0 (horizontal) or 1 (vertical), for per-axis storage.
    var index: Int { self == .vertical ? 1 : 0 }
}
