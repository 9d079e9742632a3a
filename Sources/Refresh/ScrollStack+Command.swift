import Geometry
import ScrollView

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

    /// scroll.set: each non-nil field changes. `rows` or `contentSize` is reloadData (rows
    /// without contentSize sets the content height to the rows' height).
    public struct ScrollSet: Equatable, Sendable {
        public var target: String
        public var offset: Point?
        /// Animate the offset change (UIKit's 0.3 s ease-in-ease-out).
        public var animated: Bool
        public var contentSize: Size?
        public var inset: ScrollInsets?
        public var rows: TableRows?
        /// A new frame (laying the view out; an empty frame counts as not on screen).
        public var frame: Rect?

        /// A set of `target`'s fields.
        public init(target: String, offset: Point? = nil, animated: Bool = false, contentSize: Size? = nil,
                    inset: ScrollInsets? = nil, rows: TableRows? = nil, frame: Rect? = nil) {
            self.target = target
            self.offset = offset
            self.animated = animated
            self.contentSize = contentSize
            self.inset = inset
            self.rows = rows
            self.frame = frame
        }
    }

    /// refresh.create: a component `kind` on the scroll view `scroll`.
    public struct RefreshCreate: Equatable, Sendable {
        public var target: String
        public var scroll: String
        public var kind: RefreshKind
        public var options: RefreshOptions

        /// A component.
        public init(target: String, scroll: String, kind: RefreshKind, options: RefreshOptions = RefreshOptions()) {
            self.target = target
            self.scroll = scroll
            self.kind = kind
            self.options = options
        }
    }

    /// refresh.update: each non-nil field changes (custom titles merge with the current ones).
    public struct RefreshUpdate: Equatable, Sendable {
        public var target: String
        public var style: RefreshStyle?
        public var titles: RefreshTitles?
        public var language: RefreshLanguage?
        public var lastUpdatedTimeHidden: Bool?
        public var stateHidden: Bool?
        public var automaticallyChangeAlpha: Bool?
        public var ignoredScrollViewContentInsetTop: Double?
        public var ignoredScrollViewContentInsetBottom: Double?
        public var automaticallyRefresh: Bool?
        public var triggerAutomaticallyRefreshPercent: Double?
        public var autoTriggerTimes: Int?
        /// A new simulated load duration (0: none).
        public var loadDuration: Double?
        public var gifFrames: GifFrames?

        /// An update of `target`.
        public init(target: String, style: RefreshStyle? = nil, titles: RefreshTitles? = nil, language: RefreshLanguage? = nil,
                    lastUpdatedTimeHidden: Bool? = nil, stateHidden: Bool? = nil, automaticallyChangeAlpha: Bool? = nil,
                    ignoredScrollViewContentInsetTop: Double? = nil, ignoredScrollViewContentInsetBottom: Double? = nil,
                    automaticallyRefresh: Bool? = nil, triggerAutomaticallyRefreshPercent: Double? = nil,
                    autoTriggerTimes: Int? = nil, loadDuration: Double? = nil, gifFrames: GifFrames? = nil) {
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
        func applied(to options: RefreshOptions) -> RefreshOptions {
            var o = options
            if let style { o.style = style }
            if let titles { o.titles = o.titles.merged(with: titles) }
            if let language { o.language = language }
            if let lastUpdatedTimeHidden { o.lastUpdatedTimeHidden = lastUpdatedTimeHidden }
            if let stateHidden { o.stateHidden = stateHidden }
            if let automaticallyChangeAlpha { o.automaticallyChangeAlpha = automaticallyChangeAlpha }
            if let ignoredScrollViewContentInsetTop { o.ignoredScrollViewContentInsetTop = ignoredScrollViewContentInsetTop }
            if let ignoredScrollViewContentInsetBottom { o.ignoredScrollViewContentInsetBottom = ignoredScrollViewContentInsetBottom }
            if let automaticallyRefresh { o.automaticallyRefresh = automaticallyRefresh }
            if let triggerAutomaticallyRefreshPercent { o.triggerAutomaticallyRefreshPercent = triggerAutomaticallyRefreshPercent }
            if let autoTriggerTimes { o.autoTriggerTimes = autoTriggerTimes }
            if let loadDuration { o.loadDuration = loadDuration > 0 ? loadDuration : nil }
            if let gifFrames { o.gifFrames = gifFrames }
            return o
        }
    }

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
