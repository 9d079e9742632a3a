import ComponentSupport
import Timing

extension Scene {
    /// The names under which ``PointerOwnership`` records which stack owns a pointer.
    private enum StackName {
        static let hud = "hud"
        static let bar = "bar"
        static let scroll = "scroll"
        static let nav = "nav"
    }

    /// `pointer`: a down is offered front to back (HUDs first: a HUD button takes it, a blocking
    /// HUD swallows it; then the bars; scroll views; the navigation stacks' swipe-back), and the first stack that takes it owns the pointer until
    /// up or cancel; that pointer's later events go straight to it, as UIKit keeps a touch on
    /// the view it began in.
    mutating func pointer(_ event: PointerEvent) -> PointerResponse? {
        if let owner = pointerOwners.owner(of: event.pointer) {
            defer { pointerOwners.finish(event) }
            let response = deliver(event, to: owner.gesture)
            return PointerResponse(target: owner.target, handled: response?.handled ?? false)
        }
        guard event.phase == .down else { return nil }
        for stack in [StackName.hud, StackName.bar, StackName.scroll, StackName.nav] {
            if let response = deliver(event, to: stack) {
                pointerOwners.claim(event.pointer, for: GestureOwner(target: response.target, gesture: stack))
                return response
            }
        }
        return nil
    }

    private mutating func deliver(_ event: PointerEvent, to stack: String) -> PointerResponse? {
        switch stack {
        case StackName.hud:
            return Scene.offer(event, to: &huds, timeline: &timeline, events: &pendingEvents, as: ComponentEvent.hud)
        case StackName.bar:
            return Scene.offer(event, to: &bars, timeline: &timeline, events: &pendingEvents, as: ComponentEvent.bar)
        case StackName.scroll:
            return Scene.offer(event, to: &scrolls, timeline: &timeline, events: &pendingEvents, as: ComponentEvent.scroll)
        case StackName.nav:
            return Scene.offer(event, to: &navs, timeline: &timeline, events: &pendingEvents, as: ComponentEvent.nav)
        default:
            return nil
        }
    }

    private static func offer<Stack: ComponentStack>(_ event: PointerEvent, to stack: inout Stack, timeline: inout Timeline,
                                                     events: inout [TimedEvent<ComponentEvent>],
                                                     as wrap: (Stack.Event) -> ComponentEvent) -> PointerResponse? {
        var own: [TimedEvent<Stack.Event>] = []
        let response = stack.pointer(event, timeline: &timeline, events: &own)
        for e in own { events.append(TimedEvent(time: e.time, target: e.target, wrap(e.payload))) }
        return response
    }
}
