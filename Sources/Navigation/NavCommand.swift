import Geometry

/// The reading direction of a stack (UIUserInterfaceLayoutDirection). Right-to-left mirrors the
/// slide, the back button and the pop gesture's direction and edge.
public enum NavLayoutDirection: String, Equatable, Sendable, CaseIterable {
    case ltr
    case rtl
}

/// `create`: a navigation stack whose screens behave as if they had been pushed in order
/// (root first), without animation.
public struct NavCreate: Equatable, Sendable {
    /// The new stack's target id.
    public var target: String
    /// Where it is drawn; nil for the canvas.
    public var frame: Rect?
    /// The stack, root first (at least one).
    public var screens: [NavScreen]
    /// FDFullscreenPopGesture's full-screen pan (true) or the system's edge-only pan (false).
    public var fullscreenPopGesture: Bool
    /// FDFullscreenPopGesture `fd_viewControllerBasedNavigationBarAppearanceEnabled` (default YES).
    public var viewControllerBasedNavigationBarAppearanceEnabled: Bool
    /// Left-to-right (default) or right-to-left.
    public var layoutDirection: NavLayoutDirection

    /// A create command; defaults as in FD and UIKit.
    public init(target: String, frame: Rect? = nil, screens: [NavScreen], fullscreenPopGesture: Bool = true,
                viewControllerBasedNavigationBarAppearanceEnabled: Bool = true, layoutDirection: NavLayoutDirection = .ltr) {
        self.target = target
        self.frame = frame
        self.screens = screens
        self.fullscreenPopGesture = fullscreenPopGesture
        self.viewControllerBasedNavigationBarAppearanceEnabled = viewControllerBasedNavigationBarAppearanceEnabled
        self.layoutDirection = layoutDirection
    }
}

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

/// What a command returns: the ids of the screens it removed from the stack, in stack order
/// (pop and popToRoot, as UIKit returns the popped view controllers); empty otherwise.
public struct NavAck: Equatable, Sendable {
    /// Removed screen ids, bottom first.
    public var popped: [String]

    /// An ack.
    public init(popped: [String] = []) {
        self.popped = popped
    }
}
