import Geometry
public import ScrollView

extension ScrollStack {
    /// The stack's commands (`scroll.*` and `refresh.*` ops), decoded and range-checked by the wire layer.
    public enum Command: Equatable, Sendable {
        /// scroll.create.
        case scrollCreate(target: String, ScrollConfiguration)
        /// scroll.set.
        case scrollSet(ScrollSet)
        /// refresh.create.
        case refreshCreate(RefreshCreate)
        /// refresh.update.
        case refreshUpdate(RefreshUpdate)
        /// refresh.begin: beginRefreshing.
        case refreshBegin(target: String)
        /// refresh.end: endRefreshing (takes effect on the next turn, at the same media time).
        case refreshEnd(target: String)
        /// refresh.endNoMoreData: endRefreshingWithNoMoreData (next turn).
        case refreshEndNoMoreData(target: String)
        /// refresh.resetNoMoreData (next turn).
        case refreshResetNoMoreData(target: String)
    }
}
