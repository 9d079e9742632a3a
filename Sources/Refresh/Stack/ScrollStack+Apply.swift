public import ComponentSupport
import Geometry
import ScrollView
public import Timing

extension ScrollStack {
    /// Applies `command` at `time`. Everything is validated before anything changes, so a
    /// command that throws changes nothing: `unknown_target` for an unknown scroll view or
    /// component, `duplicate_target` for a used target or a second header / footer / trailer on
    /// one scroll view, `bad_request` naming a negative or non-finite field, `limit` beyond
    /// ``maximumComponents``.
    public mutating func apply(
        _ command: Command, at time: Double, timeline: inout Timeline,
        events: inout [TimedEvent<Event>]
    ) throws(CommandError) {
        switch command {
        case let .scrollCreate(target, configuration):
            try requireNew(target)
            try configuration.validate()
            guard scrollViews.count < ScrollStack.maximumComponents else {
                throw CommandError(.limit, "at most \(ScrollStack.maximumComponents) scroll views")
            }
            scrollViews.append(ScrollView(target: target, configuration: configuration, timeline: &timeline))
        case let .scrollSet(set):
            try setScroll(set, at: time, timeline: &timeline, events: &events)
        case let .refreshCreate(create):
            try createComponent(create, at: time, timeline: &timeline, events: &events)
        case let .refreshUpdate(update):
            let c = try componentIndex(update.target)
            let options = update.applied(to: components[c].options)
            try options.validate()
            if update.autoTriggerTimes != nil { components[c].remainingTriggers = options.autoTriggerTimes }
            components[c].options = options
            updateTexts(c, at: time)
        case let .refreshBegin(target):
            let c = try componentIndex(target)
            beginRefreshing(c, at: time, timeline: &timeline, events: &events)
        case let .refreshEnd(target):
            // MJRefresh: endRefreshing dispatches to the main queue: the next turn, same media time.
            schedule(try componentIndex(target), .end, at: time, timeline: &timeline)
        case let .refreshEndNoMoreData(target):
            schedule(
                try noMoreDataIndex(target, "refresh.endNoMoreData"), .endNoMoreData, at: time, timeline: &timeline)
        case let .refreshResetNoMoreData(target):
            schedule(
                try noMoreDataIndex(target, "refresh.resetNoMoreData"), .resetNoMoreData, at: time, timeline: &timeline)
        }
        refreshWatches(at: time, timeline: &timeline)
    }

    /// The index of `target` for `op`, a NoMoreData op: MJRefresh has endRefreshingWithNoMoreData
    /// and resetNoMoreData on its footers (and the trailer), not on MJRefreshHeader.
    private func noMoreDataIndex(_ target: String, _ op: String) throws(CommandError) -> Int {
        let c = try componentIndex(target)
        guard components[c].kind != .header else {
            throw CommandError(.badRequest, "\(op) applies to footers and trailers; \"\(target)\" is a header")
        }
        return c
    }

    private mutating func setScroll(
        _ set: ScrollSet, at time: Double, timeline: inout Timeline,
        events: inout [TimedEvent<Event>]
    ) throws(CommandError) {
        let s = try scrollIndex(set.target)
        if let offset = set.offset, !(offset.x.isFinite && offset.y.isFinite) {
            throw .badField("offset", "must have finite x and y")
        }
        if let size = set.contentSize { try ScrollConfiguration.validate(contentSize: size) }
        if let inset = set.inset { try ScrollConfiguration.validate(inset: inset) }
        if let rows = set.rows { try ScrollConfiguration.validate(rows: rows) }
        if let frame = set.frame { try ScrollConfiguration.validate(frame: frame) }

        if let frame = set.frame {
            let update = scrollViews[s].setFrame(frame, at: time, timeline: &timeline)
            observe(update, scroll: s, at: time, timeline: &timeline, events: &events)
            // MJRefresh: a component in WillRefresh starts refreshing when it is drawn on screen.
            for c in attached(to: scrollViews[s].target) where components[c].state == .willRefresh && isOnScreen(s) {
                setState(c, .refreshing, at: time, timeline: &timeline, events: &events)
            }
        }
        if let inset = set.inset {
            // The app set the inset: it is the original inset of components not refreshing.
            for c in attached(to: scrollViews[s].target) where components[c].state != .refreshing {
                components[c].originalInset = inset
            }
            observe(
                scrollViews[s].setInset(inset, duration: 0, at: time, timeline: &timeline), scroll: s, at: time,
                timeline: &timeline, events: &events)
        }
        if set.rows != nil || set.contentSize != nil {
            if let rows = set.rows { scrollViews[s].setRows(rows) }
            let size =
                set.contentSize
                ?? Size(width: scrollViews[s].contentSize.width, height: scrollViews[s].rows.contentHeight)
            observe(
                scrollViews[s].setContentSize(size, at: time, timeline: &timeline), scroll: s, at: time,
                timeline: &timeline, events: &events)
        }
        if let offset = set.offset {
            let update = scrollViews[s].setContentOffset(
                offset, duration: set.animated ? ScrollStack.setOffsetDuration : 0, at: time, timeline: &timeline)
            observe(update, scroll: s, at: time, timeline: &timeline, events: &events)
        }
        reportPhase(s, at: time, events: &events)
    }

