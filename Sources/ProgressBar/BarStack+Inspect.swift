import JSON
import Timing

extension BarStack {
    /// `inspect` of one bar or player (docs/protocol.md section 6), or nil when `target` names
    /// neither. Never changes state.
    ///
    /// A bar: `target`, `kind` `"bar"`, `t`, `model` {`value`}, `presentation` {`value`},
    /// `paused`, `animating`, `dragging`, `buffer`, `player` (its player's target, when driven),
    /// and with `layers` true, `layers`: [{`name`, `speed`, `timeOffset`, `beginTime`,
    /// `localTime`, `animations`: [{`key`, `from`, `to`, `beginTime`, `duration`, `curve`}]}].
    ///
    /// A player: `target`, `kind` `"player"`, `t`, `state`, `position`, `duration`, `tick`,
    /// `pauseStrategy`, `bar`.
    public func inspect(_ target: String, at time: Double, timeline: Timeline, layers: Bool = false) -> JSONObject? {
        if let bar = bar(target) { return inspect(bar, at: time, timeline: timeline, layers: layers) }
        if let player = player(target) { return inspect(player, at: time) }
        return nil
    }

    /// Every bar then every player, in creation order.
    public func inspectAll(at time: Double, timeline: Timeline, layers: Bool = false) -> [JSONObject] {
        bars.map { inspect($0, at: time, timeline: timeline, layers: layers) } + players.map { inspect($0, at: time) }
    }

    private func inspect(_ bar: ProgressBar, at time: Double, timeline: Timeline, layers: Bool) -> JSONObject {
        var object = JSONObject(pairs: [
            ("target", .string(bar.target)),
            ("kind", .string("bar")),
            ("t", .number(time)),
            ("model", .object(JSONObject(pairs: [("value", .number(bar.modelValue(in: timeline)))]))),
            ("presentation", .object(JSONObject(pairs: [("value", .number(bar.presentationValue(at: time, in: timeline)))]))),
            ("paused", .bool(bar.isPaused(in: timeline))),
            ("animating", .bool(bar.isAnimating(in: timeline))),
            ("dragging", .bool(bar.isDragging)),
            ("buffer", .number(bar.buffer)),
        ])
        if let driver = players.first(where: { $0.options.bar == bar.target }) {
            object.append("player", .string(driver.target))
        }
        if layers { object.append("layers", .array([layerObject(bar, at: time, timeline: timeline)])) }
        return object
    }

    private func layerObject(_ bar: ProgressBar, at time: Double, timeline: Timeline) -> JSONValue {
        let timing = timeline.timing(of: bar.layer)
        let animations: [JSONValue] = timeline.animations(on: bar.layer).map { attached in
            var object = JSONObject(pairs: [("key", .string(attached.key))])
            if case let .basic(from, to, _) = attached.animation.kind {
                if let from = from?.scalar { object.append("from", .number(from)) }
                if let to = to?.scalar { object.append("to", .number(to)) }
            }
            object.append("beginTime", .number(attached.animation.timing.beginTime))
            object.append("duration", .number(attached.animation.timing.duration))
            object.append("curve", .string(BarCurve(attached.animation.timingFunction)?.rawValue ?? "custom"))
            return .object(object)
        }
        return .object(JSONObject(pairs: [
            ("name", .string("bar")),
            ("speed", .number(timing?.speed ?? 1)),
            ("timeOffset", .number(timing?.timeOffset ?? 0)),
            ("beginTime", .number(timing?.beginTime ?? 0)),
            ("localTime", .number(timeline.localTime(of: bar.layer, at: time))),
            ("animations", .array(animations)),
        ]))
    }

    private func inspect(_ player: Player, at time: Double) -> JSONObject {
        JSONObject(pairs: [
            ("target", .string(player.target)),
            ("kind", .string("player")),
            ("t", .number(time)),
            ("state", .string(player.state.rawValue)),
            ("position", .number(player.position(at: time))),
            ("duration", .number(player.options.duration)),
            ("tick", .number(player.options.tick)),
            ("pauseStrategy", .string(player.options.pauseStrategy.rawValue)),
            ("bar", .string(player.options.bar)),
        ])
    }
}
