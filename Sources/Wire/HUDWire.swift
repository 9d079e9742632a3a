import ComponentSupport
import Geometry
import HUD
import JSON

/// The HUD's wire format (docs/protocol.md section 4.1): its ops decoded into ``HUDCommand``s,
/// and its acks, events and inspections encoded. The only place HUD fields meet JSON.
enum HUDWire {
    /// The ops, in the order docs/protocol.md lists them.
    static let ops = ["hud.show", "hud.update", "hud.hide", "hud.hideAll", "hud.status"]

    /// Decodes one of ``ops``; nil for any other op.
    static func decode(_ op: String, _ f: FieldReader) throws(CommandError) -> HUDCommand? {
        switch op {
        case "hud.show":
            let target = try f.requireTarget()
            let properties = try properties(f)
            return .show(
                HUDShowCommand(target: target, animated: try f.bool("animated") ?? true, properties: properties))
        case "hud.update":
            let target = try f.requireTarget()
            return .update(HUDUpdateCommand(target: target, properties: try properties(f)))
        case "hud.hide":
            let target = try f.target()
            let animated = try f.bool("animated") ?? true
            let delay = try f.number("afterDelay", in: HUDLimits.time) ?? 0
            return .hide(HUDHideCommand(target: target, animated: animated, afterDelay: delay))
        case "hud.hideAll":
            return .hideAll(HUDHideAllCommand(animated: try f.bool("animated") ?? true))
        case "hud.status":
            let target = try f.target()
            guard let kind = try f.choice("kind", as: HUDStatusKind.self) else {
                throw .badField("kind", "is required (one of \"success\", \"error\", \"info\")")
            }
            let text = try f.string("text", maxLength: HUDLimits.maxTextLength) ?? ""
            let duration = try f.number("duration", in: HUDLimits.time)
            let animated = try f.bool("animated") ?? true
            return .status(
                HUDStatusCommand(target: target, kind: kind, text: text, duration: duration, animated: animated))
        default:
            return nil
        }
    }

    /// Every HUD property present in a command; absent or null fields stay nil and unknown
    /// fields are ignored. Ranges are ``HUDLimits``'s; colours `#rrggbb` or `#rrggbbaa`.
    static func properties(_ r: FieldReader) throws(CommandError) -> HUDProperties {
        var p = HUDProperties()
        p.mode = try r.choice("mode", as: HUDMode.self)
        p.label = try r.string("label", maxLength: HUDLimits.maxTextLength)
        p.details = try r.string("details", maxLength: HUDLimits.maxTextLength)
        p.button = try r.string("button", maxLength: HUDLimits.maxTextLength)
        p.customView = try r.choice("customView", as: HUDCustomView.self)
        p.progress = try r.number("progress", in: 0...1)
        p.animation = try r.choice("animation", as: HUDAnimation.self)
        p.graceTime = try r.number("graceTime", in: HUDLimits.time)
        p.minShowTime = try r.number("minShowTime", in: HUDLimits.time)
        p.removeOnHide = try r.bool("removeOnHide")
        p.margin = try r.number("margin", in: HUDLimits.margin)
        p.minSize = try r.size("minSize", in: HUDLimits.minSize)
        p.square = try r.bool("square")
        p.offset = try r.point("offset", in: HUDLimits.offset)
        p.cornerRadius = try r.number("cornerRadius", in: HUDLimits.cornerRadius)
        p.contentColor = try r.color("contentColor")
        p.bezelColor = try r.color("bezelColor")
        p.bezelStyle = try r.choice("bezelStyle", as: HUDBezelStyle.self)
        p.background = try r.choice("background", as: HUDBackground.self)
        p.backgroundColor = try r.color("backgroundColor")
        p.position = try r.choice("position", as: HUDPosition.self)
        p.interaction = try r.choice("interaction", as: HUDInteraction.self)
        p.queue = try r.bool("queue")
        return p
    }

