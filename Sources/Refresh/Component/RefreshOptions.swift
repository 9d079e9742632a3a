public import ComponentSupport

/// The settings of a refresh component (MJRefresh properties), as `refresh.create` and
/// `refresh.update` give them.
public struct RefreshOptions: Equatable, Sendable {
    /// Normal, state or GIF look.
    public var style: RefreshStyle
    /// Custom titles per state.
    public var titles: RefreshTitles
    /// The language of the default titles.
    public var language: RefreshLanguage
    /// Headers: hide the last-updated label.
    public var lastUpdatedTimeHidden: Bool
    /// Hide the state label.
    public var stateHidden: Bool
    /// alpha = pullingPercent while not refreshing.
    public var automaticallyChangeAlpha: Bool
    /// Moves the header up by this much (MJRefresh ignoredScrollViewContentInsetTop).
    public var ignoredScrollViewContentInsetTop: Double
    /// Moves footers down by this much (MJRefresh ignoredScrollViewContentInsetBottom).
    public var ignoredScrollViewContentInsetBottom: Double
    /// Auto footer: load when scrolled into view.
    public var automaticallyRefresh: Bool
    /// Auto footer: how much of it must be visible to load (1 = all of it).
    public var triggerAutomaticallyRefreshPercent: Double
    /// Auto footer: loads per drag (-1: unlimited).
    public var autoTriggerTimes: Int
    /// A simulated load: the refresh ends by itself this many seconds after the refreshing
    /// callback (nil: the client ends it).
    public var loadDuration: Double?
    /// GIF style: frames per state.
    public var gifFrames: GifFrames

    /// MJRefresh's defaults.
    public init(
        style: RefreshStyle = .normal, titles: RefreshTitles = .defaults, language: RefreshLanguage = .en,
        lastUpdatedTimeHidden: Bool = false, stateHidden: Bool = false, automaticallyChangeAlpha: Bool = false,
        ignoredScrollViewContentInsetTop: Double = 0, ignoredScrollViewContentInsetBottom: Double = 0,
        automaticallyRefresh: Bool = true, triggerAutomaticallyRefreshPercent: Double = 1, autoTriggerTimes: Int = 1,
        loadDuration: Double? = nil, gifFrames: GifFrames = .standard
    ) {
        self.style = style
        self.titles = titles
        self.language = language
        self.lastUpdatedTimeHidden = lastUpdatedTimeHidden
        self.stateHidden = stateHidden
        self.automaticallyChangeAlpha = automaticallyChangeAlpha
        self.ignoredScrollViewContentInsetTop = ignoredScrollViewContentInsetTop
        self.ignoredScrollViewContentInsetBottom = ignoredScrollViewContentInsetBottom
        self.automaticallyRefresh = automaticallyRefresh
        self.triggerAutomaticallyRefreshPercent = triggerAutomaticallyRefreshPercent
        self.autoTriggerTimes = autoTriggerTimes
        self.loadDuration = loadDuration
        self.gifFrames = gifFrames
    }

    /// Throws `bad_request` naming the first field out of range.
    public func validate() throws(CommandError) {
        guard ignoredScrollViewContentInsetTop.isFinite else {
            throw .badField("ignoredScrollViewContentInsetTop", "must be a finite number")
        }
        guard ignoredScrollViewContentInsetBottom.isFinite else {
            throw .badField("ignoredScrollViewContentInsetBottom", "must be a finite number")
        }
        guard triggerAutomaticallyRefreshPercent.isFinite else {
            throw .badField("triggerAutomaticallyRefreshPercent", "must be a finite number")
        }
        guard autoTriggerTimes >= -1 else {
            throw .badField("autoTriggerTimes", "must be -1 (unlimited) or an integer >= 0")
        }
        if let loadDuration, !(loadDuration.isFinite && loadDuration >= 0) {
            throw .badField("loadDuration", "must be a finite number >= 0")
        }
        for (name, count) in [
            ("gifFrames.idle", gifFrames.idle), ("gifFrames.pulling", gifFrames.pulling),
            ("gifFrames.refreshing", gifFrames.refreshing),
        ]
        where !(1...GifFrames.maximumCount).contains(count) {
            throw .badField(name, "must be an integer in 1...\(GifFrames.maximumCount)")
        }
        for title in [titles.idle, titles.pulling, titles.refreshing, titles.noMoreData] {
            if let title, title.count > 200 { throw .badField("titles", "must be at most 200 characters each") }
        }
    }
}
