/// Which look: MJRefreshNormal* (arrow, spinner, labels), MJRefreshState* (labels only) or
/// MJRefreshGif* (a frame sequence per state, labels).
public enum RefreshStyle: String, Equatable, Hashable, Sendable, CaseIterable {
    case normal
    case state
    case gif
}
