public import Geometry
public import ScrollView

/// One screen of a navigation stack (a UIViewController in a UINavigationController), with
/// FDFullscreenPopGesture's per-screen properties.
public struct NavScreen: Equatable, Sendable {
    /// The screen's id, unique within its stack (1-64 of A-Za-z0-9_-).
    public var id: String
    /// The navigation item's title (centred in the bar; the next screen's back button shows it).
    public var title: String
    /// The view's background colour.
    public var color: Color
    /// FDFullscreenPopGesture `fd_prefersNavigationBarHidden`: applied in the screen's
    /// viewWillAppear when `viewControllerBasedNavigationBarAppearanceEnabled` is on.
    public var prefersNavigationBarHidden: Bool
    /// FDFullscreenPopGesture `fd_interactivePopDisabled`: the full-screen pop gesture does not
    /// begin while this screen is on top.
    public var interactivePopDisabled: Bool
    /// FDFullscreenPopGesture `fd_interactivePopMaxAllowedInitialDistanceToLeftEdge`: the pan must
    /// begin within this many points of the leading edge; 0 means anywhere.
    public var interactivePopMaxAllowedInitialDistanceToLeftEdge: Double
    /// Optional table-view content.
    public var rows: TableRows?

    /// A screen; every FDFullscreenPopGesture property defaults as in FD (NO, NO, 0).
    public init(
        id: String, title: String = "", color: Color = .white, prefersNavigationBarHidden: Bool = false,
        interactivePopDisabled: Bool = false, interactivePopMaxAllowedInitialDistanceToLeftEdge: Double = 0,
        rows: TableRows? = nil
    ) {
        self.id = id
        self.title = title
        self.color = color
        self.prefersNavigationBarHidden = prefersNavigationBarHidden
        self.interactivePopDisabled = interactivePopDisabled
        self.interactivePopMaxAllowedInitialDistanceToLeftEdge = interactivePopMaxAllowedInitialDistanceToLeftEdge
        self.rows = rows
    }
}
