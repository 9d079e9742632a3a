public import ComponentSupport
public import Timing

extension BarStack {
    /// Routes a timeline event to ``handle(timer:at:timeline:events:)`` or
    /// ``handle(stop:timeline:events:)`` when its owner is one of this stack's bars or players.
    /// Returns whether it was (the Scene offers it to other components otherwise).
    @discardableResult
    public mutating func handle(
        _ event: TimelineEvent, timeline: inout Timeline, events: inout [TimedEvent<BarEvent>]
    ) -> Bool {
        switch event {
        case let .timer(_, tag, time):
            guard players.contains(where: { $0.target == tag.owner }) else { return false }
            handle(timer: tag, at: time, timeline: &timeline, events: &events)
        case let .animationStopped(stop):
            guard bars.contains(where: { $0.target == stop.owner }) else { return false }
            handle(stop: stop, timeline: timeline, events: &events)
        }
        return true
    }

    /// A timer whose tag's owner is one of this stack's players came due at `time` (its exact
    /// due time). Other tags are ignored.
    public mutating func handle(
        timer tag: TimerTag, at time: Double, timeline: inout Timeline, events: inout [TimedEvent<BarEvent>]
    ) {
        guard let p = players.firstIndex(where: { $0.target == tag.owner }),
            let b = bars.firstIndex(where: { $0.target == players[p].options.bar })
        else { return }
        players[p].fire(tag, at: time, bar: &bars[b], timeline: &timeline, events: &events)
    }

    /// An animation on a bar's layer stopped: reports `bar.animationEnded` {`finished`,
    /// `value`} at the stop's exact time. `value` is where the animation ended: its end value
    /// when it ran out, the presentation value at the moment a command replaced, stopped,
    /// removed or reset it. Stops of other owners are ignored.
    public mutating func handle(stop: AnimationStop, timeline: Timeline, events: inout [TimedEvent<BarEvent>]) {
        guard let index = bars.firstIndex(where: { $0.target == stop.owner && $0.layer == stop.layer }) else { return }
        let value = bars[index].endedValue(for: stop, timeline: timeline)
        events.append(
            TimedEvent(time: stop.time, target: stop.owner, .animationEnded(finished: stop.finished, value: value)))
    }
}
