public import Geometry
public import ScrollView

/// Changes to a screen (`update`): nil fields are left as they are.
public struct NavScreenUpdate: Equatable, Sendable {
    /// A new title.
    public var title: String?
    /// A new background colour.
    public var color: Color?
    /// A new bar preference (applied at the screen's next viewWillAppear, as in FD).
    public var prefersNavigationBarHidden: Bool?
    /// Whether the full-screen pop gesture is refused while the screen is on top.
    public var interactivePopDisabled: Bool?
    /// A new maximum initial distance from the leading edge (0: anywhere).
    public var interactivePopMaxAllowedInitialDistanceToLeftEdge: Double?
    /// `.some(nil)` removes the rows.
    public var rows: TableRows??

    /// An update with these fields (nil: unchanged).
    public init(
        title: String? = nil, color: Color? = nil, prefersNavigationBarHidden: Bool? = nil,
        interactivePopDisabled: Bool? = nil, interactivePopMaxAllowedInitialDistanceToLeftEdge: Double? = nil,
        rows: TableRows?? = nil
    ) {
        self.title = title
        self.color = color
        self.prefersNavigationBarHidden = prefersNavigationBarHidden
        self.interactivePopDisabled = interactivePopDisabled
        self.interactivePopMaxAllowedInitialDistanceToLeftEdge = interactivePopMaxAllowedInitialDistanceToLeftEdge
        self.rows = rows
    }

    /// `screen` with these changes applied.
    func applied(to screen: NavScreen) -> NavScreen {
        var s = screen
        if let title { s.title = title }
        if let color { s.color = color }
        if let prefersNavigationBarHidden { s.prefersNavigationBarHidden = prefersNavigationBarHidden }
        if let interactivePopDisabled { s.interactivePopDisabled = interactivePopDisabled }
        if let distance = interactivePopMaxAllowedInitialDistanceToLeftEdge {
            s.interactivePopMaxAllowedInitialDistanceToLeftEdge = distance
        }
        if let rows { s.rows = rows }
        return s
    }
}
