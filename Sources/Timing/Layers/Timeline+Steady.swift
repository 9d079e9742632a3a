import InPlace

extension Timeline {
    /// A media time before which the presentation value of `key` on layer `id` stays the one it
    /// has at `time`, while nothing changes the timeline (no model value set, no animation added
    /// or removed, no layer's timing changed): `time` itself while an animation of `key` runs,
    /// the start of the first one not yet begun, or infinity (no animation of `key` runs now or
    /// later, or the layer's time is frozen).
    ///
    /// Conservative: it may come before the first change, never after it. Lets a caller skip
    /// sampling a value it knows is steady (drawing keys, docs/architecture.md, "Incremental
    /// rendering").
    public func presentationSteadyUntil(_ key: PropertyKey, of id: LayerID, at time: Double) -> Double {
        let index = id.rawValue
        guard layers.indices.contains(index) else { return .infinity }
        let map = localTimeMap(of: id)
        let local = map.scale * time + map.offset
        return layers.withElementInPlace(at: index) { layer -> Double in
            var until = Double.infinity
            layer?.animations.forEachInPlace { attached in
                guard until > time, attached.animation.animates(key) else { return }
                let timing = attached.animation.timing
                // Frozen local time (a paused layer or animation): the value holds.
                if map.scale == 0 || timing.speed == 0 { return }
                // Time running backwards is not worth predicting.
                guard map.scale > 0, timing.speed > 0 else {
                    until = time
                    return
                }
                let elapsed = (local - timing.beginTime) * timing.speed
                let margin = Self.steadyMargin
                if elapsed >= timing.activeDuration + margin { return }  // over: its fill holds, or nothing
                guard elapsed < -margin else {
                    until = time  // running (or too near an end to tell)
                    return
                }
                // Not begun: it starts when local time reaches its beginTime.
                until = min(until, (timing.beginTime - map.offset) / map.scale - margin)
            }
            return max(until, time)
        }
    }

    /// How many seconds of the layer's local time pass per second of media time (the product of
    /// its and its ancestors' speeds; 0 while one of them is paused).
    public func timeScale(of id: LayerID) -> Double {
        localTimeMap(of: id).scale
    }

    /// Seconds a prediction of when a sampled value next changes is kept early by, against
    /// rounding: an animation's start or end here, and the components' own step, frame and fade
    /// predictions for drawing keys.
    public static var steadyMargin: Double { 1e-6 }
}
