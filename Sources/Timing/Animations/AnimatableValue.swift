import Foundation
public import Geometry

/// A value that a layer property can hold and an animation can interpolate.
public enum AnimatableValue: Equatable, Hashable, Sendable {
    case scalar(Double)
    case point(Point)
    case size(Size)
    case color(Color)
    case transform(Transform)

    /// Linear interpolation from self (at 0) to `other` (at 1). Colours interpolate per channel,
    /// transforms per component (translation, scale, rotation), as Core Animation does for 2-D
    /// transforms. Values of different kinds snap to `other` at progress >= 0.5.
    public func interpolated(to other: AnimatableValue, progress p: Double) -> AnimatableValue {
        switch (self, other) {
        case let (.scalar(a), .scalar(b)): return .scalar(a + (b - a) * p)
        case let (.point(a), .point(b)): return .point(Point(x: a.x + (b.x - a.x) * p, y: a.y + (b.y - a.y) * p))
        case let (.size(a), .size(b)):
            return .size(Size(width: a.width + (b.width - a.width) * p, height: a.height + (b.height - a.height) * p))
        case let (.color(a), .color(b)):
            return .color(
                Color(
                    red: a.red + (b.red - a.red) * p, green: a.green + (b.green - a.green) * p,
                    blue: a.blue + (b.blue - a.blue) * p, alpha: a.alpha + (b.alpha - a.alpha) * p))
        case let (.transform(a), .transform(b)):
            return .transform(
                Transform(
                    translation: Point(
                        x: a.translation.x + (b.translation.x - a.translation.x) * p,
                        y: a.translation.y + (b.translation.y - a.translation.y) * p),
                    scale: Size(
                        width: a.scale.width + (b.scale.width - a.scale.width) * p,
                        height: a.scale.height + (b.scale.height - a.scale.height) * p),
                    rotation: a.rotation + (b.rotation - a.rotation) * p))
        default:
            return p < 0.5 ? self : other
        }
    }

    /// Component-wise sum (for `by` values, additive and cumulative animations). Transforms
    /// add translations and rotations and multiply scales. Mismatched kinds return self.
    public func adding(_ other: AnimatableValue) -> AnimatableValue {
        switch (self, other) {
        case let (.scalar(a), .scalar(b)): return .scalar(a + b)
        case let (.point(a), .point(b)): return .point(a + b)
        case let (.size(a), .size(b)): return .size(a + b)
        case let (.color(a), .color(b)):
            return .color(
                Color(red: a.red + b.red, green: a.green + b.green, blue: a.blue + b.blue, alpha: a.alpha + b.alpha))
        case let (.transform(a), .transform(b)):
            return .transform(
                Transform(
                    translation: a.translation + b.translation,
                    scale: Size(width: a.scale.width * b.scale.width, height: a.scale.height * b.scale.height),
                    rotation: a.rotation + b.rotation))
        default: return self
        }
    }

    /// Component-wise difference, the inverse of `adding`. Mismatched kinds return self.
    public func subtracting(_ other: AnimatableValue) -> AnimatableValue {
        switch (self, other) {
        case let (.scalar(a), .scalar(b)): return .scalar(a - b)
        case let (.point(a), .point(b)): return .point(a - b)
        case let (.size(a), .size(b)): return .size(a - b)
        case let (.color(a), .color(b)):
            return .color(
                Color(red: a.red - b.red, green: a.green - b.green, blue: a.blue - b.blue, alpha: a.alpha - b.alpha))
        case let (.transform(a), .transform(b)):
            return .transform(
                Transform(
                    translation: a.translation - b.translation,
                    scale: Size(
                        width: b.scale.width == 0 ? 0 : a.scale.width / b.scale.width,
                        height: b.scale.height == 0 ? 0 : a.scale.height / b.scale.height),
                    rotation: a.rotation - b.rotation))
        default: return self
        }
    }

    /// `count` times the change from the identity (for cumulative repeats).
    func repeated(_ count: Double) -> AnimatableValue {
        switch self {
        case let .scalar(a): return .scalar(a * count)
        case let .point(a): return .point(a * count)
        case let .size(a): return .size(a * count)
        case let .color(a):
            return .color(
                Color(red: a.red * count, green: a.green * count, blue: a.blue * count, alpha: a.alpha * count))
        case let .transform(a):
            return .transform(
                Transform(
                    translation: a.translation * count,
                    scale: Size(width: pow(a.scale.width, count), height: pow(a.scale.height, count)),
                    rotation: a.rotation * count))
        }
    }

    /// The scalar, or nil for other kinds.
    public var scalar: Double? {
        if case let .scalar(v) = self { return v }
        return nil
    }

    /// The colour, or nil for other kinds.
    public var color: Color? {
        if case let .color(v) = self { return v }
        return nil
    }

    /// The transform, or nil for other kinds.
    public var transform: Transform? {
        if case let .transform(v) = self { return v }
        return nil
    }

    /// The point, or nil for other kinds.
    public var point: Point? {
        if case let .point(v) = self { return v }
        return nil
    }

    /// The size, or nil for other kinds.
    public var size: Size? {
        if case let .size(v) = self { return v }
        return nil
    }
}
