public import Timing

/// The state of a bar or a player at an instant, for `inspect` (docs/protocol.md sections 6 and 8).
public enum BarInspection: Equatable, Sendable {
    /// A bar's animation, as `inspect` with `layers` lists it.
    public struct AnimationInfo: Equatable, Sendable {
        public var key: String
        public var from: Double?
        public var to: Double?
        public var beginTime: Double
        public var duration: Double
        /// The curve's name, or nil for a custom one.
        public var curve: BarCurve?
    }

    /// The timing of a bar's layer.
    public struct LayerInfo: Equatable, Sendable {
        public var speed: Double
        public var timeOffset: Double
        public var beginTime: Double
        public var localTime: Double
        public var animations: [AnimationInfo]
    }

    /// A bar.
    public struct Bar: Equatable, Sendable {
        public var target: String
        public var modelValue: Double
        public var presentationValue: Double
        public var paused: Bool
        public var animating: Bool
        public var dragging: Bool
        public var buffer: Double
        /// The player driving it, if any.
        public var player: String?
        public var layer: LayerInfo
    }

    /// A player.
    public struct Player: Equatable, Sendable {
        public var target: String
        public var state: PlayerState
        public var position: Double
        public var options: PlayerOptions
    }

    case bar(Bar)
    case player(Player)
}

extension BarStack {
    /// The state of one bar or player at `time`, or nil when `target` names neither. Never
    /// changes state.
    public func inspect(_ target: String, at time: Double, timeline: Timeline) -> BarInspection? {
        if let bar = bar(target) { return .bar(inspect(bar, at: time, timeline: timeline)) }
        if let player = player(target) { return .player(inspect(player, at: time)) }
        return nil
    }

    /// Every bar then every player, in creation order.
    public func inspectAll(at time: Double, timeline: Timeline) -> [BarInspection] {
        bars.map { .bar(inspect($0, at: time, timeline: timeline)) } + players.map { .player(inspect($0, at: time)) }
    }

    private func inspect(_ bar: ProgressBar, at time: Double, timeline: Timeline) -> BarInspection.Bar {
        let timing = timeline.timing(of: bar.layer)
        let animations = timeline.animations(on: bar.layer).map { attached in
            var info = BarInspection.AnimationInfo(
                key: attached.key, from: nil, to: nil,
                beginTime: attached.animation.timing.beginTime,
                duration: attached.animation.timing.duration,
                curve: BarCurve(attached.animation.timingFunction))
            if case let .basic(from, to, _) = attached.animation.kind {
                info.from = from?.scalar
                info.to = to?.scalar
            }
            return info
        }
        let layer = BarInspection.LayerInfo(
            speed: timing?.speed ?? 1, timeOffset: timing?.timeOffset ?? 0,
            beginTime: timing?.beginTime ?? 0,
            localTime: timeline.localTime(of: bar.layer, at: time), animations: animations)
        return BarInspection.Bar(
            target: bar.target, modelValue: bar.modelValue(in: timeline),
            presentationValue: bar.presentationValue(at: time, in: timeline), paused: bar.isPaused(in: timeline),
            animating: bar.isAnimating(in: timeline), dragging: bar.isDragging, buffer: bar.buffer,
            player: players.first(where: { $0.options.bar == bar.target })?.target, layer: layer)
    }

    private func inspect(_ player: Player, at time: Double) -> BarInspection.Player {
        BarInspection.Player(
            target: player.target, state: player.state, position: player.position(at: time),
            options: player.options)
    }
}
