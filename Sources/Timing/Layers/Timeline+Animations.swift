extension Timeline {
    /// Adds an animation under `key` (replacing one with the same key, which stops with
    /// finished = false). An animation whose beginTime is 0 is stamped with the layer's local
    /// time at `time`, as Core Animation does at commit.
    @discardableResult
    public mutating func add(
        _ animation: Animation, forKey key: String? = nil, to id: LayerID, at time: Double
    ) -> AnimationID {
        observe(time)
        let animationID = AnimationID(rawValue: nextSequence())
        guard self[id] != nil else { return animationID }
        var stamped = animation
        if stamped.timing.beginTime == 0 { stamped.timing.beginTime = localTime(of: id, at: time) }
        let resolvedKey = key ?? "animation-\(animationID.rawValue)"
        removeAnimation(forKey: resolvedKey, from: id, at: time)
        self[id]?.animations.append(AttachedAnimation(id: animationID, key: resolvedKey, animation: stamped))
        return animationID
    }

    /// Removes the animation under `key`; it stops with finished = false. The presentation
    /// value jumps to whatever remains (the model value if nothing else animates the property).
    public mutating func removeAnimation(forKey key: String, from id: LayerID, at time: Double) {
        guard let layer = self[id], let index = layer.animations.firstIndex(where: { $0.key == key }) else { return }
        observe(time)
        let removed = layer.animations[index]
        self[id]?.animations.remove(at: index)
        if !removed.finishReported {
            outbox.append(
                .animationStopped(
                    AnimationStop(
                        id: removed.id, layer: id, owner: layer.owner, key: removed.key, finished: false, time: time)))
        }
    }

    /// removeAllAnimations: every animation stops with finished = false and the presentation
    /// jumps to the model values.
    public mutating func removeAllAnimations(from id: LayerID, at time: Double) {
        guard let layer = self[id] else { return }
        for attached in layer.animations { removeAnimation(forKey: attached.key, from: id, at: time) }
    }

    /// Stop at presentation: commits each animated property's presentation value at `time` to
    /// the model, then removes the animations (finished = false). Nothing jumps.
    public mutating func stopAtPresentation(_ id: LayerID, at time: Double) {
        guard let layer = self[id] else { return }
        var keys: [PropertyKey] = []
        for attached in layer.animations {
            for key in attached.animation.animatedKeys where !keys.contains(key) { keys.append(key) }
        }
        let values = keys.map { presentation($0, of: id, at: time) }
        for (key, value) in zip(keys, values) { if let value { setModel(value, for: key, of: id) } }
        removeAllAnimations(from: id, at: time)
    }

    /// UIView-style animation with begin-from-current-state: the model becomes `value` at once
    /// and an animation under the property's name runs from the current presentation value to it
    /// (replacing an in-flight one, which stops with finished = false).
    @discardableResult
    public mutating func animate(
        _ key: PropertyKey, of id: LayerID, to value: AnimatableValue, duration: Double,
        timingFunction: TimingFunction = .linear, at time: Double
    ) -> AnimationID {
        let from = presentation(key, of: id, at: time) ?? value
        setModel(value, for: key, of: id)
        let animation = Animation.basic(key, from: from, to: value, duration: duration, timingFunction: timingFunction)
        return add(animation, forKey: key.name, to: id, at: time)
    }

    /// Like `animate(_:of:to:duration:timingFunction:at:)` with a spring curve.
    @discardableResult
    public mutating func animate(
        _ key: PropertyKey, of id: LayerID, to value: AnimatableValue, spring: Spring,
        duration: Double, at time: Double
    ) -> AnimationID {
        let from = presentation(key, of: id, at: time) ?? value
        setModel(value, for: key, of: id)
        return add(
            Animation.spring(key, spring, from: from, to: value, duration: duration), forKey: key.name, to: id, at: time
        )
    }

    /// The animations attached to a layer, in the order added.
    public func animations(on id: LayerID) -> [(key: String, id: AnimationID, animation: Animation)] {
        (self[id]?.animations ?? []).map { ($0.key, $0.id, $0.animation) }
    }

    /// Whether any animation is attached to the layer.
    public func hasAnimations(_ id: LayerID) -> Bool { !(self[id]?.animations.isEmpty ?? true) }

    /// Whether an animation is attached under `key`.
    public func hasAnimation(forKey key: String, on id: LayerID) -> Bool {
        self[id]?.animations.contains { $0.key == key } ?? false
    }
}

extension Timeline {
    /// Whether any attached animation can still change a presentation value after `time`:
    /// one on a layer whose time is not frozen (overall speed not 0) that has not completed,
    /// or that repeats forever.
    /// (The answer does not depend on `time`: a layer's time is frozen or not for good until the
    /// timeline changes.)
    public func hasRunningAnimations(at time: Double) -> Bool {
        (animationScan ?? scanAnimations()).running
    }
}
