/// What a component's timer is for.
enum RefreshTimer: Int, Equatable, Sendable, CaseIterable {
    /// endRefreshing on the next turn.
    case end = 1
    /// endRefreshingWithNoMoreData on the next turn.
    case endNoMoreData
    /// resetNoMoreData on the next turn.
    case resetNoMoreData
    /// The refreshing callback, when the 0.25 s inset animation ends.
    case refreshingCallback
    /// The end completion, when the 0.4 s restoring animation ends.
    case endCompleted
    /// The simulated load ends the refresh.
    case load
    /// The auto footer's threshold is crossed during a deceleration.
    case watch
}
