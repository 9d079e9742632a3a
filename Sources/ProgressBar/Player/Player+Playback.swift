import ComponentSupport
import Timing

extension Player {
    /// `player.play`: from the position (from 0 when the media has ended). The bar's layer is
    /// resumed (the seed's resumeAnimation, whatever the pause strategy, so no tick lands on a
    /// frozen layer) and ticks at once.
    mutating func play(
        at time: Double, bar: inout ProgressBar, timeline: inout Timeline, events: inout [TimedEvent<BarEvent>]
    ) {
        guard state != .playing else { return }
        if state == .ended || anchorPosition >= options.duration {
            anchorPosition = 0
            _ = bar.set(0, duration: 0, curve: nil, at: time, timeline: &timeline)
            events.append(seekedEvent(to: 0, at: time))
        }
        state = .playing
        anchorTime = time
        ticksSinceAnchor = 0
        bar.resume(at: time, timeline: &timeline)
        events.append(stateEvent(at: time))
        tick(at: time, bar: &bar, timeline: &timeline, events: &events)
    }

    /// `player.pause`: the position freezes and ticks stop; the bar gets the pause strategy.
    mutating func pause(
        at time: Double, bar: inout ProgressBar, timeline: inout Timeline, events: inout [TimedEvent<BarEvent>]
    ) {
        guard state == .playing else { return }
        anchorPosition = position(at: time)
        anchorTime = time
        state = .paused
        cancelTimer(timeline: &timeline)
        switch options.pauseStrategy {
        case .timing: bar.pause(at: time, timeline: &timeline)
        case .remove: bar.removeAnimations(at: time, timeline: &timeline)
        case .none: break
        }
        events.append(stateEvent(at: time))
    }

    /// `player.seek` (and the end of a drag): the position becomes `to` and the bar jumps
    /// there; while playing, ticks restart from `to` at once. Seeking an ended player before
    /// the end makes it paused.
    mutating func seek(
        to position: Double, at time: Double, bar: inout ProgressBar, timeline: inout Timeline,
        events: inout [TimedEvent<BarEvent>]
    ) {
        let to = min(max(position, 0), options.duration)
        anchorPosition = to
        anchorTime = time
        ticksSinceAnchor = 0
        cancelTimer(timeline: &timeline)
        _ = bar.set(to / options.duration, duration: 0, curve: nil, at: time, timeline: &timeline)
        events.append(seekedEvent(to: to, at: time))
        switch state {
        case .playing:
            tick(at: time, bar: &bar, timeline: &timeline, events: &events)
        case .ended where to < options.duration:
            state = .paused
            events.append(stateEvent(at: time))
        case .ended, .paused:
            break
        }
    }

    /// Puts the bar back where the player is (after a cancelled drag): the bar jumps to the
    /// position and, while playing, the ticks restart from it.
    mutating func resync(
        at time: Double, bar: inout ProgressBar, timeline: inout Timeline, events: inout [TimedEvent<BarEvent>]
    ) {
        let position = position(at: time)
        _ = bar.set(position / options.duration, duration: 0, curve: nil, at: time, timeline: &timeline)
        guard state == .playing else { return }
        anchorPosition = position
        anchorTime = time
        ticksSinceAnchor = 0
        cancelTimer(timeline: &timeline)
        tick(at: time, bar: &bar, timeline: &timeline, events: &events)
    }

    /// A timer of this player came due at `time`.
    mutating func fire(
        _ tag: TimerTag, at time: Double, bar: inout ProgressBar, timeline: inout Timeline,
        events: inout [TimedEvent<BarEvent>]
    ) {
        guard state == .playing, let code = TimerCode(rawValue: tag.code) else { return }
        timer = nil
        switch code {
        case .tick: tick(at: time, bar: &bar, timeline: &timeline, events: &events)
        case .end: end(at: time, events: &events)
        }
    }

    /// Tells the bar where to be one tick later (or at the end, if sooner) and schedules the
    /// next tick, or the end of the media when it comes first.
    private mutating func tick(
        at time: Double, bar: inout ProgressBar, timeline: inout Timeline, events: inout [TimedEvent<BarEvent>]
    ) {
        let position = position(at: time)
        let remaining = options.duration - position
        guard remaining > 0 else {
            end(at: time, events: &events)
            return
        }
        let span = min(options.tick, remaining)
        let value = span == remaining ? 1 : (position + span) / options.duration
        _ = bar.set(value, duration: span, curve: nil, at: time, timeline: &timeline)
        let endTime = anchorTime + (options.duration - anchorPosition)
        let next = anchorTime + Double(ticksSinceAnchor + 1) * options.tick
        if next < endTime {
            ticksSinceAnchor += 1
            timer = timeline.schedule(at: next, tag: TimerTag(owner: target, code: TimerCode.tick.rawValue))
        } else {
            timer = timeline.schedule(at: endTime, tag: TimerTag(owner: target, code: TimerCode.end.rawValue))
        }
    }

    private mutating func end(at time: Double, events: inout [TimedEvent<BarEvent>]) {
        anchorPosition = options.duration
        anchorTime = time
        state = .ended
        timer = nil
        events.append(stateEvent(at: time))
    }

    private mutating func cancelTimer(timeline: inout Timeline) {
        if let timer { timeline.cancelTimer(timer) }
        timer = nil
    }

    private func stateEvent(at time: Double) -> TimedEvent<BarEvent> {
        TimedEvent(time: time, target: target, .playerState(state))
    }

    private func seekedEvent(to position: Double, at time: Double) -> TimedEvent<BarEvent> {
        TimedEvent(time: time, target: target, .playerSeeked(to: position))
    }
}
