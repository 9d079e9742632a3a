/// UIScrollView.decelerationRate: the fraction of the velocity kept per millisecond.
public struct DecelerationRate: Equatable, Hashable, Sendable {
    /// The named rates of UIKit.
    public enum Name: String, Equatable, Hashable, Sendable, CaseIterable {
        /// UIScrollViewDecelerationRateNormal, 0.998.
        case normal
        /// UIScrollViewDecelerationRateFast, 0.99.
        case fast
    }

    /// Velocity kept per millisecond, in (0, 1).
    public let value: Double

    /// UIKit's default, 0.998 per ms.
    public static let normal = DecelerationRate(.normal)
    /// 0.99 per ms.
    public static let fast = DecelerationRate(.fast)

    /// The named rate.
    public init(_ name: Name) {
        value = name == .normal ? 0.998 : 0.99
    }

    /// A custom rate; nil unless strictly between 0 and 1 (and finite).
    public init?(value: Double) {
        guard value.isFinite, value > 0, value < 1 else { return nil }
        self.value = value
    }
}
