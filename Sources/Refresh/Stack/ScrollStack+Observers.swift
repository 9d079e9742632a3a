import ComponentSupport
import Geometry
import ScrollView
import Timing

extension ScrollStack {
    /// Runs the MJRefresh observers of every component attached to scroll view `s` for what a
    /// change did, in creation order: pan began, the offset change (at once), then the release.
    mutating func observe(
        _ update: ScrollUpdate, scroll s: Int, at time: Double, timeline: inout Timeline,
        events: inout [TimedEvent<Event>]
    ) {
        let attachedComponents = attached(to: scrollViews[s].target)
        if update.panBegan {
            // MJRefreshAutoFooter: pan began (while Idle) resets the remaining trigger count.
            for c in attachedComponents where components[c].kind == .autoFooter && components[c].state == .idle {
                components[c].remainingTriggers = components[c].options.autoTriggerTimes
            }
        }
        if let change = update.offsetChange {
            for c in attachedComponents {
                offsetChanged(c, s, old: change.old, new: change.new, at: time, timeline: &timeline, events: &events)
            }
        }
        if update.released {
            for c in attachedComponents {
                released(c, s, cancelled: update.cancelled, at: time, timeline: &timeline, events: &events)
            }
        }
    }

    /// scrollViewContentOffsetDidChange for one component (the rules of MJRefreshHeader,
    /// MJRefreshBackFooter, MJRefreshTrailer and MJRefreshAutoFooter).
    private mutating func offsetChanged(
        _ c: Int, _ s: Int, old: Point, new: Point, at time: Double, timeline: inout Timeline,
        events: inout [TimedEvent<Event>]
    ) {
        let dragging = scrollViews[s].isDragging
        switch components[c].kind {
        case .header, .backFooter, .trailer:
            // Refreshing: MJRefreshHeader's resetInset keeps the top inset within [original,
            // original + h] following the offset; the scroll view's resting range already allows
            // that band, so nothing changes here.
            guard components[c].state != .refreshing else { return }
            components[c].originalInset = scrollViews[s].contentInset
            let component = components[c]
            let happen = component.happenOffset(scrollViews[s])
            let value = component.axis.of(new)
            let header = component.kind == .header
            // Not in view: return (header: offset > happen; footers: offset <= happen).
            if header ? value > happen : value <= happen { return }
            if component.state == .noMoreData { return }
            let threshold = header ? happen - component.extent : happen + component.extent
            let beyond = header ? value < threshold : value > threshold
            if dragging {
                if component.state == .idle && beyond {
                    setState(c, .pulling, at: time, timeline: &timeline, events: &events)
                } else if component.state == .pulling && !beyond {
                    setState(c, .idle, at: time, timeline: &timeline, events: &events)
                }
            } else if component.state == .pulling {
                beginRefreshing(c, at: time, timeline: &timeline, events: &events)
            }
        case .autoFooter:
            let component = components[c]
            let scroll = scrollViews[s]
            guard component.state == .idle, component.options.automaticallyRefresh,
                component.frame(in: scroll).minY != 0,
                component.contentExceedsView(scroll), new.y >= component.autoTriggerOffset(scroll)
            else { return }
            // MJRefresh: only while scrolling down the content (avoids repeats on release).
            guard new.y > old.y else { return }
            if dragging { components[c].triggerByDrag = true }
            beginRefreshing(c, at: time, timeline: &timeline, events: &events)
        }
    }

    /// The finger that dragged scroll view `s` was lifted (or cancelled) at `time`.
    ///
    /// Header, back footer, trailer: released while Pulling starts refreshing at this instant
    /// (MJRefresh does it at the next offset change after the release; doing it at the release
    /// keeps the result independent of the sampling rate). Auto footer (pan ended, Idle): a
    /// short list pulled up at all (offset >= -top) or a long list pulled to its end
    /// (offset >= contentH + bottom - viewH) loads.
    private mutating func released(
        _ c: Int, _ s: Int, cancelled: Bool, at time: Double, timeline: inout Timeline,
        events: inout [TimedEvent<Event>]
    ) {
        let component = components[c]
        switch component.kind {
        case .header, .backFooter, .trailer:
            if component.state == .pulling { beginRefreshing(c, at: time, timeline: &timeline, events: &events) }
        case .autoFooter:
            guard component.state == .idle, !cancelled else { return }
            let scroll = scrollViews[s]
            let y = scroll.observedOffset(at: time, timeline: timeline).y
            let inset = scroll.contentInset
            let loads =
                inset.top + scroll.contentSize.height <= scroll.frame.height
                ? y >= -inset.top
                : y >= scroll.contentSize.height + inset.bottom - scroll.frame.height
            guard loads else { return }
            components[c].triggerByDrag = true
            beginRefreshing(c, at: time, timeline: &timeline, events: &events)
        }
    }

    /// Schedules each Idle auto footer's trigger at the exact instant a deceleration or bounce
    /// crosses its threshold moving down the content (an analytic solve of the motion, not the
    /// next sample). Called after everything that can change a motion or a state.
    mutating func refreshWatches(at time: Double, timeline: inout Timeline) {
        for c in components.indices where components[c].kind == .autoFooter {
            cancel(c, .watch, timeline: &timeline)
            guard let s = scrollIndex(of: c) else { continue }
            let component = components[c]
            let scroll = scrollViews[s]
            guard component.state == .idle, component.options.automaticallyRefresh, scroll.phase == .decelerating,
                !scroll.isTracking,
                component.frame(in: scroll).minY != 0, component.contentExceedsView(scroll)
            else { continue }
            let threshold = component.autoTriggerOffset(scroll)
            let y = scroll.observedOffset(at: time, timeline: timeline).y
            if y >= threshold {
                // Already past it and still moving down: MJRefresh triggers at the next offset change.
                if scroll.velocity(at: time, timeline: timeline).y > 0 && component.watchFiredAt != time {
                    schedule(c, .watch, at: time, timeline: &timeline)
                }
            } else if let due = scroll.timeOfReaching(y: threshold, after: time, timeline: timeline) {
                schedule(c, .watch, at: due, timeline: &timeline)
            }
        }
    }

    /// A watch came due: the deceleration reached the threshold (not dragging: no trigger count).
    mutating func watchFired(_ c: Int, at time: Double, timeline: inout Timeline, events: inout [TimedEvent<Event>]) {
        components[c].watchFiredAt = time
        guard let s = scrollIndex(of: c) else { return }
        let component = components[c]
        let scroll = scrollViews[s]
        // The offset must really be there (a paused scroll layer froze it short of the threshold).
        let reached =
            scroll.observedOffset(at: time, timeline: timeline).y >= component.autoTriggerOffset(scroll) - 1e-9
        guard reached, component.state == .idle, component.options.automaticallyRefresh, !scroll.isDragging,
            component.contentExceedsView(scroll)
        else { return }
        beginRefreshing(c, at: time, timeline: &timeline, events: &events)
    }
}