    /// UIKit's setContentOffset:animated: duration (0.3 s, ease-in-ease-out).
    public static let setOffsetDuration = 0.3

    private mutating func createComponent(
        _ create: RefreshCreate, at time: Double, timeline: inout Timeline,
        events: inout [TimedEvent<Event>]
    ) throws(CommandError) {
        try requireNew(create.target)
        let s = try scrollIndex(create.scroll)
        try create.options.validate()
        let scrollTarget = scrollViews[s].target
        // MJRefresh: one mj_header, one mj_footer (back or auto) and one mj_trailer per scroll view.
        if let existing = attached(to: scrollTarget).first(where: { c in
            let kind = components[c].kind
            return kind == create.kind || (kind.isFooter && create.kind.isFooter)
        }) {
            throw CommandError(
                .duplicateTarget,
                "scroll view \"\(scrollTarget)\" already has a \(components[existing].kind.rawValue) (\"\(components[existing].target)\")"
            )
        }
        guard components.count < ScrollStack.maximumComponents else {
            throw CommandError(.limit, "at most \(ScrollStack.maximumComponents) refresh components")
        }

        let component = RefreshComponent(
            target: create.target, scroll: scrollViews[s], kind: create.kind, options: create.options,
            at: time, timeline: &timeline)
        components.append(component)
        let c = components.count - 1
        // MJRefreshComponent (willMoveToSuperview): alwaysBounceVertical = YES; the trailer
        // bounces horizontally instead.
        if create.kind == .trailer {
            scrollViews[s].alwaysBounceHorizontal = true
            scrollViews[s].alwaysBounceVertical = false
        } else {
            scrollViews[s].alwaysBounceVertical = true
        }
        if create.kind == .autoFooter {
            // MJRefreshAutoFooter: adds its height to the bottom inset when attached.
            var inset = scrollViews[s].contentInset
            inset.bottom += create.kind.extent
            observe(
                scrollViews[s].setInset(inset, duration: 0, at: time, timeline: &timeline), scroll: s, at: time,
                timeline: &timeline, events: &events)
            reportPhase(s, at: time, events: &events)
        }
        updateTexts(c, at: time)
    }

    /// Whether the scroll view is on screen (a non-empty frame): MJRefresh's `self.window` test.
    func isOnScreen(_ s: Int) -> Bool {
        scrollViews[s].frame.width > 0 && scrollViews[s].frame.height > 0
    }

    /// Reports a `scroll.state` event when the view's phase differs from the last one reported.
    ///
    /// Compared with the last report, not with the phase before the caller's change: changes
    /// nest (a release past a header's threshold starts refreshing, whose animated offset ends
    /// the bounce), and comparing each level with its own "before" reported `idle` twice.
    mutating func reportPhase(_ s: Int, at time: Double, events: inout [TimedEvent<Event>]) {
        let phase = scrollViews[s].phase
        let target = scrollViews[s].target
        guard phase != reportedPhases[target] ?? .idle else { return }
        reportedPhases[target] = phase
        events.append(TimedEvent(time: time, target: target, .scrollState(phase)))
    }

    // MARK: Timers

    mutating func schedule(_ c: Int, _ code: RefreshTimer, at due: Double, timeline: inout Timeline) {
        let id = timeline.schedule(at: due, tag: TimerTag(owner: components[c].target, code: code.rawValue))
        components[c].timers.append(RefreshComponent.PendingTimer(code: code, id: id))
    }

    mutating func cancel(_ c: Int, _ code: RefreshTimer, timeline: inout Timeline) {
        for entry in components[c].timers where entry.code == code { timeline.cancelTimer(entry.id) }
        components[c].timers.removeAll { $0.code == code }
    }
}
