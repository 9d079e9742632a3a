public import Geometry
import InPlace
public import Shapes
public import Timing

extension HUDStack {
    /// Appends every visible HUD's shapes at `time`, back to front (see `HUD.draw`).
    /// Never changes state.
    public func draw(at time: Double, timeline: Timeline, into shapes: inout [Shape]) {
        // In place: `for hud in huds` (or a call on `huds[index]`) would copy each HUD, retaining
        // everything it holds, per frame.
        huds.forEachInPlace { $0.draw(at: time, timeline: timeline, canvas: canvas, into: &shapes) }
    }

    /// Like ``draw(at:timeline:into:)``, a segment per HUD in `list`, kept while its key stays
    /// the same: the stack's `revision` (its model state), the HUD's position, and the
    /// presentation its drawing uses (between two steps of the spinner, a shown HUD's key does
    /// not change). A HUD's key says until when it holds (`HUD.drawKey(_:at:timeline:)`), so between two
    /// steps of its spinner a shown HUD is kept without sampling its layers at all.
    public func draw(at time: Double, timeline: Timeline, revision: UInt64, into list: inout IncrementalDisplayList) {
        // Each HUD is read in place (`withElementInPlace`): a call on `huds[index]` would copy the
        // HUD, retaining all it holds.
        list.segments(count: huds.count, revision: revision, at: time) { index, key in
            let inputs = huds.withElementInPlace(at: index) { $0.drawKeyInputs }
            HUD.drawKey(inputs, at: time, timeline: timeline).write(into: &key)
        } draw: { index, shapes in
            huds.withElementInPlace(at: index) { $0.draw(at: time, timeline: timeline, canvas: canvas, into: &shapes) }
        }
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

    /// The state of one HUD (docs/protocol.md section 6), or nil when there is none. Never
    /// changes state.
    public func inspect(_ target: String, at time: Double, timeline: Timeline) -> HUDInspection? {
        guard let z = huds.firstIndex(where: { $0.target == target }) else { return nil }
        return inspect(huds[z], z: z, at: time, timeline: timeline)
    }

    /// Every HUD's state, back to front.
    public func inspectAll(at time: Double, timeline: Timeline) -> [HUDInspection] {
        huds.indices.map { inspect(huds[$0], z: $0, at: time, timeline: timeline) }
    }

    private func inspect(_ hud: HUD, z: Int, at time: Double, timeline: Timeline) -> HUDInspection {
        let layout = hud.layout
        let state = hud.presentation(at: time, in: timeline)
        let model = HUDInspection.Appearance(
            alpha: timeline.modelScalar(.opacity, of: hud.layers.bezel) ?? 0,
            scale: timeline.model(.transform, of: hud.layers.bezel)?.transform?.scale.width ?? 1,
            backgroundAlpha: timeline.modelScalar(.opacity, of: hud.layers.background) ?? 0,
            rotation: nil)
        let presentation = HUDInspection.Appearance(
            alpha: state.bezelAlpha, scale: state.transform.scale.width,
            backgroundAlpha: state.backgroundAlpha, rotation: state.rotation)
        let awaiting = hud.awaiting.compactMap { serial in huds.first { $0.serial == serial }?.target }
        return HUDInspection(
            target: hud.target, phase: hud.phase, model: model, presentation: presentation, bezel: layout.bezel,
            buttonFrame: layout.buttonFrame, config: hud.config, labelTruncated: layout.label?.isTruncated ?? false,
            detailsLines: layout.details?.lines.count ?? 0, z: z, hideRequested: hud.finished, shownAt: hud.shownAt,
            timers: hud.pendingTimes(in: timeline), awaiting: awaiting)
    }
}

/// What a pointer at a point hits among the HUDs, front to back.
public enum HUDHit: Equatable, Sendable {
    /// The button of the HUD `target` (a tap on it emits `hud.button`).
    case button(target: String)
    /// The HUD `target` swallows the pointer (interaction `block`, or `hud` on the bezel).
    case swallowed(target: String)
    /// No HUD takes it: it goes to what is below.
    case miss
}
