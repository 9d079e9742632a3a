public import Geometry

/// A rectangle that accepts pointer downs for a component, possibly enlarged beyond what is
/// drawn (BNCommonProgressBar adds 20 pt on every side of its bar; small buttons do the same).
public struct HitRegion: Equatable, Hashable, Sendable {
    /// The component's target id.
    public var target: String
    /// Which part of the component (for example "dot" or "button"); components define these.
    public var part: String
    /// The drawn frame.
    public var frame: Rect
    /// Points added on every side of `frame` for hit testing (0: exactly the frame).
    public var outset: Double

    /// A region of `target`'s `part`, enlarged by `outset` on every side.
    public init(target: String, part: String, frame: Rect, outset: Double = 0) {
        self.target = target
        self.part = part
        self.frame = frame
        self.outset = outset
    }

    /// The frame grown by `outset` on every side.
    public var hitFrame: Rect { frame.outset(dx: outset, dy: outset) }

    /// Whether `point` falls in the enlarged frame (minimum edges included, maximum edges
    /// excluded, as CGRectContainsPoint).
    public func contains(_ point: Point) -> Bool { hitFrame.contains(point) }
}
