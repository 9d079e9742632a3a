public import ComponentSupport
import Shapes
public import Timing

/// A pointer a HUD took on its down: on its button (a tap when it goes up inside) or swallowed.
struct HUDPointerClaim: Equatable, Sendable {
    var pointer: Int
    var target: String
    var onButton: Bool
}

extension HUDStack: ComponentStack {
    /// Whether `target` names a HUD of this stack.
    public func owns(_ target: String) -> Bool { contains(target) }

    /// Applies one HUD command at `time` (see each command's method for its rules).
    public mutating func apply(
        _ command: HUDCommand, at time: Double, timeline: inout Timeline,
        events: inout [TimedEvent<HUDEvent>]
    ) throws(CommandError) -> HUDAck {
        switch command {
        case let .show(c):
            try show(
                target: c.target, properties: c.properties, animated: c.animated, at: time, timeline: &timeline,
                events: &events)
            return .done
        case let .update(c):
            try update(target: c.target, properties: c.properties, at: time, timeline: &timeline)
            return .done
        case let .hide(c):
            let chosen = try hide(
                target: c.target, animated: c.animated, afterDelay: c.afterDelay, at: time,
                timeline: &timeline, events: &events)
            return .hid(target: chosen)
        case let .hideAll(c):
            return .hidAll(count: hideAll(animated: c.animated, at: time, timeline: &timeline, events: &events))
        case let .status(c):
            let result = try status(
                target: c.target, kind: c.kind, text: c.text, duration: c.duration, animated: c.animated,
                at: time, timeline: &timeline, events: &events)
            return .status(target: result.target, duration: result.duration)
        }
    }

    /// HUDs take pointers by ``hitTest(_:)`` rather than by regions; none are reported here.
    public func hitRegions(at time: Double, timeline: Timeline) -> [HitRegion] { [] }

    /// A down on a HUD's button highlights it and a release inside taps it (`hud.button`); a
    /// down a HUD swallows (interaction `block`, or `hud` on the bezel) is taken and does
    /// nothing, as a view that is hit but has no gesture. Later events of that pointer stay
    /// with the HUD until up or cancel.
    public mutating func pointer(
        _ event: PointerEvent, timeline: inout Timeline,
        events: inout [TimedEvent<HUDEvent>]
    ) -> PointerResponse? {
        if let c = pointerClaims.firstIndex(where: { $0.pointer == event.pointer }) {
            let claim = pointerClaims[c]
            if event.phase.endsPointer { pointerClaims.remove(at: c) }
            guard claim.onButton else { return PointerResponse(target: claim.target) }
            let inside: Bool
            if case let .button(target) = hitTest(event.location), target == claim.target {
                inside = true
            } else {
                inside = false
            }
            switch event.phase {
            case .up:
                setButtonHighlighted(target: claim.target, false)
                return PointerResponse(
                    target: claim.target,
                    handled: inside && tapButton(target: claim.target, at: event.time, events: &events))
            case .cancel:
                setButtonHighlighted(target: claim.target, false)
            case .down, .move:
                setButtonHighlighted(target: claim.target, inside)
            }
            return PointerResponse(target: claim.target)
        }
        guard event.phase == .down else { return nil }
        switch hitTest(event.location) {
        case let .button(target):
            setButtonHighlighted(target: target, true)
            pointerClaims.append(HUDPointerClaim(pointer: event.pointer, target: target, onButton: true))
            return PointerResponse(target: target)
        case let .swallowed(target):
            pointerClaims.append(HUDPointerClaim(pointer: event.pointer, target: target, onButton: false))
            return PointerResponse(target: target)
        case .miss:
            return nil
        }
    }
}
