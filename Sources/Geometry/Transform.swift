import Foundation

/// A 2-D transform kept as its animatable components, the way Core Animation interpolates
/// `transform` key paths by decomposition: translate, then rotate, then scale about the anchor.
public struct Transform: Equatable, Hashable, Sendable {
    public var translation: Point
    public var scale: Size
    /// Radians, clockwise on screen (y down).
    public var rotation: Double

    public init(translation: Point = .zero, scale: Size = Size(width: 1, height: 1), rotation: Double = 0) {
        self.translation = translation
        self.scale = scale
        self.rotation = rotation
    }

    public static let identity = Transform()

    /// Uniform scale, like CGAffineTransformMakeScale(s, s).
    public static func scale(_ s: Double) -> Transform { Transform(scale: Size(width: s, height: s)) }

    /// The affine matrix [a, b, c, d, e, f] (as canvas `setTransform`) of this transform applied
    /// about `anchor`: translate(anchor + translation) * rotate * scale * translate(-anchor).
    public func matrix(about anchor: Point) -> [Double] {
        let cosR = cos(rotation), sinR = sin(rotation)
        let a = cosR * scale.width, b = sinR * scale.width
        let c = -sinR * scale.height, d = cosR * scale.height
        let e = anchor.x + translation.x - (a * anchor.x + c * anchor.y)
        let f = anchor.y + translation.y - (b * anchor.x + d * anchor.y)
        return [a, b, c, d, e, f]
    }
}
