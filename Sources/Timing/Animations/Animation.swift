/// An animation of one property (or a group of them), with full CAMediaTiming.
public struct Animation: Equatable, Sendable {
    /// What the animation computes.
    public indirect enum Kind: Equatable, Sendable {
        /// CABasicAnimation: from/to/by, each optional (a missing end uses the underlying value).
        case basic(from: AnimatableValue?, to: AnimatableValue?, by: AnimatableValue?)
        /// CAKeyframeAnimation (linear calculation mode): values at keyTimes (evenly spaced when nil),
        /// each segment with its own timing function (linear when nil).
        case keyframe(values: [AnimatableValue], keyTimes: [Double]?, timingFunctions: [TimingFunction]?)
        /// CASpringAnimation from/to/by: the spring's curve evaluated at the cycle's time in seconds.
        case spring(Spring, from: AnimatableValue?, to: AnimatableValue?, by: AnimatableValue?)
        /// A scalar closed-form motion (deceleration, bounce) evaluated at the cycle's time in
        /// seconds; the timing function is not applied. Values: `.scalar`.
        case motion(MotionCurve)
        /// CAAnimationGroup: children run in the group's cycle time.
        case group([Animation])
    }

    /// The animated property; ignored for groups (their children name theirs).
    public var keyPath: PropertyKey
    public var kind: Kind
    public var timing: MediaTiming
    /// Maps cycle progress to value progress (for keyframes: applied over the whole cycle
    /// before the per-segment functions). CABasicAnimation's default (nil) is linear.
    public var timingFunction: TimingFunction
    /// Adds the animation's value to the underlying value instead of replacing it.
    public var additive: Bool
    /// Each repeat cycle starts where the previous one ended.
    public var cumulative: Bool
    /// Remove the animation when its active duration ends (CA default YES).
    public var removedOnCompletion: Bool

    public init(
        keyPath: PropertyKey, kind: Kind, timing: MediaTiming = MediaTiming(), timingFunction: TimingFunction = .linear,
        additive: Bool = false, cumulative: Bool = false, removedOnCompletion: Bool = true
    ) {
        self.keyPath = keyPath
        self.kind = kind
        self.timing = timing
        self.timingFunction = timingFunction
        self.additive = additive
        self.cumulative = cumulative
        self.removedOnCompletion = removedOnCompletion
    }

    /// A CABasicAnimation from `from` to `to` over `duration` seconds.
    public static func basic(
        _ keyPath: PropertyKey, from: AnimatableValue? = nil, to: AnimatableValue? = nil, by: AnimatableValue? = nil,
        duration: Double, timingFunction: TimingFunction = .linear
    ) -> Animation {
        Animation(
            keyPath: keyPath, kind: .basic(from: from, to: to, by: by), timing: MediaTiming(duration: duration),
            timingFunction: timingFunction)
    }

    /// A spring animation from `from` to `to` lasting `duration` seconds (UIKit sets the
    /// duration to the requested one; CASpringAnimation users pick settlingDuration).
    public static func spring(
        _ keyPath: PropertyKey, _ spring: Spring, from: AnimatableValue?, to: AnimatableValue?, duration: Double
    ) -> Animation {
        Animation(
            keyPath: keyPath, kind: .spring(spring, from: from, to: to, by: nil),
            timing: MediaTiming(duration: duration))
    }

    /// A motion animation of `keyPath` lasting `duration` seconds (beginning at `beginTime` in
    /// the layer's local time; 0: when added).
    public static func motion(
        _ keyPath: PropertyKey, _ curve: MotionCurve, duration: Double, beginTime: Double = 0
    ) -> Animation {
        Animation(keyPath: keyPath, kind: .motion(curve), timing: MediaTiming(beginTime: beginTime, duration: duration))
    }

    /// Whether this animation (or one of a group's children) animates `key`.
    ///
    /// Always inlined (a group's children are asked out of line): called out of line on an
    /// animation read in place (a layer's, in ``Timeline/presentation(_:of:at:)``), Swift copied
    /// the whole animation (195 bytes, four cache lines) to compare its key, for every animation
    /// of the layer and every key sampled.
    @inline(__always)
    public func animates(_ key: PropertyKey) -> Bool {
        if case let .group(children) = kind { return Self.anyAnimates(children, key) }
        return keyPath == key
    }

    /// Whether one of `children` animates `key`.
    private static func anyAnimates(_ children: [Animation], _ key: PropertyKey) -> Bool {
        children.contains { $0.animates(key) }
    }

    /// Every key this animation (or its children) animates, in order, without repeats.
    public var animatedKeys: [PropertyKey] {
        if case let .group(children) = kind {
            var keys: [PropertyKey] = []
            for child in children { for key in child.animatedKeys where !keys.contains(key) { keys.append(key) } }
            return keys
        }
        return [keyPath]
    }
}
