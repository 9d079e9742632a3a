import Geometry

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
    public var rows: NavRows?

    /// A screen; every FDFullscreenPopGesture property defaults as in FD (NO, NO, 0).
    public init(id: String, title: String = "", color: Color = .white, prefersNavigationBarHidden: Bool = false,
                interactivePopDisabled: Bool = false, interactivePopMaxAllowedInitialDistanceToLeftEdge: Double = 0,
                rows: NavRows? = nil) {
        self.id = id
        self.title = title
        self.color = color
        self.prefersNavigationBarHidden = prefersNavigationBarHidden
        self.interactivePopDisabled = interactivePopDisabled
        self.interactivePopMaxAllowedInitialDistanceToLeftEdge = interactivePopMaxAllowedInitialDistanceToLeftEdge
        self.rows = rows
    }
}

/// A screen's table-view rows: `count` rows of `height` points titled by `titleTemplate`, whose
/// first "%d" is replaced with the row's index (0-based, as `indexPath.row`).
public struct NavRows: Equatable, Sendable {
    /// Number of rows.
    public var count: Int
    /// Row height in points (UITableView's default is 44).
    public var height: Double
    /// The row title; its first "%d" becomes the row index.
    public var titleTemplate: String

    /// Rows as UITableView draws them by default: 44 pt, "Row %d".
    public init(count: Int, height: Double = 44, titleTemplate: String = "Row %d") {
        self.count = count
        self.height = height
        self.titleTemplate = titleTemplate
    }

    /// The title of row `index`.
    public func title(at index: Int) -> String {
        let t = titleTemplate
        var i = t.startIndex
        while i < t.endIndex {
            let next = t.index(after: i)
            if t[i] == "%", next < t.endIndex, t[next] == "d" {
                return String(t[..<i]) + String(index) + String(t[t.index(after: next)...])
            }
            i = next
        }
        return t
    }
}

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
    public var rows: NavRows??

    /// An update with these fields (nil: unchanged).
    public init(title: String? = nil, color: Color? = nil, prefersNavigationBarHidden: Bool? = nil,
                interactivePopDisabled: Bool? = nil, interactivePopMaxAllowedInitialDistanceToLeftEdge: Double? = nil,
                rows: NavRows?? = nil) {
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
        if let distance = interactivePopMaxAllowedInitialDistanceToLeftEdge { s.interactivePopMaxAllowedInitialDistanceToLeftEdge = distance }
        if let rows { s.rows = rows }
        return s
    }
}
