/// Push or pop.
public enum NavTransitionKind: String, Equatable, Sendable, CaseIterable {
    case push
    case pop
}
