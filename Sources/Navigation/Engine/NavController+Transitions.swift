import ComponentSupport
import Shapes
import Timing
import Typesetting

extension NavController {
    /// pushViewController:animated: (the caller checked there is no transition). Reports the
    /// transition's start, B viewWillDisappear, C viewWillAppear; the end (now, or when the
    /// animation ends) reports B viewDidDisappear, C viewDidAppear.
    mutating func push(
        _ screen: NavScreen, animated: Bool, text: TextLayout, at time: Double, timeline: inout Timeline,
        events: inout [TimedEvent<NavEvent>]
    ) {
        guard let back = entries.last else { return }
        entries.append(ScreenEntry(screen))
        layOut(text: text)
        guard let front = entries.last else { return }
        begin(
            NavTransition(kind: .push, interactive: false, front: front, back: back), animated: animated,
            at: time, timeline: &timeline, events: &events)
    }

    /// popViewControllerAnimated: / popToViewController (`index` is the screen that stays on
    /// top). Screens between it and the top leave without appearance calls, as in UIKit. Returns
    /// the removed ids, bottom first.
    mutating func pop(
        to index: Int, animated: Bool, interactive: Bool = false, at time: Double, timeline: inout Timeline,
        events: inout [TimedEvent<NavEvent>]
    ) -> [String] {
        guard entries.indices.contains(index), index < entries.count - 1, let front = entries.last else { return [] }
        let removed = entries[(index + 1)...].map(\.screen.id)
        entries.removeSubrange((index + 1)...)
        guard let back = entries.last else { return removed }
        begin(
            NavTransition(kind: .pop, interactive: interactive, front: front, back: back),
            animated: animated || interactive,
            at: time, timeline: &timeline, events: &events)
        return removed
    }

    private mutating func begin(
        _ t: NavTransition, animated: Bool, at time: Double, timeline: inout Timeline,
        events: inout [TimedEvent<NavEvent>]
    ) {
        transition = t
        timeline.removeAnimation(forKey: NavController.transitionAnimationKey, from: layer, at: time)
        timeline.setModel(.scalar(0), for: NavController.progressKey, of: layer)
        emit(.transition(kind: t.kind, state: .began, interactive: t.interactive), at: time, into: &events)
        let (disappearing, appearing) = t.kind == .push ? (t.back, t.front) : (t.front, t.back)
        disappear(disappearing, animated: animated, at: time, timeline: &timeline, events: &events)
        appear(appearing, animated: animated, at: time, timeline: &timeline, events: &events)
        if t.interactive { return }
        if animated {
            run(
                to: 1, duration: NavMetrics.transitionDuration, curve: NavMetrics.transitionCurve, at: time,
                timeline: &timeline)
        } else {
            complete(finished: true, animated: false, at: time, timeline: &timeline, events: &events)
        }
    }

    /// Animates the transition's progress from its current presentation value to `end` (1
    /// finishes, 0 cancels). A zero duration completes at once.
    mutating func run(
        to end: Double, duration: Double, curve: TimingFunction, at time: Double, timeline: inout Timeline,
        events: inout [TimedEvent<NavEvent>]
    ) {
        guard duration > 0 else {
            timeline.setModel(.scalar(end), for: NavController.progressKey, of: layer)
            complete(finished: end == 1, animated: true, at: time, timeline: &timeline, events: &events)
            return
        }
        run(to: end, duration: duration, curve: curve, at: time, timeline: &timeline)
    }

    private mutating func run(
        to end: Double, duration: Double, curve: TimingFunction, at time: Double, timeline: inout Timeline
    ) {
        let from = timeline.presentationScalar(NavController.progressKey, of: layer, at: time) ?? 0
        timeline.setModel(.scalar(end), for: NavController.progressKey, of: layer)
        let animation = Animation.basic(
            NavController.progressKey, from: .scalar(from), to: .scalar(end),
            duration: duration, timingFunction: curve)
        let id = timeline.add(animation, forKey: NavController.transitionAnimationKey, to: layer, at: time)
        transition?.animation = id
        transition?.finishing = end == 1
    }

    /// The transition's end. Finished: the disappearing screen's viewDidDisappear, then the
    /// appearing one's viewDidAppear. A cancelled interactive pop puts the popped screen back:
    /// the screen underneath gets viewWillDisappear and viewDidDisappear, the popped one
    /// viewWillAppear and viewDidAppear (UIKit's order).
    mutating func complete(
        finished: Bool, animated: Bool, at time: Double, timeline: inout Timeline,
        events: inout [TimedEvent<NavEvent>]
    ) {
        guard let t = transition else { return }
        foldBarLink(finished: finished, timeline: &timeline)
        transition = nil
        timeline.removeAnimation(forKey: NavController.transitionAnimationKey, from: layer, at: time)
        timeline.setModel(.scalar(0), for: NavController.progressKey, of: layer)
        if finished {
            let (disappearing, appearing) = t.kind == .push ? (t.back, t.front) : (t.front, t.back)
            emit(
                .appearance(screen: disappearing.screen.id, call: .viewDidDisappear, animated: animated), at: time,
                into: &events)
            emit(
                .appearance(screen: appearing.screen.id, call: .viewDidAppear, animated: animated), at: time,
                into: &events)
        } else {
            entries.append(t.front)
            disappear(t.back, animated: animated, at: time, timeline: &timeline, events: &events)
            emit(
                .appearance(screen: t.back.screen.id, call: .viewDidDisappear, animated: animated), at: time,
                into: &events)
            appear(t.front, animated: animated, at: time, timeline: &timeline, events: &events)
            emit(
                .appearance(screen: t.front.screen.id, call: .viewDidAppear, animated: animated), at: time,
                into: &events)
        }
        emit(
            .transition(kind: t.kind, state: finished ? .finished : .cancelled, interactive: t.interactive), at: time,
            into: &events)
    }

    /// A timer or animation end of this controller.
    mutating func handle(_ event: TimelineEvent, timeline: inout Timeline, events: inout [TimedEvent<NavEvent>]) {
        switch event {
        case let .timer(_, tag, time):
            if tag.code == NavController.restoreBarTimer { restoreBar(at: time, timeline: &timeline, events: &events) }
        case let .animationStopped(stop):
            guard stop.finished, stop.key == NavController.transitionAnimationKey, let t = transition,
                t.animation == stop.id
            else { return }
            complete(finished: t.finishing, animated: true, at: stop.time, timeline: &timeline, events: &events)
        }
    }
}