    static func encode(_ ack: HUDAck) -> JSONObject {
        switch ack {
        case .done: return JSONObject()
        case let .hid(target): return JSONObject(pairs: [("target", .string(target))])
        case let .hidAll(count): return JSONObject(pairs: [("hidden", .number(Double(count)))])
        case let .status(target, duration):
            return JSONObject(pairs: [("target", .string(target)), ("duration", .number(duration))])
        }
    }

    static func encode(_ event: HUDEvent) -> (name: String, fields: JSONObject) {
        switch event {
        case .appeared: return ("hud.appeared", JSONObject())
        case .suppressed: return ("hud.suppressed", JSONObject())
        case let .hidden(removed): return ("hud.hidden", JSONObject(pairs: [("removed", .bool(removed))]))
        case let .button(title): return ("hud.button", JSONObject(pairs: [("title", .string(title))]))
        }
    }

    /// `inspect` of a HUD (docs/protocol.md sections 6 and 8): `target`, `kind` ("hud"), `t`,
    /// `state`, `model` {`alpha`, `scale`, `backgroundAlpha`}, `presentation` {`alpha`, `scale`,
    /// `backgroundAlpha`, `rotation`}, `bezel` {`x`,`y`,`width`,`height`}, `progress`, `mode`,
    /// `customView`, `label`, `details`, `button`, `labelTruncated`, `detailsLines`,
    /// `animation`, `graceTime`, `minShowTime`, `removeOnHide`, `interaction`, `position`,
    /// `background`, `bezelStyle`, `queue`, `z` (0 = backmost), `hideRequested`, `shownAt`,
    /// `timers` {`grace`, `minShow`, `hideDelay`, `dismiss`: due times or null}, `awaiting`.
    static func encode(_ h: HUDInspection, at time: Double) -> JSONObject {
        func optional(_ value: Double?) -> JSONValue { value.map { .number($0) } ?? .null }
        let config = h.config
        let model = JSONObject(pairs: [
            ("alpha", .number(h.model.alpha)), ("scale", .number(h.model.scale)),
            ("backgroundAlpha", .number(h.model.backgroundAlpha)),
        ])
        let presentation = JSONObject(pairs: [
            ("alpha", .number(h.presentation.alpha)), ("scale", .number(h.presentation.scale)),
            ("backgroundAlpha", .number(h.presentation.backgroundAlpha)),
            ("rotation", .number(h.presentation.rotation ?? 0)),
        ])
        return JSONObject(pairs: [
            ("target", .string(h.target)),
            ("kind", .string("hud")),
            ("t", .number(time)),
            ("state", .string(h.phase.rawValue)),
            ("model", .object(model)),
            ("presentation", .object(presentation)),
            ("bezel", h.bezel.json),
            ("buttonFrame", h.buttonFrame?.json ?? .null),
            ("progress", .number(config.progress)),
            ("mode", .string(config.mode.rawValue)),
            ("customView", config.customView.map { .string($0.rawValue) } ?? .null),
            ("label", .string(config.label)),
            ("details", .string(config.details)),
            ("button", .string(config.button)),
            ("labelTruncated", .bool(h.labelTruncated)),
            ("detailsLines", .number(Double(h.detailsLines))),
            ("animation", .string(config.animation.rawValue)),
            ("graceTime", .number(config.graceTime)),
            ("minShowTime", .number(config.minShowTime)),
            ("removeOnHide", .bool(config.removeOnHide)),
            ("interaction", .string(config.interaction.rawValue)),
            ("position", .string(config.position.rawValue)),
            ("background", .string(config.background.rawValue)),
            ("bezelStyle", .string(config.bezelStyle.rawValue)),
            ("queue", .bool(config.queue)),
            ("z", .number(Double(h.z))),
            ("hideRequested", .bool(h.hideRequested)),
            ("shownAt", optional(h.shownAt)),
            (
                "timers",
                .object(
                    JSONObject(pairs: [
                        ("grace", optional(h.timers.grace)), ("minShow", optional(h.timers.minShow)),
                        ("hideDelay", optional(h.timers.hideDelay)), ("dismiss", optional(h.timers.dismiss)),
                    ]))
            ),
            ("awaiting", .array(h.awaiting.map { .string($0) })),
        ])
    }
}
