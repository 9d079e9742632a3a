/// MJRefreshGif*: how many images each state shows. Idle shows image
/// `floor(count * pullingPercent)` (clamped to the last); Pulling and Refreshing loop theirs at
/// MJRefresh's default duration of count * 0.1 s.
public struct GifFrames: Equatable, Hashable, Sendable {
    /// Images shown while Idle (and NoMoreData), chosen by pullingPercent.
    public var idle: Int
    /// Images looped while Pulling.
    public var pulling: Int
    /// Images looped while Refreshing.
    public var refreshing: Int

    /// Frame counts per state.
    public init(idle: Int, pulling: Int, refreshing: Int) {
        self.idle = idle
        self.pulling = pulling
        self.refreshing = refreshing
    }

    /// MJRefresh's example (60 pull-down images, 3 loading images for pulling and refreshing).
    public static let standard = GifFrames(idle: 60, pulling: 3, refreshing: 3)
    /// The most frames a state may have.
    public static let maximumCount = 1000
    /// Seconds per looping frame (duration = count * 0.1 s).
    public static let frameDuration = 0.1
}
