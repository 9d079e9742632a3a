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
