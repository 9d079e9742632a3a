/// A command to ``NavStack``, already decoded by the wire layer.
public enum NavCommand: Equatable, Sendable {
    /// A new stack.
    case create(NavCreate)
    /// pushViewController:animated:. Refused with `conflict` during a transition.
    case push(target: String, screen: NavScreen, animated: Bool)
    /// popViewControllerAnimated:. Refused with `conflict` on a stack of one and during a transition.
    case pop(target: String, animated: Bool)
    /// popToRootViewControllerAnimated:. A no-op on a stack of one (UIKit returns nil); refused
    /// with `conflict` during a transition.
    case popToRoot(target: String, animated: Bool)
    /// Changes fields of the screen `screen` (in the stack, or the one being popped).
    case update(target: String, screen: String, changes: NavScreenUpdate)
}
