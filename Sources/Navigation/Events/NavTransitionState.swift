/// A transition's reported states.
public enum NavTransitionState: String, Equatable, Sendable, CaseIterable {
    case began
    case finished
    case cancelled
}
