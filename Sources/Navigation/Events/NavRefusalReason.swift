/// Why the pop gesture did not begin; FDFullscreenPopGesture's checks, in its order.
public enum NavRefusalReason: String, Equatable, Sendable, CaseIterable {
    /// The stack holds only its root.
    case root
    /// The top screen has `interactivePopDisabled`.
    case disabled
    /// The pan began farther from the leading edge than allowed.
    case distance
    /// A transition is in progress.
    case transitioning
    /// The first movement was not toward the back direction.
    case direction
    /// A horizontally scrolling scroll view on the screen took the pan because it was not at
    /// its leading edge (FDFullscreenPopGesture's documented conflict; an addition to FD's
    /// reasons, reported by the scene, which arbitrates between the two).
    case scrollView
}
