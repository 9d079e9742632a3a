import ComponentSupport
import Drawing
import JSON
import Timing

extension Scene {
    /// The ops of the components that exist.
    static var componentOps: [(String, OpHandler)] { [] }

    /// Hands a timeline event to the component that owns it.
    mutating func route(_ event: TimelineEvent) {
        _ = event
    }

    /// The display list at `time`: content components first, HUDs on top.
    public func displayList(at time: Double) -> DisplayList {
        DisplayList(size: canvas, shapes: [])
    }

    /// `inspect`: one component (`target`) or all.
    public func inspect(_ fields: FieldReader, at time: Double) throws(CommandError) -> JSONObject {
        if let target = try fields.target() { throw CommandError(.unknownTarget, "no component \"\(target)\"") }
        return JSONObject(pairs: [("t", .number(time)), ("components", .array([]))])
    }

    /// Whether the display list may change after `time` without another op (an animation is
    /// running on an unfrozen layer, or a timer is pending). Used to skip sampling idle scenes.
    public func mayChange(after time: Double) -> Bool {
        timeline.nextEventTime() != nil || timeline.hasRunningAnimations(at: time)
    }
}
