/// An event of a navigation stack.
public enum NavEvent: Equatable, Sendable {
    /// UIViewController appearance callback, in UIKit's order.
    case appearance(screen: String, call: NavAppearanceCall, animated: Bool)
    /// A push or pop transition began, finished or was cancelled (interactive pops only).
    case transition(kind: NavTransitionKind, state: NavTransitionState, interactive: Bool)
    /// The pop gesture: began, changed (once per pointer move), ended or cancelled. `percent` is
    /// the transition's fraction (translation / width, clamped), `velocity` the pointer's
    /// velocity in points per second toward the back direction (mirrored for right-to-left).
    case gesture(state: NavGestureState, percent: Double, velocity: Double)
    /// gestureRecognizerShouldBegin: returned NO, with the first rule that failed.
    case gestureRefused(reason: NavRefusalReason)
    /// setNavigationBarHidden:animated: changed the bar's hidden state.
    case bar(hidden: Bool, animated: Bool)
}

/// The four appearance callbacks.
public enum NavAppearanceCall: String, Equatable, Sendable, CaseIterable {
    case viewWillAppear
    case viewDidAppear
    case viewWillDisappear
    case viewDidDisappear
}

/// Push or pop.
public enum NavTransitionKind: String, Equatable, Sendable, CaseIterable {
    case push
    case pop
}

/// A transition's reported states.
public enum NavTransitionState: String, Equatable, Sendable, CaseIterable {
    case began
    case finished
    case cancelled
}

/// The pop gesture's reported states (UIGestureRecognizerState).
public enum NavGestureState: String, Equatable, Sendable, CaseIterable {
    case began
    case changed
    case ended
    case cancelled
}

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
}
