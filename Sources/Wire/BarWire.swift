import ComponentSupport
import Geometry
import JSON
import ProgressBar

/// The progress bar's and player's wire format (docs/protocol.md sections 4.2 and 4.3): ops
/// decoded into ``BarCommand``s, and acks, events and inspections encoded.
enum BarWire {
    /// The ops, in the order docs/protocol.md lists them.
    static let ops = [
        "bar.create", "bar.update", "bar.set", "bar.pause", "bar.resume", "bar.stop", "bar.reset", "bar.buffer",
        "player.create", "player.play", "player.pause", "player.seek",
    ]

    /// Decodes one of ``ops``; nil for any other op. `playerDuration` gives a player's duration
    /// (nil: no such player): `player.seek`'s `to` must lie within it.
    static func decode(
        _ op: String, _ f: FieldReader, playerDuration: (String) -> Double?
    ) throws(CommandError) -> BarCommand? {
        switch op {
        case "bar.create":
            let target = try f.requireTarget()
            return .createBar(target: target, style: try stylePatch(f))
        case "bar.update":
            let target = try f.requireTarget()
            return .updateBar(target: target, style: try stylePatch(f))
        case "bar.set":
            let target = try f.requireTarget()
            let value = try f.requireNumber("value", in: 0...1)
            let duration = try f.number("duration", in: BarStack.setDurationRange) ?? 0
            let curve = try f.choice("curve", as: BarCurve.self)
            return .setBar(target: target, value: value, duration: duration, curve: curve)
        case "bar.pause": return .pauseBar(target: try f.requireTarget())
        case "bar.resume": return .resumeBar(target: try f.requireTarget())
        case "bar.stop": return .stopBar(target: try f.requireTarget())
        case "bar.reset": return .resetBar(target: try f.requireTarget())
        case "bar.buffer":
            let target = try f.requireTarget()
            return .setBuffer(target: target, value: try f.requireNumber("value", in: 0...1))
        case "player.create":
            let target = try f.requireTarget()
            let bar = try f.requireTarget("bar")
            let duration = try f.requireNumber("duration", in: PlayerOptions.durationRange)
            let tick = try f.number("tick", in: PlayerOptions.tickRange) ?? 0.25
            let strategy = try f.choice("pauseStrategy", as: PauseStrategy.self) ?? .timing
            return .createPlayer(
                target: target,
                options: PlayerOptions(bar: bar, duration: duration, tick: tick, pauseStrategy: strategy))
        case "player.play": return .play(target: try f.requireTarget())
        case "player.pause": return .pausePlayer(target: try f.requireTarget())
        case "player.seek":
            let target = try f.requireTarget()
            guard let duration = playerDuration(target) else {
                throw CommandError(.unknownTarget, "no player \"\(target)\"")
            }
            return .seek(target: target, to: try f.requireNumber("to", in: 0...duration))
        default:
            return nil
        }
    }

    /// The style fields present in a `bar.create` or `bar.update`; unknown fields are ignored.
    static func stylePatch(_ fields: FieldReader) throws(CommandError) -> BarStylePatch {
        var patch = BarStylePatch()
        // FieldReader.rect takes one range for width and height; a bar's differ.
        patch.frame = try fields.nested(
            "frame", expected: #"an object {"x","y","width","height"}"#,
            { inner throws(CommandError) in
                Rect(
                    x: try inner.requireNumber("x", in: BarStyle.originRange),
                    y: try inner.requireNumber("y", in: BarStyle.originRange),
                    width: try inner.requireNumber("width", in: BarStyle.widthRange),
                    height: try inner.requireNumber("height", in: BarStyle.heightRange))
            })
        patch.barHeight = try fields.number("barHeight", in: BarStyle.barHeightRange)
        patch.dotSize = try fields.number("dotSize", in: BarStyle.dotSizeRange)
        patch.trackColor = try fields.color("trackColor")
        patch.fillColor = try fields.color("fillColor")
        patch.dragColor = try fields.color("dragColor")
        patch.bufferColor = try fields.color("bufferColor")
        patch.cornerRadius = try fields.number("cornerRadius", in: BarStyle.cornerRadiusRange)
        patch.showDot = try fields.bool("showDot")
        patch.draggable = try fields.bool("draggable")
        patch.hitInset = try fields.number("hitInset", in: BarStyle.hitInsetRange)
        patch.curve = try fields.choice("curve", as: BarCurve.self)
        patch.label = try fields.string("label", maxLength: BarStyle.labelMaxLength)
        return patch
    }

