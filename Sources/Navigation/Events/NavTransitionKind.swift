/// Push or pop.
public enum NavTransitionKind: String, Equatable, Sendable, CaseIterable {
    case push
    case pop
}

extension NavTransitionKind {
    /// How far the front screen covers the back one at progress `p`: the push's progress, or one
    /// minus the pop's.
    func cover(progress p: Double) -> Double { self == .push ? p : 1 - p }
}
