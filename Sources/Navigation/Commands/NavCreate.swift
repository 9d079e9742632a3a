public import Geometry

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
    public init(
        target: String, frame: Rect? = nil, screens: [NavScreen], fullscreenPopGesture: Bool = true,
        viewControllerBasedNavigationBarAppearanceEnabled: Bool = true, layoutDirection: NavLayoutDirection = .ltr
    ) {
        self.target = target
        self.frame = frame
        self.screens = screens
        self.fullscreenPopGesture = fullscreenPopGesture
        self.viewControllerBasedNavigationBarAppearanceEnabled = viewControllerBasedNavigationBarAppearanceEnabled
        self.layoutDirection = layoutDirection
    }
}