    static func encode(_ ack: BarAck) -> JSONObject {
        switch ack {
        case .done: return JSONObject()
        case .ignored: return JSONObject(pairs: [("ignored", .bool(true))])
        case let .player(state, position):
            return JSONObject(pairs: [("state", .string(state.rawValue)), ("position", .number(position))])
        }
    }

    static func encode(_ event: BarEvent) -> (name: String, fields: JSONObject) {
        switch event {
        case let .animationEnded(finished, value):
            return (
                "bar.animationEnded", JSONObject(pairs: [("finished", .bool(finished)), ("value", .number(value))])
            )
        case let .drag(state, value):
            return ("bar.drag", JSONObject(pairs: [("state", .string(state.rawValue)), ("value", .number(value))]))
        case let .playerState(state):
            return ("player.state", JSONObject(pairs: [("state", .string(state.rawValue))]))
        case let .playerSeeked(to):
            return ("player.seeked", JSONObject(pairs: [("to", .number(to))]))
        }
    }

    /// `inspect` of a bar: `target`, `kind` `"bar"`, `t`, `model` {`value`}, `presentation`
    /// {`value`}, `paused`, `animating`, `dragging`, `buffer`, `player` (when driven), and with
    /// `layers`: [{`name`, `speed`, `timeOffset`, `beginTime`, `localTime`, `animations`:
    /// [{`key`, `from`, `to`, `beginTime`, `duration`, `curve`}]}]. A player: `target`, `kind`
    /// `"player"`, `t`, `state`, `position`, `duration`, `tick`, `pauseStrategy`, `bar`.
    static func encode(_ inspection: BarInspection, at time: Double, layers: Bool) -> JSONObject {
        switch inspection {
        case let .bar(bar):
            var object = JSONObject(pairs: [
                ("target", .string(bar.target)),
                ("kind", .string("bar")),
                ("t", .number(time)),
                ("model", .object(JSONObject(pairs: [("value", .number(bar.modelValue))]))),
                ("presentation", .object(JSONObject(pairs: [("value", .number(bar.presentationValue))]))),
                ("paused", .bool(bar.paused)),
                ("animating", .bool(bar.animating)),
                ("dragging", .bool(bar.dragging)),
                ("buffer", .number(bar.buffer)),
            ])
            if let player = bar.player { object.append("player", .string(player)) }
            if layers { object.append("layers", .array([encode(bar.layer)])) }
            return object
        case let .player(player):
            return JSONObject(pairs: [
                ("target", .string(player.target)),
                ("kind", .string("player")),
                ("t", .number(time)),
                ("state", .string(player.state.rawValue)),
                ("position", .number(player.position)),
                ("duration", .number(player.options.duration)),
                ("tick", .number(player.options.tick)),
                ("pauseStrategy", .string(player.options.pauseStrategy.rawValue)),
                ("bar", .string(player.options.bar)),
            ])
        }
    }

    private static func encode(_ layer: BarInspection.LayerInfo) -> JSONValue {
        let animations: [JSONValue] = layer.animations.map { a in
            var object = JSONObject(pairs: [("key", .string(a.key))])
            if let from = a.from { object.append("from", .number(from)) }
            if let to = a.to { object.append("to", .number(to)) }
            object.append("beginTime", .number(a.beginTime))
            object.append("duration", .number(a.duration))
            object.append("curve", .string(a.curve?.rawValue ?? "custom"))
            return .object(object)
        }
        return .object(
            JSONObject(pairs: [
                ("name", .string("bar")),
                ("speed", .number(layer.speed)),
                ("timeOffset", .number(layer.timeOffset)),
                ("beginTime", .number(layer.beginTime)),
                ("localTime", .number(layer.localTime)),
                ("animations", .array(animations)),
            ]))
    }
}
