/// Custom state titles (setTitle:forState:); nil keeps the localized default.
public struct RefreshTitles: Equatable, Hashable, Sendable {
    /// Shown while Idle.
    public var idle: String?
    /// Shown while Pulling.
    public var pulling: String?
    /// Shown while Refreshing.
    public var refreshing: String?
    /// Shown in NoMoreData.
    public var noMoreData: String?

    /// Titles; each nil one keeps the default.
    public init(idle: String? = nil, pulling: String? = nil, refreshing: String? = nil, noMoreData: String? = nil) {
        self.idle = idle
        self.pulling = pulling
        self.refreshing = refreshing
        self.noMoreData = noMoreData
    }

    /// No custom titles.
    public static let defaults = RefreshTitles()

    /// The custom title for `state`, if any (WillRefresh shows nothing custom).
    public func title(for state: RefreshState) -> String? {
        switch state {
        case .idle: idle
        case .pulling: pulling
        case .refreshing: refreshing
        case .noMoreData: noMoreData
        case .willRefresh: nil
        }
    }

    /// These titles with `other`'s non-nil titles taking precedence.
    public func merged(with other: RefreshTitles) -> RefreshTitles {
        RefreshTitles(
            idle: other.idle ?? idle, pulling: other.pulling ?? pulling,
            refreshing: other.refreshing ?? refreshing, noMoreData: other.noMoreData ?? noMoreData)
    }
}
