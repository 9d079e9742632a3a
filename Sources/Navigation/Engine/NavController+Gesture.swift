import ComponentSupport
import Geometry
import Timing

extension NavController {
    /// FDFullscreenPopGesture's gestureRecognizerShouldBegin:, evaluated when the pan would begin
    /// (after the recogniser's slop), in FD's order: root, disabled, distance, transitioning,
    /// direction. `location` is where the pointer is then, `translation` how far it moved.
    ///
    /// With the full-screen gesture off, the system edge pan applies instead: it needs the
    /// pointer to have gone down within ``NavMetrics/edgeWidth`` of the leading edge, and it does
    /// not consult FD's `interactivePopDisabled` (only FD's own recogniser does).
    ///
    /// Right-to-left mirrors the direction (FD multiplies translation.x by -1) and, unlike FD,
    /// which always measures from the left edge, also measures the distance from the right edge.
    func refusal(location: Point, translation: Point, downLocation: Point) -> NavRefusalReason? {
        guard entries.count > 1, let top else { return .root }
        if fullscreenPopGesture {
            if top.screen.interactivePopDisabled { return .disabled }
            let allowed = top.screen.interactivePopMaxAllowedInitialDistanceToLeftEdge
            if allowed > 0, distanceFromLeadingEdge(location) > allowed { return .distance }
        } else if distanceFromLeadingEdge(downLocation) > NavMetrics.edgeWidth {
            return .distance
        }
        if transition != nil { return .transitioning }
        if translation.x * sign <= 0 { return .direction }
        return nil
    }

    /// The interactive percent for a translation: translation / width toward the back direction,
    /// clamped to 0 ... ``NavMetrics/maximumPercent``.
    func percent(for translation: Point) -> Double {
        min(max(translation.x * sign / frame.width, 0), NavMetrics.maximumPercent)
    }

    /// Whether this controller tracks `pointer` (the pan's, or an ignored extra pointer).
    func tracks(_ pointer: Int) -> Bool {
        pan.pointer == pointer || ignoredPointers.contains(pointer)
    }

    /// A pointer event offered to this controller; returns whether it was consumed.
    mutating func pointer(_ event: PointerEvent, timeline: inout Timeline, events: inout [TimedEvent<NavEvent>]) -> Bool
    {
        let time = event.time
        if event.phase == .down {
            if pan.pointer == event.pointer {
                // A down of the pointer the pan still tracks: its up was lost (a finger cannot go
                // down twice). The stale pan is cancelled where it last was, and this down starts
                // a new one, as the scroll views do.
                let cancel = PointerEvent(phase: .cancel, location: pan.location, pointer: event.pointer, time: time)
                _ = pointer(cancel, timeline: &timeline, events: &events)
            }
            ignoredPointers.removeAll { $0 == event.pointer }
            guard !tracks(event.pointer), frame.contains(event.location) else { return tracks(event.pointer) }
            if pan.isTracking {
                // FD's pan takes one touch; a second finger (or a tap) during the gesture is ignored.
                ignoredPointers.append(event.pointer)
                return true
            }
            pan.reset()
            _ = pan.handle(event)
            panRole = .possible
            samples = []
            downOnBackButton =
                transition == nil && backButtonFrame(at: time, timeline: timeline)?.contains(event.location) == true
            return true
        }
        if let index = ignoredPointers.firstIndex(of: event.pointer) {
            if event.phase.endsPointer { ignoredPointers.remove(at: index) }
            return true
        }
        guard pan.pointer == event.pointer else { return false }
        let state = pan.handle(event)
        switch panRole {
        case .possible:
            if state == .began {
                beginGesture(at: time, timeline: &timeline, events: &events)
            } else if event.phase == .up, downOnBackButton, transition == nil, entries.count > 1,
                backButtonFrame(at: time, timeline: timeline)?.contains(event.location) == true
            {
                // A tap on the back button: popViewControllerAnimated:YES.
                _ = pop(to: entries.count - 2, animated: true, at: time, timeline: &timeline, events: &events)
            }
        case .active:
            switch state {
            case .changed?: track(at: time, timeline: &timeline, events: &events)
            case .ended?: release(cancelled: false, at: time, timeline: &timeline, events: &events)
            case .cancelled?: release(cancelled: true, at: time, timeline: &timeline, events: &events)
            default: break
            }
        case .idle, .refused:
            break
        }
        if !pan.isTracking { panRole = .idle }
        return true
    }

    private mutating func beginGesture(at time: Double, timeline: inout Timeline, events: inout [TimedEvent<NavEvent>])
    {
        if let reason = refusal(location: pan.location, translation: pan.translation, downLocation: pan.startLocation) {
            panRole = .refused
            emit(.gestureRefused(reason: reason), at: time, into: &events)
            return
        }
        panRole = .active
        let p = percent(for: pan.translation)
        emit(.gesture(state: .began, percent: p, velocity: pan.velocity.x * sign), at: time, into: &events)
        _ = pop(
            to: entries.count - 2, animated: true, interactive: true, at: time, timeline: &timeline, events: &events)
        timeline.setModel(.scalar(p), for: NavController.progressKey, of: layer)
        record(p, at: time)
    }

    /// A changed pan: updateInteractiveTransition: with translation / width. `changed` is
    /// reported at pointer events only (the page sends at most one move per animation frame),
    /// and a second move at the same media time replaces the first's report, so a frame never
    /// carries two.
    private mutating func track(at time: Double, timeline: inout Timeline, events: inout [TimedEvent<NavEvent>]) {
        let p = percent(for: pan.translation)
        timeline.setModel(.scalar(p), for: NavController.progressKey, of: layer)
        record(p, at: time)
        let report = TimedEvent(
            time: time, target: target, NavEvent.gesture(state: .changed, percent: p, velocity: pan.velocity.x * sign))
        if let last = events.last, last.time == time, last.target == target,
            case .gesture(.changed, _, _) = last.payload
        {
            events[events.count - 1] = report
        } else {
            events.append(report)
        }
    }

    /// The pan ended or was cancelled: finish or cancel by ``PopDecision`` and run the rest.
    private mutating func release(
        cancelled: Bool, at time: Double, timeline: inout Timeline,
        events: inout [TimedEvent<NavEvent>]
    ) {
        let p = percent(for: pan.translation)
        if let last = samples.last, last.percent != p {
            timeline.setModel(.scalar(p), for: NavController.progressKey, of: layer)
            record(p, at: time)
        }
        emit(
            .gesture(state: cancelled ? .cancelled : .ended, percent: p, velocity: pan.velocity.x * sign), at: time,
            into: &events)
        let decision = PopDecision(
            samples: samples, percent: p, width: frame.width, duration: NavMetrics.transitionDuration,
            releaseTime: time, cancelled: cancelled)
        samples = []
        run(
            to: decision.finish ? 1 : 0, duration: decision.remainingDuration, curve: .linear, at: time,
            timeline: &timeline, events: &events)
    }

    /// Keeps the last three percent updates; updates at one instant replace each other.
    private mutating func record(_ p: Double, at time: Double) {
        if let last = samples.last, last.time >= time {
            samples[samples.count - 1] = PopDecision.Sample(time: last.time, percent: p)
        } else {
            samples.append(PopDecision.Sample(time: time, percent: p))
        }
        if samples.count > 3 { samples.removeFirst(samples.count - 3) }
    }
}
