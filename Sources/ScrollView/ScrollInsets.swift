/// UIEdgeInsets for a scroll view's contentInset: extra scrollable room around the content.
public struct ScrollInsets: Equatable, Hashable, Sendable {
    /// Room above the content (points).
    public var top: Double
    /// Room left of the content.
    public var left: Double
    /// Room below the content.
    public var bottom: Double
    /// Room right of the content.
    public var right: Double

    /// Insets of `top`, `left`, `bottom`, `right` points.
    public init(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    /// No insets.
    public static let zero = ScrollInsets()

    /// The inset before the content on `axis` (top or left).
    public func leading(_ axis: ScrollAxis) -> Double { axis == .vertical ? top : left }

    /// The inset after the content on `axis` (bottom or right).
    public func trailing(_ axis: ScrollAxis) -> Double { axis == .vertical ? bottom : right }

    /// Sets the inset after the content on `axis` (bottom or right).
    public mutating func setTrailing(_ value: Double, _ axis: ScrollAxis) {
        if axis == .vertical { bottom = value } else { right = value }
    }

    /// The name of the first field that is not finite, if any.
    public var firstNonFiniteField: String? {
        if !top.isFinite { return "top" }
        if !left.isFinite { return "left" }
        if !bottom.isFinite { return "bottom" }
        if !right.isFinite { return "right" }
        return nil
    }
}
