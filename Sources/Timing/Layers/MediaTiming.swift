/// CAMediaTiming for layers and animations: how a parent's time maps to local time, and
/// (for animations) repetition, reversal and fill.
public struct MediaTiming: Equatable, Hashable, Sendable {
    /// Start of the active interval in the parent's time. For an animation, 0 means "now":
    /// it is stamped with the layer's local time when the animation is added.
    public var beginTime: Double = 0
    /// Rate of local time relative to the parent's time. 0 freezes local time.
    public var speed: Double = 1
    /// Added to local time (a positive value starts an animation part way and wraps).
    public var timeOffset: Double = 0
    /// Length of one simple cycle; 0 means Core Animation's default of 0.25 s.
    public var duration: Double = 0
    /// Number of cycles (fractions allowed); 0 means 1; `.infinity` repeats forever.
    public var repeatCount: Double = 0
    /// Active duration in seconds; when > 0 it overrides `repeatCount`.
    public var repeatDuration: Double = 0
    /// Play each cycle forwards then backwards.
    public var autoreverses: Bool = false
    public var fillMode: FillMode = .removed

    public init(
        beginTime: Double = 0, speed: Double = 1, timeOffset: Double = 0, duration: Double = 0,
        repeatCount: Double = 0, repeatDuration: Double = 0, autoreverses: Bool = false, fillMode: FillMode = .removed
    ) {
        self.beginTime = beginTime
        self.speed = speed
        self.timeOffset = timeOffset
        self.duration = duration
        self.repeatCount = repeatCount
        self.repeatDuration = repeatDuration
        self.autoreverses = autoreverses
        self.fillMode = fillMode
    }

    /// `(tp - beginTime) * speed + timeOffset`: a layer's local time for its parent's time.
    public func localTime(parentTime tp: Double) -> Double {
        (tp - beginTime) * speed + timeOffset
    }

    /// Inverse of `localTime(parentTime:)`; nil when speed is 0 (local time is frozen).
    public func parentTime(localTime t: Double) -> Double? {
        guard speed != 0 else { return nil }
        return (t - timeOffset) / speed + beginTime
    }

    /// The simple duration, with Core Animation's 0.25 s default for 0.
    public var simpleDuration: Double { duration > 0 ? duration : 0.25 }

    /// The active duration A: repeatDuration if > 0, else cycle * max(repeatCount, 1 if 0).
    public var activeDuration: Double {
        if repeatDuration > 0 { return repeatDuration }
        let period = simpleDuration * (autoreverses ? 2 : 1)
        return period * (repeatCount > 0 ? repeatCount : 1)
    }

    /// Where an animation is within its cycle for parent time `tp`, or nil when it has no
    /// effect then (outside its active interval and not filling).
    public func cycleState(parentTime tp: Double) -> CycleState? {
        let d = simpleDuration
        let active = activeDuration
        let e = (tp - beginTime) * speed
        var u: Double
        if e < 0 {
            guard fillMode.fillsBackwards else { return nil }
            u = 0
        } else if e >= active {
            guard fillMode.fillsForwards else { return nil }
            u = active
        } else {
            u = e + timeOffset
        }
        if u < 0 { u = 0 }
        var k = (u / d).rounded(.down)
        var x = u - k * d
        // At the very end of an integral count the cycle is complete, not restarted.
        if e >= active && x == 0 && u > 0 {
            k -= 1
            x = d
        }
        if autoreverses && k.truncatingRemainder(dividingBy: 2) != 0 { x = d - x }
        let iteration = autoreverses ? (k / 2).rounded(.down) : k
        return CycleState(time: min(max(x, 0), d), duration: d, iteration: iteration)
    }
}

/// Where an animation is within a cycle.
public struct CycleState: Equatable, Sendable {
    /// Seconds into the current simple cycle (after reversal), in 0...duration.
    public var time: Double
    public var duration: Double
    /// Completed repeat cycles before this one (for cumulative animations).
    public var iteration: Double

    /// `time / duration`.
    public var progress: Double { time / duration }
}

/// CAMediaTiming's fillMode: what an animation shows outside its active interval.
public enum FillMode: String, Equatable, Hashable, Sendable, CaseIterable {
    /// No effect outside the active interval (kCAFillModeRemoved, the default).
    case removed
    /// Holds the final value after the active interval.
    case forwards
    /// Shows the first value before the active interval.
    case backwards
    /// Both forwards and backwards.
    case both

    var fillsForwards: Bool { self == .forwards || self == .both }
    var fillsBackwards: Bool { self == .backwards || self == .both }
}
