public import ScrollView

extension ScrollStack {
    /// The stack's events.
    public enum Event: Equatable, Sendable {
        /// refresh.state: a component's state changed.
        case refreshState(state: RefreshState, previous: RefreshState)
        /// refresh.refreshing: the refreshing callback ran (refreshingBlock / target-action).
        case refreshing
        /// refresh.beginCompleted: beginRefreshingCompletionBlock ran (right after the callback).
        case beginCompleted
        /// refresh.endCompleted: endRefreshingCompletionBlock ran.
        case endCompleted
        /// scroll.state: a scroll view started dragging, decelerating or went idle.
        case scrollState(ScrollPhase)
    }
}
