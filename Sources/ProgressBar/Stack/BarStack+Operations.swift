public import ComponentSupport
public import Timing

extension BarStack: ComponentStack {
    /// Applies one `bar.*` or `player.*` command at media time `time`. `bar.set` and `bar.reset`
    /// ack ``BarAck/ignored`` when a drag rejected them; player commands ack the player's state and
    /// position. Throws `unknown_target`, `duplicate_target`, `conflict`, `limit`, or
    /// `bad_request` naming a field out of range (rechecked here whatever decoded it).
    ///
    /// After it returns, the Scene must drain the timeline's events at `time`: a command that
    /// replaces, stops or removes an animation reports `bar.animationEnded` that way.
    public mutating func apply(
        _ command: BarCommand, at time: Double, timeline: inout Timeline,
        events: inout [TimedEvent<BarEvent>]
    ) throws(CommandError) -> BarAck {
        switch command {
        case let .createBar(target, patch):
            try requireNew(target)
            try createBar(target, style: BarStyle().applying(patch), timeline: &timeline)
        case let .updateBar(target, patch):
            let index = try barIndex(target)
            bars[index].style = bars[index].style.applying(patch)
            if !bars[index].style.draggable {
                cancelDrag(barAt: index, at: time, timeline: &timeline, events: &events)
            }
        case let .setBar(target, value, duration, curve):
            let applied = try setBar(
                target, value: value, duration: duration, curve: curve, at: time, timeline: &timeline)
            return applied ? .done : .ignored
        case let .pauseBar(target):
            try pauseBar(target, at: time, timeline: &timeline)
        case let .resumeBar(target):
            try resumeBar(target, at: time, timeline: &timeline)
        case let .stopBar(target):
            try stopBar(target, at: time, timeline: &timeline)
        case let .resetBar(target):
            return try resetBar(target, at: time, timeline: &timeline) ? .done : .ignored
        case let .setBuffer(target, value):
            _ = try barIndex(target)
            try setBuffer(target, value: value)
        case let .createPlayer(target, options):
            try createPlayer(target, options: options, at: time, timeline: &timeline)
            return playerAck(target, at: time)
        case let .play(target):
            try play(target, at: time, timeline: &timeline, events: &events)
            return playerAck(target, at: time)
        case let .pausePlayer(target):
            try pause(target, at: time, timeline: &timeline, events: &events)
            return playerAck(target, at: time)
        case let .seek(target, to):
            try seek(target, to: to, at: time, timeline: &timeline, events: &events)
            return playerAck(target, at: time)
        }
        return .done
    }

    private func playerAck(_ target: String, at time: Double) -> BarAck {
        guard let player = player(target) else { return .done }
        return .player(state: player.state, position: player.position(at: time))
    }
}
