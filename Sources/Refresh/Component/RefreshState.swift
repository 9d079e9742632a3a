/// MJRefreshState.
public enum RefreshState: String, Equatable, Hashable, Sendable, CaseIterable {
    /// At rest (MJRefreshStateIdle).
    case idle
    /// Pulled far enough: releasing refreshes.
    case pulling
    /// The refreshing callback runs (or is about to, once the inset animation ends).
    case refreshing
    /// beginRefreshing was called while the view was not on screen; refreshing starts when it is.
    case willRefresh
    /// Everything is loaded (footers).
    case noMoreData

    /// MJRefresh's isRefreshing: refreshing or about to.
    public var isRefreshing: Bool { self == .refreshing || self == .willRefresh }
}
