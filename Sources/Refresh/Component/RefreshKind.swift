/// Which MJRefresh component: its placement and offset rules.
public enum RefreshKind: String, Equatable, Hashable, Sendable, CaseIterable {
    /// MJRefreshHeader: above the content, 54 pt.
    case header
    /// MJRefreshBackFooter: below the content, revealed by pulling up, 44 pt.
    case backFooter
    /// MJRefreshAutoFooter: right after the content, loads when scrolled into view, 44 pt.
    case autoFooter
    /// MJRefreshTrailer: right of the content (horizontal), 60 pt wide.
    case trailer

    /// The component's height (width for the trailer): MJRefreshHeaderHeight 54,
    /// MJRefreshFooterHeight 44, MJRefreshTrailWidth 60.
    public var extent: Double {
        switch self {
        case .header: 54
        case .backFooter, .autoFooter: 44
        case .trailer: 60
        }
    }

    /// Whether this kind is a footer (a scroll view holds at most one footer, MJRefresh's mj_footer).
    public var isFooter: Bool { self == .backFooter || self == .autoFooter }
}
