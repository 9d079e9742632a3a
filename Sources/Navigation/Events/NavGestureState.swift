/// The pop gesture's reported states (UIGestureRecognizerState).
public enum NavGestureState: String, Equatable, Sendable, CaseIterable {
    case began
    case changed
    case ended
    case cancelled
}
