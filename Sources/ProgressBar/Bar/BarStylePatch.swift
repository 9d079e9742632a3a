public import Geometry

/// The style fields of a `bar.create` or `bar.update` (docs/protocol.md section 4.2): each one
/// optional, nil meaning "as it is" (the defaults for a new bar).
public struct BarStylePatch: Equatable, Sendable {
    public var frame: Rect?
    public var barHeight: Double?
    public var dotSize: Double?
    public var trackColor: Color?
    public var fillColor: Color?
    public var dragColor: Color?
    public var bufferColor: Color?
    public var cornerRadius: Double?
    public var showDot: Bool?
    public var draggable: Bool?
    public var hitInset: Double?
    public var curve: BarCurve?
    public var label: String?

    /// A patch that changes nothing.
    public init() {}
}

extension BarStyle {
    /// Accepted `frame.x` and `frame.y`.
    public static let originRange: ClosedRange<Double> = -100_000...100_000
    /// Accepted `frame.width` (at least 1 pt: values are x / width) and `frame.height`.
    public static let widthRange: ClosedRange<Double> = 1...100_000
    /// Accepted `frame.height`.
    public static let heightRange: ClosedRange<Double> = 0...100_000
    /// Accepted `barHeight`.
    public static let barHeightRange: ClosedRange<Double> = 0.5...100
    /// Accepted `dotSize`.
    public static let dotSizeRange: ClosedRange<Double> = 0...200
    /// Accepted `cornerRadius`.
    public static let cornerRadiusRange: ClosedRange<Double> = 0...100
    /// Longest `label`, in characters.
    public static let labelMaxLength = 200
    /// Accepted `hitInset`.
    public static let hitInsetRange: ClosedRange<Double> = 0...200

    /// `patch` applied over `self`. A number outside its range (or not finite) is ignored, so a
    /// caller that skips the wire validation cannot break the bar.
    public func applying(_ patch: BarStylePatch) -> BarStyle {
        var style = self
        if let f = patch.frame, BarStyle.originRange.contains(f.x), BarStyle.originRange.contains(f.y),
            BarStyle.widthRange.contains(f.width), BarStyle.heightRange.contains(f.height)
        {
            style.frame = f
        }
        if let v = patch.barHeight, BarStyle.barHeightRange.contains(v) { style.barHeight = v }
        if let v = patch.dotSize, BarStyle.dotSizeRange.contains(v) { style.dotSize = v }
        if let v = patch.trackColor { style.trackColor = v }
        if let v = patch.fillColor { style.fillColor = v }
        if let v = patch.dragColor { style.dragColor = v }
        if let v = patch.bufferColor { style.bufferColor = v }
        if let v = patch.cornerRadius, BarStyle.cornerRadiusRange.contains(v) { style.cornerRadius = v }
        if let v = patch.showDot { style.showDot = v }
        if let v = patch.label { style.label = String(v.prefix(BarStyle.labelMaxLength)) }
        if let v = patch.draggable { style.draggable = v }
        if let v = patch.hitInset, BarStyle.hitInsetRange.contains(v) { style.hitInset = v }
        if let v = patch.curve { style.curve = v }
        return style
    }
}
