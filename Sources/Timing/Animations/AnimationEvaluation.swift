import Geometry

extension Animation {
    /// The value this animation gives `key` at parent time `tp` over `underlying` (the model
    /// value with every earlier animation applied), or nil when it has no effect then.
    func evaluate(_ key: PropertyKey, parentTime tp: Double, underlying: AnimatableValue) -> AnimatableValue? {
        guard let cycle = timing.cycleState(parentTime: tp) else { return nil }
        if case let .group(children) = kind {
            // Children run in the group's cycle time, warped by the group's timing function.
            let childTime = timingFunction.solve(cycle.progress) * cycle.duration
            var value = underlying
            var touched = false
            for child in children where child.animates(key) {
                if let v = child.evaluate(key, parentTime: childTime, underlying: value) {
                    value = v
                    touched = true
                }
            }
            return touched ? value : nil
        }
        guard keyPath == key else { return nil }
        let base: AnimatableValue = additive ? zeroLike(underlying) : underlying
        let (raw, delta) = rawValue(cycle: cycle, underlying: base)
        var value = raw
        if cumulative && cycle.iteration > 0, let delta {
            value = value.adding(delta.repeated(cycle.iteration))
        }
        return additive ? underlying.adding(value) : value
    }

    /// The value within one cycle, and the change over a whole cycle (for cumulative repeats).
    private func rawValue(cycle: CycleState, underlying: AnimatableValue) -> (AnimatableValue, AnimatableValue?) {
        switch kind {
        case let .basic(from, to, by):
            let (a, b) = Animation.resolveEnds(from: from, to: to, by: by, underlying: underlying)
            let p = timingFunction.solve(cycle.progress, epsilon: 1 / (200 * cycle.duration))
            return (a.interpolated(to: b, progress: p), b.subtracting(a))
        case let .spring(spring, from, to, by):
            let (a, b) = Animation.resolveEnds(from: from, to: to, by: by, underlying: underlying)
            return (a.interpolated(to: b, progress: spring.value(at: cycle.time)), b.subtracting(a))
        case let .keyframe(values, keyTimes, functions):
            guard let first = values.first, let last = values.last else { return (underlying, nil) }
            let p = timingFunction.solve(cycle.progress, epsilon: 1 / (200 * cycle.duration))
            return (
                Animation.keyframeValue(values, keyTimes: keyTimes, functions: functions, progress: p),
                last.subtracting(first)
            )
        case let .motion(curve):
            return (.scalar(curve.value(at: cycle.time)), .scalar(curve.value(at: cycle.duration) - curve.start))
        case .group:
            return (underlying, nil)
        }
    }

    /// CABasicAnimation's rules for which ends are given.
    static func resolveEnds(
        from: AnimatableValue?, to: AnimatableValue?, by: AnimatableValue?, underlying: AnimatableValue
    ) -> (AnimatableValue, AnimatableValue) {
        switch (from, to, by) {
        case let (f?, t?, _): return (f, t)
        case let (f?, nil, b?): return (f, f.adding(b))
        case let (nil, t?, b?): return (t.subtracting(b), t)
        case let (f?, nil, nil): return (f, underlying)
        case let (nil, t?, nil): return (underlying, t)
        case let (nil, nil, b?): return (underlying, underlying.adding(b))
        case (nil, nil, nil): return (underlying, underlying)
        }
    }

    static func keyframeValue(
        _ values: [AnimatableValue], keyTimes: [Double]?, functions: [TimingFunction]?, progress p: Double
    ) -> AnimatableValue {
        let n = values.count
        guard n > 1 else { return values[0] }
        let times: [Double]
        if let keyTimes, keyTimes.count == n {
            times = keyTimes
        } else {
            times = (0..<n).map { Double($0) / Double(n - 1) }
        }
        if p <= times[0] { return values[0] }
        if p >= times[n - 1] { return values[n - 1] }
        var segment = 0
        while segment < n - 2 && p >= times[segment + 1] { segment += 1 }
        let span = times[segment + 1] - times[segment]
        var local = span > 0 ? (p - times[segment]) / span : 1
        if let functions, segment < functions.count { local = functions[segment].solve(local) }
        return values[segment].interpolated(to: values[segment + 1], progress: local)
    }

    /// The identity of the value's kind, for additive animations.
    private func zeroLike(_ value: AnimatableValue) -> AnimatableValue {
        switch value {
        case .scalar: return .scalar(0)
        case .point: return .point(.zero)
        case .size: return .size(.zero)
        case .color: return .color(.clear)
        case .transform: return .transform(.identity)
        }
    }
}
