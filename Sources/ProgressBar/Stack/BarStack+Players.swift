public import ComponentSupport
public import Timing

extension BarStack {
    /// `player.create`: a paused player at position 0 driving the bar `options.bar` (which
    /// must exist and have no player yet); the bar jumps to 0.
    public mutating func createPlayer(
        _ target: String, options: PlayerOptions, at time: Double,
        timeline: inout Timeline
    ) throws(CommandError) {
        try requireNew(target)
        guard players.count < BarStack.maximumComponents else {
            throw CommandError(.limit, "at most \(BarStack.maximumComponents) players")
        }
        guard options.duration.isFinite, PlayerOptions.durationRange.contains(options.duration) else {
            throw .badField("duration", "must be a number in 0.001...86400")
        }
        guard options.tick.isFinite, PlayerOptions.tickRange.contains(options.tick) else {
            throw .badField("tick", "must be a number in 0.01...10")
        }
        guard let barIndex = bars.firstIndex(where: { $0.target == options.bar }) else {
            throw CommandError(.unknownTarget, "bar names no bar: \"\(options.bar)\"")
        }
        if let driver = players.first(where: { $0.options.bar == options.bar }) {
            throw CommandError(.conflict, "bar \"\(options.bar)\" is already driven by player \"\(driver.target)\"")
        }
        players.append(Player(target: target, options: options))
        _ = bars[barIndex].set(0, duration: 0, curve: nil, at: time, timeline: &timeline)
    }

    /// `player.play`.
    public mutating func play(
        _ target: String, at time: Double, timeline: inout Timeline, events: inout [TimedEvent<BarEvent>]
    ) throws(CommandError) {
        let (p, b) = try playerAndBar(target)
        players[p].play(at: time, bar: &bars[b], timeline: &timeline, events: &events)
    }

    /// `player.pause`: applies the player's pause strategy to its bar.
    public mutating func pause(
        _ target: String, at time: Double, timeline: inout Timeline, events: inout [TimedEvent<BarEvent>]
    ) throws(CommandError) {
        let (p, b) = try playerAndBar(target)
        players[p].pause(at: time, bar: &bars[b], timeline: &timeline, events: &events)
    }

    /// `player.seek`: `to` in 0...duration seconds.
    public mutating func seek(
        _ target: String, to position: Double, at time: Double, timeline: inout Timeline,
        events: inout [TimedEvent<BarEvent>]
    ) throws(CommandError) {
        let (p, b) = try playerAndBar(target)
        let duration = players[p].options.duration
        guard position.isFinite, (0...duration).contains(position) else {
            throw .badField("to", "must be a number in 0...\(duration)")
        }
        players[p].seek(to: position, at: time, bar: &bars[b], timeline: &timeline, events: &events)
    }

    /// The indices of a player and of its bar.
    func playerAndBar(_ target: String) throws(CommandError) -> (Int, Int) {
        let p = try playerIndex(target)
        guard let b = bars.firstIndex(where: { $0.target == players[p].options.bar }) else {
            throw CommandError(.unknownTarget, "player \"\(target)\" has no bar")
        }
        return (p, b)
    }
}
