public import ComponentSupport
import ScrollView
public import Timing

extension ScrollStack {
    /// Routes a timer or animation stop owned by one of this stack's scroll views or components.
    /// Returns false when the event is not this stack's.
    public mutating func handle(
        _ event: TimelineEvent, timeline: inout Timeline, events: inout [TimedEvent<Event>]
    ) -> Bool {
        switch event {
        case let .timer(id, tag, time):
            guard let c = components.firstIndex(where: { $0.target == tag.owner }) else { return owns(tag.owner) }
            components[c].timers.removeAll { $0.id == id }
            if let code = RefreshTimer(rawValue: tag.code) {
                fire(code, c, at: time, timeline: &timeline, events: &events)
            }
            refreshWatches(at: time, timeline: &timeline)
            return true
        case let .animationStopped(stop):
            guard let s = scrollViews.firstIndex(where: { $0.target == stop.owner && $0.layer == stop.layer }) else {
                return owns(stop.owner)
            }
            let update = scrollViews[s].animationStopped(stop, timeline: timeline)
            observe(update, scroll: s, at: stop.time, timeline: &timeline, events: &events)
            reportPhase(s, at: stop.time, events: &events)
            refreshWatches(at: stop.time, timeline: &timeline)
            return true
        }
    }

    private mutating func fire(
        _ code: RefreshTimer, _ c: Int, at time: Double, timeline: inout Timeline, events: inout [TimedEvent<Event>]
    ) {
        switch code {
        case .end, .resetNoMoreData:
            setState(c, .idle, at: time, timeline: &timeline, events: &events)
        case .endNoMoreData:
            setState(c, .noMoreData, at: time, timeline: &timeline, events: &events)
        case .refreshingCallback:
            refreshingCallback(c, at: time, timeline: &timeline, events: &events)
        case .endCompleted:
            components[c].ending = false
            components[c].storedPercent = components[c].kind == .autoFooter ? components[c].storedPercent : 0
            events.append(TimedEvent(time: time, target: components[c].target, .endCompleted))
        case .load:
            // The simulated load calls endRefreshing, which takes effect on the next turn.
            schedule(c, .end, at: time, timeline: &timeline)
        case .watch:
            watchFired(c, at: time, timeline: &timeline, events: &events)
        }
    }
}
