import ComponentSupport
import Shapes
import HUD
import JSON
import ProgressBar
import Timing

extension Scene {
    /// Hands a timeline event to the component that owns it.
    mutating func route(_ event: TimelineEvent) {
        if huds.handle(event, timeline: &timeline, events: &pendingEvents) { return }
        _ = bars.handle(event, timeline: &timeline, events: &pendingEvents)
    }

    /// The display list at `time`: content components first, HUDs on top.
    public func displayList(at time: Double) -> DisplayList {
        var shapes: [Shape] = []
        shapes.reserveCapacity(48)
        bars.draw(at: time, timeline: timeline, fonts: fonts, into: &shapes)
        huds.draw(at: time, timeline: timeline, into: &shapes)
        return DisplayList(size: canvas, shapes: shapes)
    }

    /// `inspect`: one component (`target`) or all (`layers: true` adds layer timing).
    public func inspect(_ fields: FieldReader, at time: Double) throws(CommandError) -> JSONObject {
        let layers = try fields.bool("layers") ?? false
        if let target = try fields.target() {
            if let hud = huds.inspect(target: target, at: time, timeline: timeline) { return hud }
            if let bar = bars.inspect(target, at: time, timeline: timeline, layers: layers) { return bar }
            throw CommandError(.unknownTarget, "no component \"\(target)\"")
        }
        let all = huds.inspectAll(at: time, timeline: timeline) + bars.inspectAll(at: time, timeline: timeline, layers: layers)
        return JSONObject(pairs: [("t", .number(time)), ("components", .array(all.map { .object($0) }))])
    }

    /// Whether the display list may change after `time` without another op (an animation is
    /// running on an unfrozen layer, or a timer is pending). Used to skip sampling idle scenes.
    public func mayChange(after time: Double) -> Bool {
        timeline.nextEventTime() != nil || timeline.hasRunningAnimations(at: time)
    }

    /// Refuses a new component when the target is taken by another kind or the scene is full.
    func admitNew(_ target: String, existsAlready: Bool) throws(CommandError) {
        if existsAlready { return }
        if huds.contains(target) || bars.owns(target) {
            throw CommandError(.duplicateTarget, "target \"\(target)\" is already used by another component")
        }
        guard targets.count < componentLimit else {
            throw CommandError(.limit, "a session holds at most \(componentLimit) components")
        }
    }
}
