public import ComponentSupport
import Geometry
import HUD
import Navigation
import ProgressBar
import Refresh

/// One component's animatable properties at an instant, for the timing inspector (`trace.start`,
/// docs/protocol.md section 8): for each property what the code set (model) and what is on screen
/// (presentation), which differ while an animation runs and stay apart while its layer is paused.
public struct TraceSample: Equatable, Sendable {
    /// One property's two values.
    public struct Value: Equatable, Sendable {
        public var property: String
        public var model: Double
        public var presentation: Double
    }

    /// The properties asked for, in the order asked.
    public var values: [Value]
    /// Whether the component's layer is frozen (speed 0): presentation stops, model does not.
    public var paused: Bool
    /// Whether an animation is attached (model and presentation may differ).
    public var animating: Bool
}

extension Scene {
    /// The properties `trace` can sample on `target`, in their documented order.
    /// - Throws: `unknown_target` when no component has that target.
    public func traceableProperties(of target: String) throws(CommandError) -> [String] {
        Scene.traceable(try inspect(target, at: time))
    }

    /// `properties` of `target` at `time` (sampling never changes the scene).
    /// - Throws: `unknown_target`, or `bad_request` naming a property the component does not have.
    public func trace(_ target: String, properties: [String], at time: Double) throws(CommandError) -> TraceSample {
        let inspection = try inspect(target, at: time)
        let all = Scene.sample(inspection)
        var values: [TraceSample.Value] = []
        for property in properties {
            guard let value = all.values.first(where: { $0.property == property }) else {
                throw CommandError.badField(
                    "properties",
                    "\"\(property.prefix(64))\" is not a traced property of \"\(target)\" (it has: "
                        + Scene.traceable(inspection).joined(separator: ", ") + ")")
            }
            values.append(value)
        }
        return TraceSample(values: values, paused: all.paused, animating: all.animating)
    }

    private static func traceable(_ inspection: ComponentInspection) -> [String] {
        sample(inspection).values.map(\.property)
    }

    /// Every traceable property of a component, from its typed inspection.
    private static func sample(_ inspection: ComponentInspection) -> TraceSample {
        typealias V = TraceSample.Value
        switch inspection {
        case let .bar(.bar(bar)):
            return TraceSample(
                values: [V(property: "value", model: bar.modelValue, presentation: bar.presentationValue)],
                paused: bar.paused, animating: bar.animating)
        case let .bar(.player(player)):
            return TraceSample(
                values: [V(property: "position", model: player.position, presentation: player.position)],
                paused: false, animating: false)
        case let .hud(hud):
            let values = [
                V(property: "alpha", model: hud.model.alpha, presentation: hud.presentation.alpha),
                V(property: "scale", model: hud.model.scale, presentation: hud.presentation.scale),
                V(
                    property: "backgroundAlpha", model: hud.model.backgroundAlpha,
                    presentation: hud.presentation.backgroundAlpha),
            ]
            return TraceSample(
                values: values, paused: false, animating: values.contains { $0.model != $0.presentation })
        case let .scroll(.scroll(scroll)):
            // The model offset is reported only while an animation moves the content away from it.
            let model = scroll.modelOffset ?? scroll.offset
            return TraceSample(
                values: [
                    V(property: "offsetY", model: model.y, presentation: scroll.offset.y),
                    V(property: "offsetX", model: model.x, presentation: scroll.offset.x),
                ],
                paused: scroll.paused,
                animating: scroll.modelOffset != nil || scroll.decelerating || scroll.presentationInset != nil)
        case let .scroll(.refresh(refresh)):
            return TraceSample(
                values: [
                    V(property: "pullingPercent", model: refresh.pullingPercent, presentation: refresh.pullingPercent),
                    V(property: "alpha", model: refresh.alpha, presentation: refresh.alpha),
                ],
                paused: false, animating: false)
        case let .nav(_, nav):
            // A transition's model is where it is going (the pushed or popped state, percent 1);
            // an interactive one follows the finger, so model and presentation agree.
            let modelPercent = nav.transitioning == nil ? 0 : (nav.interactive ? nav.percent : 1)
            return TraceSample(
                values: [
                    V(property: "percent", model: modelPercent, presentation: nav.percent),
                    V(
                        property: "barVisibility", model: nav.navigationBarHidden ? 0 : 1,
                        presentation: nav.barVisibility),
                ],
                paused: false,
                animating: nav.transitioning != nil || nav.barVisibility != (nav.navigationBarHidden ? 0 : 1))
        }
    }
}
