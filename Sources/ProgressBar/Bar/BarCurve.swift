public import Timing

/// The timing curve of a bar's animations (`curve` in `bar.create`, `bar.update`, `bar.set`).
/// Linear by default: a player's progress moves at constant speed.
public enum BarCurve: String, Equatable, Hashable, Sendable, CaseIterable {
    case linear
    case easeIn
    case easeOut
    case easeInEaseOut
    /// kCAMediaTimingFunctionDefault.
    case `default`

    /// The Core Animation timing function of this curve.
    public var timingFunction: TimingFunction {
        switch self {
        case .linear: .linear
        case .easeIn: .easeIn
        case .easeOut: .easeOut
        case .easeInEaseOut: .easeInEaseOut
        case .default: .default
        }
    }

    /// The named curve with this timing function, if any.
    public init?(_ function: TimingFunction) {
        guard let curve = BarCurve.allCases.first(where: { $0.timingFunction == function }) else { return nil }
        self = curve
    }
}
