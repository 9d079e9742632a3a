import Timing

extension ProgressBar {
    /// At most this many interrupted-animation records are kept (a stop the Scene never routes
    /// cannot grow memory).
    static let interruptionLimit = 16

    /// `bar.set`: animates the value from the current presentation value to `value` over
    /// `duration` seconds with `curve` (the bar's own when nil); at once when `duration` is 0.
    /// While dragging it is ignored, and any animation is removed (BN rejects programmatic
    /// values while the dot is selected, so player ticks never fight the finger). Returns
    /// whether it was applied.
    ///
    /// On a paused layer an animation is added frozen at its start, as Core Animation does: it
    /// runs when the bar resumes.
    mutating func set(
        _ value: Double, duration: Double, curve: BarCurve?, at time: Double, timeline: inout Timeline
    ) -> Bool {
        if isDragging {
            removeAnimations(at: time, timeline: &timeline)
            return false
        }
        recordInterruptions(at: time, timeline: timeline)
        if duration > 0 {
            let function = (curve ?? style.curve).timingFunction
            timeline.animate(
                ProgressBar.valueKey, of: layer, to: .scalar(value), duration: duration, timingFunction: function,
                at: time)
        } else {
            timeline.removeAllAnimations(from: layer, at: time)
            timeline.setModel(.scalar(value), for: ProgressBar.valueKey, of: layer)
        }
        return true
    }

    /// `bar.pause`: freezes the bar's layer (speed 0, timeOffset = its local time now).
    mutating func pause(at time: Double, timeline: inout Timeline) {
        timeline.pause(layer, at: time)
    }

    /// `bar.resume`: continues the layer from exactly where it paused (the beginTime trick).
    mutating func resume(at time: Double, timeline: inout Timeline) {
        timeline.resume(layer, at: time)
    }

    /// `bar.stop`: commits the presentation value to the model, then removes the animation
    /// (no jump). A paused layer stays paused.
    mutating func stop(at time: Double, timeline: inout Timeline) {
        recordInterruptions(at: time, timeline: timeline)
        timeline.stopAtPresentation(layer, at: time)
    }

    /// `bar.reset`: value 0, no animation, the layer clock running at speed 1 (not paused).
    /// The buffered range and the style are kept.
    /// Returns false, changing nothing, while the bar is dragged: BN rejects programmatic values
    /// while the dot is selected, and a reset applied for one frame would be undone by the next
    /// move of the finger.
    mutating func reset(at time: Double, timeline: inout Timeline) -> Bool {
        guard !isDragging else { return false }
        removeAnimations(at: time, timeline: &timeline)
        timeline.setModel(.scalar(0), for: ProgressBar.valueKey, of: layer)
        resetClock(timeline: &timeline)
        return true
    }

    /// `bar.buffer`.
    mutating func setBuffer(_ value: Double) {
        buffer = value
    }

    /// BN's removeProgressAnimation: removeAllAnimations, so the presentation jumps to the
    /// model value (the end of the animation in flight).
    mutating func removeAnimations(at time: Double, timeline: inout Timeline) {
        recordInterruptions(at: time, timeline: timeline)
        timeline.removeAllAnimations(from: layer, at: time)
    }

    /// BN's resetLayer: the layer clock back to speed 1 with no offset (local time = media
    /// time). Only used with no animation attached, so nothing visible jumps.
    mutating func resetClock(timeline: inout Timeline) {
        timeline.setTiming(of: layer, beginTime: 0, speed: 1, timeOffset: 0)
    }

    /// Remembers the presentation value of every attached animation before a command stops it.
    private mutating func recordInterruptions(at time: Double, timeline: Timeline) {
        let animations = timeline.animations(on: layer)
        guard !animations.isEmpty else { return }
        let value = timeline.presentationScalar(ProgressBar.valueKey, of: layer, at: time) ?? 0
        for attached in animations where !interrupted.contains(where: { $0.id == attached.id }) {
            interrupted.append(InterruptedAnimation(id: attached.id, value: value))
        }
        if interrupted.count > ProgressBar.interruptionLimit {
            interrupted.removeFirst(interrupted.count - ProgressBar.interruptionLimit)
        }
    }

    /// The value to report for an animation that stopped: where a command stopped it, or
    /// where it ended (the model value) when it ran out. Consumes the record.
    mutating func endedValue(for stop: AnimationStop, timeline: Timeline) -> Double {
        if let index = interrupted.firstIndex(where: { $0.id == stop.id }) {
            return interrupted.remove(at: index).value
        }
        if stop.finished { return modelValue(in: timeline) }
        return timeline.presentationScalar(ProgressBar.valueKey, of: layer, at: stop.time) ?? modelValue(in: timeline)
    }
}
