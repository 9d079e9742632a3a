/// CAMediaTiming's fillMode: what an animation shows outside its active interval.
public enum FillMode: String, Equatable, Hashable, Sendable, CaseIterable {
    /// No effect outside the active interval (kCAFillModeRemoved, the default).
    case removed
    /// Holds the final value after the active interval.
    case forwards
    /// Shows the first value before the active interval.
    case backwards
    /// Both forwards and backwards.
    case both

    var fillsForwards: Bool { self == .forwards || self == .both }
    var fillsBackwards: Bool { self == .backwards || self == .both }
}
