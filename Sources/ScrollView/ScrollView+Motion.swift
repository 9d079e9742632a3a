import ComponentSupport
public import Geometry
public import Timing

extension ScrollView {
    /// Starts UIScrollView's own motion on both axes from `position` with `velocity` (points
    /// per second) at `time`: past an edge a bounce back to it; inside, a deceleration that stops
    /// at the edge it would cross (computed analytically) and bounces there (or just stops when
    /// `bounces` is off); nothing when the velocity is negligible. Replaces any motion.
    /// Returns whether anything moves. The model offset becomes where the motion ends.
    public mutating func startMotion(
        from position: Point, velocity: Point, at time: Double, timeline: inout Timeline
    ) -> Bool {
        var moving = false
        for axis in ScrollAxis.allCases {
            moving =
                planAxis(
                    axis, from: axis.of(position), velocity: scrolls(axis) ? axis.of(velocity) : 0,
                    at: time, timeline: &timeline) || moving
        }
        return moving
    }

    private mutating func planAxis(
        _ axis: ScrollAxis, from x0: Double, velocity v0: Double, at time: Double, timeline: inout Timeline
    ) -> Bool {
        removeAxisAnimations(axis, at: time, timeline: &timeline)
        let lo = minOffset(axis), hi = maxOffset(axis)
        let local = timeline.localTime(of: layer, at: time)
        var segments: [MotionSegment] = []
        var rest = x0
        if x0 < lo || x0 > hi {
            let edge = x0 < lo ? lo : hi
            let bounce = ScrollPhysics.bounce(from: x0, to: edge, velocity: v0)
            segments.append(MotionSegment(curve: bounce.curve, begin: local, duration: bounce.duration))
            rest = edge
        } else if abs(v0) > ScrollPhysics.stopSpeed(rate: decelerationRate.value) {
            let decay = MotionCurve.decay(from: x0, velocity: v0, rate: decelerationRate.value)
            let duration = ScrollPhysics.decayDuration(velocity: v0, rate: decelerationRate.value)
            let end = decay.value(at: duration)
            let edge = v0 > 0 ? hi : lo
            if (v0 > 0 && end > hi) || (v0 < 0 && end < lo) {
                // UIKit: the deceleration meets the edge; from that exact
                // instant the spring takes over with the velocity it has there.
                let crossing =
                    x0 == edge ? 0 : (decay.crossingTime(of: edge, direction: v0, from: 0, to: duration) ?? 0)
                if crossing > 0 { segments.append(MotionSegment(curve: decay, begin: local, duration: crossing)) }
                if bounces {
                    let bounce = ScrollPhysics.bounce(from: edge, to: edge, velocity: decay.velocity(at: crossing))
                    segments.append(
                        MotionSegment(curve: bounce.curve, begin: local + crossing, duration: bounce.duration))
                }
                rest = edge
            } else {
                segments.append(MotionSegment(curve: decay, begin: local, duration: duration))
                rest = end
            }
        }
        timeline.setModel(.scalar(rest), for: axis.offsetKey, of: layer)
        for (index, segment) in segments.enumerated() {
            let key = index == 0 ? axis.motionKey : axis.bounceKey
            timeline.add(
                Animation.motion(
                    axis.offsetKey, segment.curve, duration: max(segment.duration, 1e-9), beginTime: segment.begin),
                forKey: key, to: layer, at: time)
        }
        motion[axis.index] = segments
        return !segments.isEmpty
    }

    /// Removes the physics and UIView-style offset animations of `axis` (they stop with finished = false).
    mutating func removeAxisAnimations(_ axis: ScrollAxis, at time: Double, timeline: inout Timeline) {
        timeline.removeAnimation(forKey: axis.motionKey, from: layer, at: time)
        timeline.removeAnimation(forKey: axis.bounceKey, from: layer, at: time)
        timeline.removeAnimation(forKey: axis.easeKey, from: layer, at: time)
        motion[axis.index] = []
    }

    /// Stops every offset animation where it is at `time` (the model takes the presentation
    /// value: nothing jumps), as a finger catching a moving scroll view does.
    public mutating func stopMotion(at time: Double, timeline: inout Timeline) {
        let current = offset(at: time, timeline: timeline)
        for axis in ScrollAxis.allCases {
            removeAxisAnimations(axis, at: time, timeline: &timeline)
            timeline.setModel(.scalar(axis.of(current)), for: axis.offsetKey, of: layer)
        }
    }

    /// Whether any physics animation (deceleration or bounce) is still attached.
    func hasPhysicsAnimations(_ timeline: Timeline) -> Bool {
        ScrollAxis.allCases.contains { axis in
            timeline.hasAnimation(forKey: axis.motionKey, on: layer)
                || timeline.hasAnimation(forKey: axis.bounceKey, on: layer)
        }
    }

    /// The time after `time` at which the vertical physics motion first reaches `y` moving
    /// down the content (offset increasing), or nil. Used to fire offset thresholds at their
    /// exact instant instead of at the next sample.
    public func timeOfReaching(y: Double, after time: Double, timeline: Timeline) -> Double? {
        let local = timeline.localTime(of: layer, at: time)
        guard !timeline.isPaused(layer) else { return nil }
        for segment in motion[ScrollAxis.vertical.index] where segment.begin + segment.duration > local {
            let start = max(0, local - segment.begin)
            guard let t = segment.curve.crossingTime(of: y, direction: 1, from: start, to: segment.duration) else {
                continue
            }
            if t == start && local > segment.begin { continue }
            return timeline.convertTime(segment.begin + t, from: layer, to: nil)
        }
        return nil
    }

    // MARK: Programmatic changes

