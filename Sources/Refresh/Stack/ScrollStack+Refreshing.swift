import ComponentSupport
import Geometry
import ScrollView
import Shapes
import Timing
import Typesetting

extension ScrollStack {
    /// MJRefreshComponent beginRefreshing: alpha to 1 over 0.25 s, pullingPercent 1, then
    /// Refreshing (WillRefresh when the scroll view is not on screen).
    ///
    /// The auto footer refuses a drag trigger when no triggers are left in this pan. MJRefresh
    /// leaves its triggerByDrag flag set after such a refusal and lowers the count only when the
    /// refresh ends, so a later endRefreshingWithNoMoreData turns a count of 0 into -1
    /// (unlimited). Here a refusal clears the flag and the count is lowered when the drag-
    /// triggered refresh begins, never below 0 (a deliberate difference from MJRefresh).
    mutating func beginRefreshing(
        _ c: Int, at time: Double, timeline: inout Timeline, events: inout [TimedEvent<Event>]
    ) {
        guard let s = scrollIndex(of: c) else { return }
        if components[c].kind == .autoFooter && components[c].triggerByDrag {
            guard components[c].remainingTriggers != 0 else {
                components[c].triggerByDrag = false
                return
            }
            if components[c].remainingTriggers > 0 { components[c].remainingTriggers -= 1 }
        }
        if components[c].options.automaticallyChangeAlpha && !components[c].state.isRefreshing {
            let current = alpha(c, scroll: scrollViews[s], at: time, timeline: timeline)
            timeline.setModel(.scalar(current), for: RefreshComponent.alphaKey, of: components[c].layer)
            timeline.animate(
                RefreshComponent.alphaKey, of: components[c].layer, to: .scalar(1),
                duration: RefreshComponent.fastDuration,
                timingFunction: .easeInEaseOut, at: time)
        }
        components[c].storedPercent = 1
        if isOnScreen(s) {
            setState(c, .refreshing, at: time, timeline: &timeline, events: &events)
        } else if components[c].state != .refreshing {
            setState(c, .willRefresh, at: time, timeline: &timeline, events: &events)
        }
    }

    /// MJRefresh setState: reports the change, updates the arrow, spinner and labels, and runs
    /// the kind's actions (entering Refreshing, ending it).
    mutating func setState(
        _ c: Int, _ state: RefreshState, at time: Double, timeline: inout Timeline, events: inout [TimedEvent<Event>]
    ) {
        let old = components[c].state
        guard old != state, let s = scrollIndex(of: c) else { return }
        components[c].state = state
        components[c].stateSince = time
        events.append(TimedEvent(time: time, target: components[c].target, .refreshState(state: state, previous: old)))
        if old == .refreshing {
            // Leaving Refreshing ends the simulated load. A callback still pending (the refresh
            // ended within the 0.25 s inset animation) runs all the same: MJRefresh calls
            // executeRefreshingCallback from that animation's completion block, which UIKit runs
            // whatever happened meanwhile.
            cancel(c, .load, timeline: &timeline)
        }
        animateIndicators(c, from: old, to: state, at: time, timeline: &timeline)
        switch components[c].kind {
        case .header:
            if state == .refreshing { enterRefreshing(c, s, at: time, timeline: &timeline, events: &events) }
            if state == .idle && old == .refreshing {
                endRefreshing(c, s, at: time, timeline: &timeline, events: &events)
            }
        case .backFooter, .trailer:
            if state == .refreshing { enterRefreshing(c, s, at: time, timeline: &timeline, events: &events) }
            if (state == .idle || state == .noMoreData) && old == .refreshing {
                endRefreshing(c, s, at: time, timeline: &timeline, events: &events)
            }
        case .autoFooter:
            if state == .refreshing {
                // MJRefreshAutoFooter runs the callback as soon as it is Refreshing (no inset animation).
                refreshingCallback(c, at: time, timeline: &timeline, events: &events)
            } else if state == .idle || state == .noMoreData {
                components[c].triggerByDrag = false
                if old == .refreshing {
                    events.append(TimedEvent(time: time, target: components[c].target, .endCompleted))
                }
            }
        }
        reportPhase(s, at: time, events: &events)
        updateTexts(c, at: time)
    }

    /// The normal style's arrow (turns over 0.25 s between Idle and Pulling, snaps back after
    /// Refreshing) and spinner (shown while refreshing, fading out over 0.4 s after).
    private mutating func animateIndicators(
        _ c: Int, from old: RefreshState, to state: RefreshState, at time: Double, timeline: inout Timeline
    ) {
        let layer = components[c].layer
        let angle = RefreshComponent.arrowAngle(components[c].kind, state == .pulling ? .pulling : .idle)
        if state == .pulling || (state == .idle && old == .pulling) {
            timeline.animate(
                RefreshComponent.arrowKey, of: layer, to: .scalar(angle), duration: RefreshComponent.fastDuration,
                timingFunction: .easeInEaseOut, at: time)
        } else {
            timeline.removeAnimation(forKey: RefreshComponent.arrowKey.name, from: layer, at: time)
            timeline.setModel(.scalar(angle), for: RefreshComponent.arrowKey, of: layer)
        }
        if state.isRefreshing {
            timeline.removeAnimation(forKey: RefreshComponent.spinnerKey.name, from: layer, at: time)
            timeline.setModel(.scalar(1), for: RefreshComponent.spinnerKey, of: layer)
        } else if old == .refreshing {
            timeline.animate(
                RefreshComponent.spinnerKey, of: layer, to: .scalar(0), duration: RefreshComponent.slowDuration,
                timingFunction: .easeInEaseOut, at: time)
        }
    }

