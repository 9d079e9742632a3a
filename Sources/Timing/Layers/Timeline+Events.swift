extension Timeline {
    /// Schedules a component timer at media time `due`. Timers due at the same instant fire in
    /// the order they (and animations) were added.
    @discardableResult
    public mutating func schedule(at due: Double, tag: TimerTag) -> TimerID {
        let sequence = nextSequence()
        let id = TimerID(rawValue: sequence)
        timers.insert(.init(due: due, sequence: sequence, id: id, tag: tag))
        return id
    }

    /// Cancels a timer; returns whether it was pending.
    @discardableResult
    public mutating func cancelTimer(_ id: TimerID) -> Bool { timers.remove(id) != nil }

    /// Cancels every timer of a component.
    public mutating func cancelTimers(owner: String) { timers.removeAll(owner: owner) }

    /// The due time of a pending timer.
    public func dueTime(of id: TimerID) -> Double? { timers.entries.first { $0.id == id }?.due }

    /// Pops the next event at or before `time`, in exact time order (ties: insertion order),
    /// and applies its effect on the timeline (a finished animation with removedOnCompletion is
    /// removed). Call repeatedly, handling each event (which may change the timeline), until nil;
    /// then sample. Events caused by commands (removals, replacements) come first.
    public mutating func nextEvent(upTo time: Double) -> TimelineEvent? {
        if !outbox.isEmpty {
            let event = outbox.removeFirst()
            // Emptied, the outbox shares the one empty array's storage again (always in the
            // cache) rather than keeping its own, which the check above would read every frame.
            if outbox.isEmpty { outbox = [] }
            return event
        }
        let scan = animationScan ?? scanAnimations()
        animationScan = scan
        let completion = scan.completion
        // The first timer's key, kept inline (``TimerQueue/firstKey``): no read of the
        // timers' storage unless one is due.
        let timer = timers.firstKey
        var takeTimer: Bool
        switch (completion, timer) {
        case (nil, nil): return nil
        case (nil, .some): takeTimer = true
        case (.some, nil): takeTimer = false
        case let (c?, t?): takeTimer = t.due < c.time || (t.due == c.time && t.sequence < c.sequence)
        }
        if takeTimer, let t = timer {
            guard t.due <= time, let entry = timers.popFirst() else { return nil }
            observe(entry.due)
            return .timer(id: entry.id, tag: entry.tag, time: entry.due)
        }
        guard let c = completion, c.time <= time else { return nil }
        observe(c.time)
        return finish(c)
    }

    /// The time of the earliest pending event (timer or natural animation end), if any.
    public func nextEventTime() -> Double? {
        if !outbox.isEmpty { return now }
        let c = (animationScan ?? scanAnimations()).completion?.time
        let t = timers.firstKey?.due
        switch (c, t) {
        case let (c?, t?): return min(c, t)
        default: return c ?? t
        }
    }

    /// What one pass over every attached animation finds (kept in ``Timeline/animationScan``).
    struct AnimationScan {
        /// The earliest natural end not yet reported.
        var completion: PendingCompletion?
        /// Whether an animation not yet completed runs on a layer whose time is not frozen.
        var running = false
    }

    /// An attached animation's natural end, not yet reported.
    struct PendingCompletion {
        var time: Double
        var sequence: Int
        var layer: LayerID
        var index: Int
    }

    /// One pass over every attached animation: the earliest natural end (in global media time;
    /// ends already past count as `now`, ties going to the animation added first) and whether any
    /// animation still runs.
    func scanAnimations() -> AnimationScan {
        var scan = AnimationScan()
        // Fields are read in place (binding a layer or an attached animation to a name would
        // copy it and retain everything it holds).
        for layerIndex in layers.indices {
            let count = layers[layerIndex]?.animations.count ?? 0
            guard count > 0 else { continue }
            let id = LayerID(rawValue: layerIndex)
            var map: (scale: Double, offset: Double)?
            for index in 0..<count {
                guard let timing = layers[layerIndex]?.animations[index].unreportedTiming else { continue }
                if map == nil { map = localTimeMap(of: id) }
                guard let m = map else { continue }
                if m.scale != 0 { scan.running = true }
                let active = timing.activeDuration
                guard timing.speed > 0, active.isFinite, m.scale > 0 else { continue }
                let localEnd = timing.beginTime + active / timing.speed
                let globalEnd = max((localEnd - m.offset) / m.scale, now)
                let sequence = layers[layerIndex]?.animations[index].id.rawValue ?? 0
                if let b = scan.completion, b.time < globalEnd || (b.time == globalEnd && b.sequence < sequence) {
                    continue
                }
                scan.completion = PendingCompletion(time: globalEnd, sequence: sequence, layer: id, index: index)
            }
        }
        return scan
    }

    private mutating func finish(_ c: PendingCompletion) -> TimelineEvent? {
        guard let layer = self[c.layer], layer.animations.indices.contains(c.index) else { return nil }
        let attached = layer.animations[c.index]
        if attached.animation.removedOnCompletion {
            self[c.layer]?.animations.remove(at: c.index)
        } else {
            self[c.layer]?.animations[c.index].finishReported = true
        }
        return .animationStopped(
            AnimationStop(
                id: attached.id, layer: c.layer, owner: layer.owner, key: attached.key, finished: true, time: c.time))
    }
}
