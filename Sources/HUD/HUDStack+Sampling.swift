import Shapes
import Geometry
import JSON
import Timing

extension HUDStack {
    /// Appends every visible HUD's shapes at `time`, back to front (see `HUD.draw`).
    /// Never changes state.
    public func draw(at time: Double, timeline: Timeline, into shapes: inout [Shape]) {
        // By index: `for hud in huds` would copy each HUD (retaining everything it holds) per frame.
        for index in huds.indices { huds[index].draw(at: time, timeline: timeline, canvas: canvas, into: &shapes) }
    }

    /// Front to back, what a pointer at `point` hits. Like UIKit, it tests the model state, not
    /// the presentation: a HUD that is showing or shown swallows the pointer (interaction
    /// `block`: anywhere; `hud`: on the bezel) unless it is on its button; a hiding HUD still
    /// covers the canvas with `block` (its container stays opaque to touches until `done`) but
    /// its bezel (model alpha 0) takes nothing; a HUD in its grace time or queued (alpha 0)
    /// takes nothing. With `none` only the button takes the pointer.
    public func hitTest(_ point: Point) -> HUDHit {
        for hud in huds.reversed() {
            let layout = hud.layout
            switch hud.phase {
            case .showing, .shown:
                if let button = layout.buttonFrame, button.contains(point) { return .button(target: hud.target) }
                switch hud.config.interaction {
                case .block: return .swallowed(target: hud.target)
                case .hud: if layout.bezel.contains(point) { return .swallowed(target: hud.target) }
                case .passThrough: break
                }
            case .hiding:
                if hud.config.interaction == .block { return .swallowed(target: hud.target) }
            case .queued, .grace, .hidden:
                break
            }
        }
        return .miss
    }

    /// The state of one HUD (docs/protocol.md section 6), or nil when there is none:
    /// `target`, `kind` ("hud"), `t`, `state`, `model` {`alpha`, `scale`, `backgroundAlpha`},
    /// `presentation` {`alpha`, `scale`, `backgroundAlpha`, `rotation`}, `bezel`
    /// {`x`,`y`,`width`,`height`}, `progress`, `mode`, `customView`, `label`, `details`,
    /// `button`, `labelTruncated`, `detailsLines`, `animation`, `graceTime`, `minShowTime`,
    /// `removeOnHide`, `interaction`, `position`, `background`, `bezelStyle`, `queue`, `z`
    /// (0 = backmost), `hideRequested` (MBProgressHUD's `finished`), `shownAt`, `timers`
    /// {`grace`, `minShow`, `hideDelay`, `dismiss`: due times or null}, `awaiting` (targets a
    /// queued HUD waits for). Never changes state.
    public func inspect(target: String, at time: Double, timeline: Timeline) -> JSONObject? {
        guard let z = huds.firstIndex(where: { $0.target == target }) else { return nil }
        return inspect(huds[z], z: z, at: time, timeline: timeline)
    }

    /// Every HUD's inspect object, back to front.
    public func inspectAll(at time: Double, timeline: Timeline) -> [JSONObject] {
        huds.enumerated().map { inspect($0.element, z: $0.offset, at: time, timeline: timeline) }
    }

    private func inspect(_ hud: HUD, z: Int, at time: Double, timeline: Timeline) -> JSONObject {
        let config = hud.config
        let layout = hud.layout
        let state = hud.presentation(at: time, in: timeline)
        let model = JSONObject(pairs: [
            ("alpha", .number(timeline.modelScalar(.opacity, of: hud.layers.bezel) ?? 0)),
            ("scale", .number(timeline.model(.transform, of: hud.layers.bezel)?.transform?.scale.width ?? 1)),
            ("backgroundAlpha", .number(timeline.modelScalar(.opacity, of: hud.layers.background) ?? 0)),
        ])
        let presentation = JSONObject(pairs: [
            ("alpha", .number(state.bezelAlpha)),
            ("scale", .number(state.transform.scale.width)),
            ("backgroundAlpha", .number(state.backgroundAlpha)),
            ("rotation", .number(state.rotation)),
        ])
        let bezel = JSONObject(pairs: [
            ("x", .number(layout.bezel.x)), ("y", .number(layout.bezel.y)),
            ("width", .number(layout.bezel.width)), ("height", .number(layout.bezel.height)),
        ])
        let timers = hud.pendingTimes(in: timeline)
        func optional(_ value: Double?) -> JSONValue { value.map { .number($0) } ?? .null }
        let awaiting = hud.awaiting.compactMap { serial in huds.first { $0.serial == serial }?.target }
        return JSONObject(pairs: [
            ("target", .string(hud.target)),
            ("kind", .string("hud")),
            ("t", .number(time)),
            ("state", .string(hud.phase.rawValue)),
            ("model", .object(model)),
            ("presentation", .object(presentation)),
            ("bezel", .object(bezel)),
            ("progress", .number(config.progress)),
            ("mode", .string(config.mode.rawValue)),
            ("customView", config.customView.map { .string($0.rawValue) } ?? .null),
            ("label", .string(config.label)),
            ("details", .string(config.details)),
            ("button", .string(config.button)),
            ("labelTruncated", .bool(layout.label?.isTruncated ?? false)),
            ("detailsLines", .number(Double(layout.details?.lines.count ?? 0))),
            ("animation", .string(config.animation.rawValue)),
            ("graceTime", .number(config.graceTime)),
            ("minShowTime", .number(config.minShowTime)),
            ("removeOnHide", .bool(config.removeOnHide)),
            ("interaction", .string(config.interaction.rawValue)),
            ("position", .string(config.position.rawValue)),
            ("background", .string(config.background.rawValue)),
            ("bezelStyle", .string(config.bezelStyle.rawValue)),
            ("queue", .bool(config.queue)),
            ("z", .number(Double(z))),
            ("hideRequested", .bool(hud.finished)),
            ("shownAt", optional(hud.shownAt)),
            ("timers", .object(JSONObject(pairs: [
                ("grace", optional(timers.grace)), ("minShow", optional(timers.minShow)),
                ("hideDelay", optional(timers.hideDelay)), ("dismiss", optional(timers.dismiss)),
            ]))),
            ("awaiting", .array(awaiting.map { .string($0) })),
        ])
    }
}
