extension ScrollStack {
    /// refresh.update: each non-nil field changes (custom titles merge with the current ones).
    public struct RefreshUpdate: Equatable, Sendable {
        /// The target id.
        public var target: String
        /// Normal, state or GIF look.
        public var style: RefreshStyle?
        /// Custom titles (merged with the current ones).
        public var titles: RefreshTitles?
        /// The default titles' language.
        public var language: RefreshLanguage?
        /// Hide the last-updated label.
        public var lastUpdatedTimeHidden: Bool?
        /// Hide the state label.
        public var stateHidden: Bool?
        /// alpha = pullingPercent while not refreshing.
        public var automaticallyChangeAlpha: Bool?
        /// Moves the header up.
        public var ignoredScrollViewContentInsetTop: Double?
        /// Moves footers down.
        public var ignoredScrollViewContentInsetBottom: Double?
        /// Auto footer: load when scrolled into view.
        public var automaticallyRefresh: Bool?
        /// Auto footer: how much must be visible to load.
        public var triggerAutomaticallyRefreshPercent: Double?
        /// Auto footer: loads per drag (-1: unlimited).
        public var autoTriggerTimes: Int?
        /// A new simulated load duration (0: none).
        public var loadDuration: Double?
        /// GIF frame counts per state.
        public var gifFrames: GifFrames?

        /// An update of `target`.
        public init(
            target: String, style: RefreshStyle? = nil, titles: RefreshTitles? = nil, language: RefreshLanguage? = nil,
            lastUpdatedTimeHidden: Bool? = nil, stateHidden: Bool? = nil, automaticallyChangeAlpha: Bool? = nil,
            ignoredScrollViewContentInsetTop: Double? = nil, ignoredScrollViewContentInsetBottom: Double? = nil,
            automaticallyRefresh: Bool? = nil, triggerAutomaticallyRefreshPercent: Double? = nil,
            autoTriggerTimes: Int? = nil, loadDuration: Double? = nil, gifFrames: GifFrames? = nil
        ) {
            self.target = target
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

        /// `options` with this update's fields applied.
        public func applied(to options: RefreshOptions) -> RefreshOptions {
            var o = options
            if let style { o.style = style }
            if let titles { o.titles = o.titles.merged(with: titles) }
            if let language { o.language = language }
            if let lastUpdatedTimeHidden { o.lastUpdatedTimeHidden = lastUpdatedTimeHidden }
            if let stateHidden { o.stateHidden = stateHidden }
            if let automaticallyChangeAlpha { o.automaticallyChangeAlpha = automaticallyChangeAlpha }
            if let ignoredScrollViewContentInsetTop {
                o.ignoredScrollViewContentInsetTop = ignoredScrollViewContentInsetTop
            }
            if let ignoredScrollViewContentInsetBottom {
                o.ignoredScrollViewContentInsetBottom = ignoredScrollViewContentInsetBottom
            }
            if let automaticallyRefresh { o.automaticallyRefresh = automaticallyRefresh }
            if let triggerAutomaticallyRefreshPercent {
                o.triggerAutomaticallyRefreshPercent = triggerAutomaticallyRefreshPercent
            }
            if let autoTriggerTimes { o.autoTriggerTimes = autoTriggerTimes }
            if let loadDuration { o.loadDuration = loadDuration > 0 ? loadDuration : nil }
            if let gifFrames { o.gifFrames = gifFrames }
            return o
        }
    }
}