    /// Entering Refreshing (header, back footer, trailer): over 0.25 s the inset grows by the
    /// component's extent and the offset moves to show it; the callback runs when that ends.
    private mutating func enterRefreshing(
        _ c: Int, _ s: Int, at time: Double, timeline: inout Timeline, events: inout [TimedEvent<Event>]
    ) {
        let component = components[c]
        let original = component.originalInset
        var inset = scrollViews[s].contentInset
        var target = scrollViews[s].modelOffset(timeline: timeline)
        switch component.kind {
        case .header:
            // MJRefreshHeader: top inset = original top + h, offset.y = -top.
            inset.top = original.top + component.extent
            target.y = -inset.top
        case .backFooter, .trailer:
            // MJRefreshBackFooter: bottom = h + original bottom (+ the gap of short content); the
            // trailer is the same on the horizontal axis (right inset, offset.x).
            let axis = component.axis
            var trailing = component.extent + original.trailing(axis)
            let delta = component.contentBreak(scrollViews[s])
            if delta < 0 { trailing -= delta }
            components[c].addedInset = trailing - inset.trailing(axis)
            target = axis.replacing(target, with: component.happenOffset(scrollViews[s]) + component.extent)
            inset.setTrailing(trailing, axis)
        case .autoFooter:
            return
        }
        let duration = RefreshComponent.fastDuration
        observe(
            scrollViews[s].setInset(inset, duration: duration, at: time, timeline: &timeline), scroll: s, at: time,
            timeline: &timeline, events: &events)
        observe(
            scrollViews[s].setContentOffset(target, duration: duration, at: time, timeline: &timeline), scroll: s,
            at: time, timeline: &timeline, events: &events)
        schedule(c, .refreshingCallback, at: time + duration, timeline: &timeline)
    }

    /// Leaving Refreshing (header, back footer, trailer): the last-updated date is saved
    /// (header); over 0.4 s the inset goes back (the offset follows from where it is: no jump)
    /// and, with automaticallyChangeAlpha, alpha goes to 0; then pullingPercent = 0 and the
    /// end completion runs.
    private mutating func endRefreshing(
        _ c: Int, _ s: Int, at time: Double, timeline: inout Timeline, events: inout [TimedEvent<Event>]
    ) {
        let component = components[c]
        var inset = scrollViews[s].contentInset
        switch component.kind {
        case .header:
            components[c].lastUpdated = time
            // MJRefresh adds insetTDelta, which always lands on the original top.
            inset.top = component.originalInset.top
        case .backFooter, .trailer:
            inset.setTrailing(inset.trailing(component.axis) - component.addedInset, component.axis)
        case .autoFooter:
            return
        }
        components[c].addedInset = 0
        let duration = RefreshComponent.slowDuration
        if component.options.automaticallyChangeAlpha {
            let current = alpha(c, scroll: scrollViews[s], at: time, timeline: timeline)
            timeline.setModel(.scalar(current), for: RefreshComponent.alphaKey, of: component.layer)
            timeline.animate(
                RefreshComponent.alphaKey, of: component.layer, to: .scalar(0), duration: duration,
                timingFunction: .easeInEaseOut, at: time)
        }
        components[c].ending = true
        cancel(c, .endCompleted, timeline: &timeline)
        schedule(c, .endCompleted, at: time + duration, timeline: &timeline)
        observe(
            scrollViews[s].setInset(inset, duration: duration, at: time, timeline: &timeline), scroll: s, at: time,
            timeline: &timeline, events: &events)
    }

    /// executeRefreshingCallback: refreshingBlock (and target/action), then
    /// beginRefreshingCompletionBlock; starts the simulated load, unless the refresh has ended
    /// meanwhile (the callback of a refresh ended within its inset animation still runs, but a
    /// load then would end nothing).
    mutating func refreshingCallback(
        _ c: Int, at time: Double, timeline: inout Timeline, events: inout [TimedEvent<Event>]
    ) {
        let target = components[c].target
        events.append(TimedEvent(time: time, target: target, .refreshing))
        events.append(TimedEvent(time: time, target: target, .beginCompleted))
        if components[c].state == .refreshing, let load = components[c].options.loadDuration {
            cancel(c, .load, timeline: &timeline)
            schedule(c, .load, at: time + load, timeline: &timeline)
        }
    }

    /// Formats the labels for the current state (MJRefresh sets them in setState), measuring
    /// them once so drawing never formats or measures.
    mutating func updateTexts(_ c: Int, at time: Double) {
        let component = components[c]
        let text = component.title(for: component.state)
        components[c].texts.state = text
        components[c].texts.stateWidth = measure(text)
        if component.kind == .header {
            let strings = RefreshStrings.of(component.options.language)
            let time = LastUpdatedText.format(
                last: component.lastUpdated.map { date.local(at: $0) }, now: date.local(at: time), strings: strings)
            components[c].texts.time = time
            components[c].texts.timeWidth = measure(time)
        }
        if component.kind == .trailer { components[c].texts.verticalLines = text.map { String($0) } }
    }

    /// The width of `text` in the labels' bold 14 pt font (an estimate without fonts).
    func measure(_ text: String) -> Double {
        if let fonts { return fonts.font(size: RefreshLook.labelSize, weight: .bold).width(of: text) }
        return text.unicodeScalars.reduce(0) {
            $0 + ($1.value > 0x2E80 ? RefreshLook.labelSize : RefreshLook.labelSize * 0.6)
        }
    }
}
