/// Something that happened on a timeline at an exact media time, in order.
public enum TimelineEvent: Equatable, Sendable {
    /// A component timer came due.
    case timer(id: TimerID, tag: TimerTag, time: Double)
    /// An animation ended: ran out (`finished` true) or was removed or replaced (false).
    case animationStopped(AnimationStop)

    /// When it happened.
    public var time: Double {
        switch self {
        case let .timer(_, _, time): return time
        case let .animationStopped(stop): return stop.time
        }
    }
}

/// Core Animation's animationDidStop:finished:, with the exact media time.
public struct AnimationStop: Equatable, Sendable {
    public var id: AnimationID
    public var layer: LayerID
    /// The owner given to the layer (a component's target id).
    public var owner: String
    /// The key the animation was added under.
    public var key: String
    public var finished: Bool
    public var time: Double
}
