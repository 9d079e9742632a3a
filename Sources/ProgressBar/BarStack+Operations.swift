import ComponentSupport
import JSON
import Timing

extension BarStack {
    /// The ops ``apply(op:fields:at:timeline:events:)`` handles.
    public static let operations = [
        "bar.create", "bar.update", "bar.set", "bar.pause", "bar.resume", "bar.stop", "bar.reset", "bar.buffer",
        "player.create", "player.play", "player.pause", "player.seek",
    ]

    /// Applies one `bar.*` or `player.*` op at media time `time`, returning the ack's extra
    /// fields: `bar.set` adds `"ignored":true` when a drag rejected it; player ops add the
    /// player's `state` and `position`. Throws `unknown_op` for any other op, `bad_request`
    /// naming a bad field, `unknown_target`, `duplicate_target`, `conflict` or `limit`.
    ///
    /// After it returns, the Scene must drain the timeline's events at `time`: a command that
    /// replaces, stops or removes an animation reports `bar.animationEnded` that way.
    public mutating func apply(op: String, fields: FieldReader, at time: Double, timeline: inout Timeline,
                               events: inout [SceneEvent]) throws(CommandError) -> JSONObject {
        switch op {
        case "bar.create":
            let target = try fields.requireTarget()
            try requireNew(target)
            try createBar(target, style: BarStyle().updated(with: fields), timeline: &timeline)
        case "bar.update":
            let index = try barIndex(fields.requireTarget())
            bars[index].style = try bars[index].style.updated(with: fields)
        case "bar.set":
            let target = try fields.requireTarget()
            _ = try barIndex(target)
            let value = try fields.requireNumber("value", in: 0...1)
            let duration = try fields.number("duration", in: BarStack.setDurationRange) ?? 0
            let curve = try fields.choice("curve", as: BarCurve.self)
            let applied = try setBar(target, value: value, duration: duration, curve: curve, at: time, timeline: &timeline)
            return applied ? JSONObject() : JSONObject(pairs: [("ignored", .bool(true))])
        case "bar.pause":
            try pauseBar(fields.requireTarget(), at: time, timeline: &timeline)
        case "bar.resume":
            try resumeBar(fields.requireTarget(), at: time, timeline: &timeline)
        case "bar.stop":
            try stopBar(fields.requireTarget(), at: time, timeline: &timeline)
        case "bar.reset":
            try resetBar(fields.requireTarget(), at: time, timeline: &timeline)
        case "bar.buffer":
            let target = try fields.requireTarget()
            _ = try barIndex(target)
            try setBuffer(target, value: fields.requireNumber("value", in: 0...1))
        case "player.create":
            let target = try fields.requireTarget()
            try requireNew(target)
            let options = try PlayerOptions(fields: fields)
            try createPlayer(target, options: options, at: time, timeline: &timeline)
            return playerResult(target, at: time)
        case "player.play":
            let target = try fields.requireTarget()
            try play(target, at: time, timeline: &timeline, events: &events)
            return playerResult(target, at: time)
        case "player.pause":
            let target = try fields.requireTarget()
            try pause(target, at: time, timeline: &timeline, events: &events)
            return playerResult(target, at: time)
        case "player.seek":
            let target = try fields.requireTarget()
            let index = try playerIndex(target)
            let to = try fields.requireNumber("to", in: 0...players[index].options.duration)
            try seek(target, to: to, at: time, timeline: &timeline, events: &events)
            return playerResult(target, at: time)
        default:
            throw CommandError(.unknownOp, "unknown op \"\(op)\"")
        }
        return JSONObject()
    }

    private func playerResult(_ target: String, at time: Double) -> JSONObject {
        guard let player = player(target) else { return JSONObject() }
        return JSONObject(pairs: [("state", .string(player.state.rawValue)), ("position", .number(player.position(at: time)))])
    }
}
