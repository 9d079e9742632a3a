import ComponentSupport
import Geometry
import Navigation
import Refresh
import ScrollView
import Timing

/// A pointer down that a scroll view took inside a navigation stack, until its first move.
struct ContestedPointer: Equatable, Sendable {
    var pointer: Int
    var scroll: String
    var nav: String
    var down: PointerEvent
}

extension Scene {
    /// The names under which ``PointerOwnership`` records which stack owns a pointer.
    /// The component stacks that take pointers, front to back (the order a down is offered in);
    /// the raw value is the `gesture` ``PointerOwnership`` records for the owning stack.
    private enum PointerStack: String, CaseIterable {
        case hud, bar, scroll, nav
    }

    /// `pointer`: a down is offered front to back (HUDs first: a HUD button takes it, a blocking
    /// HUD swallows it; then the bars; scroll views; the navigation stacks' swipe-back), and the first stack that takes it owns the pointer until
    /// up or cancel; that pointer's later events go straight to it, as UIKit keeps a touch on
    /// the view it began in.
    mutating func pointer(_ event: PointerEvent) -> PointerResponse? {
        if let c = contestedPointers.firstIndex(where: { $0.pointer == event.pointer }) {
            let contest = contestedPointers.remove(at: c)
            if event.phase == .move, let response = handOverToSwipe(contest, event) { return response }
        }
        if let owner = pointerOwners.owner(of: event.pointer) {
            defer { pointerOwners.finish(event) }
            let response = PointerStack(rawValue: owner.gesture).flatMap { deliver(event, to: $0) }
            return PointerResponse(target: owner.target, handled: response?.handled ?? false)
        }
        guard event.phase == .down else { return nil }
        for stack in PointerStack.allCases {
            if let response = deliver(event, to: stack) {
                pointerOwners.claim(event.pointer, for: GestureOwner(target: response.target, gesture: stack.rawValue))
                if stack == .scroll { noteContest(event, scroll: response.target) }
                return response
            }
        }
        return nil
    }

    /// A down taken by a scroll view inside a navigation stack is remembered until its first
    /// move, which decides between the scroll view's pan and FDFullscreenPopGesture's swipe.
    private mutating func noteContest(_ down: PointerEvent, scroll: String) {
        guard scrolls.scrollView(scroll) != nil,
            let nav = navs.hitRegions(at: down.time, timeline: timeline).first(where: { $0.contains(down.location) })?
                .target
        else { return }
        contestedPointers.append(ContestedPointer(pointer: down.pointer, scroll: scroll, nav: nav, down: down))
    }

    /// At a contested pointer's first move, when it is mostly horizontal toward the back edge:
    /// - FD's own rules come first (root, disabled, distance, transitioning): when its recogniser
    ///   would not begin, the stack reports `nav.gestureRefused` with FD's reason and the scroll
    ///   view keeps the pan (users chain the scroll view's pan to FD's, which then fails);
    /// - a scroll view that scrolls horizontally keeps the pan unless it sits at its leading edge
    ///   (FD's documented conflict: `nav.gestureRefused` `scrollView`);
    /// - one that does not (a table) never begins a horizontal pan in UIKit, so the swipe over it
    ///   is FD's, as over any other content.
    /// When the swipe takes it, the scroll view's touch is cancelled and the stack gets the
    /// pointer: its down (at the down's own time, so the pan's velocity is the finger's), then
    /// this move.
    private mutating func handOverToSwipe(_ contest: ContestedPointer, _ move: PointerEvent) -> PointerResponse? {
        guard let view = scrolls.scrollView(contest.scroll) else { return nil }
        let translation = move.location - contest.down.location
        let back: Double = navs.layoutDirection(of: contest.nav) == .rtl ? -1 : 1
        guard abs(translation.x) > abs(translation.y), translation.x * back > 0 else { return nil }
        // Refused: the stack says why, and the scroll view keeps the pan.
        func refuse(_ reason: NavRefusalReason) -> PointerResponse? {
            pendingEvents.append(
                TimedEvent(time: move.time, target: contest.nav, .nav(.gestureRefused(reason: reason))))
            return nil
        }
        if let reason = navs.swipeRefusal(
            of: contest.nav, location: move.location, translation: translation, downLocation: contest.down.location)
        {
            return refuse(reason)
        }
        if view.scrolls(.horizontal) {
            let offset = view.offset(at: move.time, timeline: timeline).x
            // Leading edge: the left for left-to-right content, where the offset is at its minimum.
            let atLeadingEdge =
                back > 0 ? offset <= view.minOffset(.horizontal) + 0.5 : offset >= view.maxOffset(.horizontal) - 0.5
            guard atLeadingEdge else { return refuse(.scrollView) }
        }
        let cancel = PointerEvent(
            phase: .cancel, location: contest.down.location, pointer: move.pointer, time: move.time)
        _ = deliver(cancel, to: .scroll)
        pointerOwners.release(move.pointer)
        let down = PointerEvent(
            phase: .down, location: contest.down.location, pointer: move.pointer, time: contest.down.time)
        guard let taken = deliver(down, to: .nav) else { return nil }
        pointerOwners.claim(move.pointer, for: GestureOwner(target: taken.target, gesture: PointerStack.nav.rawValue))
        return deliver(move, to: .nav) ?? taken
    }

    private mutating func deliver(_ event: PointerEvent, to stack: PointerStack) -> PointerResponse? {
        switch stack {
        case .hud:
            Scene.offer(
                event, to: &huds, revision: &revisions.huds, timeline: &timeline, events: &pendingEvents,
                as: ComponentEvent.hud)
        case .bar:
            Scene.offer(
                event, to: &bars, revision: &revisions.bars, timeline: &timeline, events: &pendingEvents,
                as: ComponentEvent.bar)
        case .scroll:
            Scene.offer(
                event, to: &scrolls, revision: &revisions.scrolls, timeline: &timeline, events: &pendingEvents,
                as: ComponentEvent.scroll)
        case .nav:
            Scene.offer(
                event, to: &navs, revision: &revisions.navs, timeline: &timeline, events: &pendingEvents,
                as: ComponentEvent.nav)
        }
    }

    private static func offer<Stack: ComponentStack>(
        _ event: PointerEvent, to stack: inout Stack, revision: inout UInt64, timeline: inout Timeline,
        events: inout [TimedEvent<ComponentEvent>],
        as wrap: (Stack.Event) -> ComponentEvent
    ) -> PointerResponse? {
        lifting(&stack, revision: &revision, timeline: &timeline, events: &events, as: wrap) { s, t, e in
            s.pointer(event, timeline: &t, events: &e)
        }
    }
}