    /// setContentOffset:animated: at `time`. Animated moves use UIKit's 0.3 s
    /// ease-in-ease-out (or `duration`); any deceleration stops. While a finger drags, the
    /// offset is set at once and the drag re-anchored there.
    public mutating func setContentOffset(
        _ target: Point, duration: Double, at time: Double, timeline: inout Timeline
    ) -> ScrollUpdate {
        var update = ScrollUpdate()
        let old = observedOffset(at: time, timeline: timeline)
        if phase == .decelerating { enter(.idle, at: time, update: &update) }
        for axis in ScrollAxis.allCases {
            moveAxis(axis, to: axis.of(target), duration: duration, at: time, timeline: &timeline)
        }
        if drag != nil { reanchor(timeline: timeline) }
        let new = observedOffset(at: time, timeline: timeline)
        if new != old { update.offsetChange = (old, new) }
        return update
    }

    /// Moves one axis to `value` at once or with an ease-in-ease-out animation from the presentation.
    mutating func moveAxis(
        _ axis: ScrollAxis, to value: Double, duration: Double, at time: Double, timeline: inout Timeline
    ) {
        let from = axis.of(offset(at: time, timeline: timeline))
        removeAxisAnimations(axis, at: time, timeline: &timeline)
        timeline.setModel(.scalar(value), for: axis.offsetKey, of: layer)
        guard duration > 0, drag == nil, from != value else { return }
        let animation = Animation.basic(
            axis.offsetKey, from: .scalar(from), to: .scalar(value), duration: duration, timingFunction: .easeInEaseOut)
        timeline.add(animation, forKey: axis.easeKey, to: layer, at: time)
    }

    /// Sets the content inset at `time`, animated over `duration` (0: at once) with UIView's
    /// ease-in-ease-out where MJRefresh animates it, then keeps the offset valid as UIKit's
    /// `_adjustContentOffsetIfNecessary` does: at rest an offset outside the new range moves
    /// to it (in the same animation); a moving view continues its motion within the new range
    /// (from its current position and velocity: no jump); a drag is re-anchored (no jump).
    public mutating func setInset(
        _ inset: ScrollInsets, duration: Double, at time: Double, timeline: inout Timeline
    ) -> ScrollUpdate {
        let old = contentInset
        contentInset = inset
        let targets = ScrollView.insetKeys(inset)
        let previous = ScrollView.insetKeys(old)
        for (index, (key, value)) in targets.enumerated()
        where value != previous[index].1 || timeline.hasAnimation(forKey: key.name, on: layer) {
            if duration > 0 {
                timeline.animate(
                    key, of: layer, to: .scalar(value), duration: duration, timingFunction: .easeInEaseOut, at: time)
            } else {
                timeline.removeAnimation(forKey: key.name, from: layer, at: time)
                timeline.setModel(.scalar(value), for: key, of: layer)
            }
        }
        return adjustOffset(duration: duration, at: time, timeline: &timeline)
    }

    /// Sets the content size at `time` (no animation) and keeps the offset valid.
    public mutating func setContentSize(_ size: Size, at time: Double, timeline: inout Timeline) -> ScrollUpdate {
        contentSize = size
        return adjustOffset(duration: 0, at: time, timeline: &timeline)
    }

    /// Moves the view to `frame` at `time` and keeps the offset valid.
    public mutating func setFrame(_ frame: Rect, at time: Double, timeline: inout Timeline) -> ScrollUpdate {
        self.frame = frame
        return adjustOffset(duration: 0, at: time, timeline: &timeline)
    }

    /// Replaces the rows (reloadData) and formats their titles once.
    public mutating func setRows(_ rows: TableRows) {
        self.rows = rows
    }

    private mutating func adjustOffset(duration: Double, at time: Double, timeline: inout Timeline) -> ScrollUpdate {
        var update = ScrollUpdate()
        let old = observedOffset(at: time, timeline: timeline)
        if drag != nil {
            reanchor(timeline: timeline)
        } else if phase == .decelerating {
            let position = offset(at: time, timeline: timeline)
            let moving = startMotion(
                from: position, velocity: velocity(at: time, timeline: timeline), at: time, timeline: &timeline)
            if !moving { enter(.idle, at: time, update: &update) }
        } else {
            let model = modelOffset(timeline: timeline)
            for axis in ScrollAxis.allCases {
                let value = axis.of(model)
                let valid = scrolls(axis) ? clamped(value, axis) : minOffset(axis)
                if valid != value { moveAxis(axis, to: valid, duration: duration, at: time, timeline: &timeline) }
            }
        }
        let new = observedOffset(at: time, timeline: timeline)
        if new != old { update.offsetChange = (old, new) }
        return update
    }

    /// Re-anchors the drag so that the current model offset corresponds to the current
    /// translation under the current bounds (the content stays under the finger).
    mutating func reanchor(timeline: Timeline) {
        guard drag != nil else { return }
        let model = modelOffset(timeline: timeline)
        let raw = Point(x: unbanded(model.x, .horizontal), y: unbanded(model.y, .vertical))
        drag?.anchor = raw + pan.translation
    }

    /// Records a phase change (and when scrolling ended).
    mutating func enter(_ newPhase: ScrollPhase, at time: Double, update: inout ScrollUpdate) {
        guard newPhase != phase else { return }
        if newPhase == .idle { scrollEndedAt = time }
        phase = newPhase
        update.phases.append(newPhase)
    }

    /// An animation on the view's layer stopped. When the last physics animation ran out, the
    /// view is idle at that exact time; returns the update (empty otherwise).
    public mutating func animationStopped(_ stop: AnimationStop, timeline: Timeline) -> ScrollUpdate {
        var update = ScrollUpdate()
        guard stop.finished, phase == .decelerating, !hasPhysicsAnimations(timeline) else { return update }
        motion = [[], []]
        enter(.idle, at: stop.time, update: &update)
        return update
    }
}
