public import Geometry

/// What a change to a scroll view did, for the components that observe it (MJRefresh observes
/// contentOffset, contentSize and the pan gesture's state).
public struct ScrollUpdate: Equatable, Sendable {
    /// The phases entered, in order (each one a `scroll.state` event).
    public var phases: [ScrollPhase] = []
    /// The pan gesture began (the first move of a finger).
    public var panBegan = false
    /// A finger that had dragged was lifted (pan ended) or cancelled.
    public var released = false
    /// Whether the release was a cancel.
    public var cancelled = false
    /// A finger went up without dragging, at this location (a tap).
    public var tap: Point?
    /// The observed offset before and after, when it changed at once (a drag move, a
    /// non-animated set, or the model value of a UIView-style animation).
    public var offsetChange: (old: Point, new: Point)?

    /// Nothing happened.
    public init() {}

    public static func == (lhs: ScrollUpdate, rhs: ScrollUpdate) -> Bool {
        lhs.phases == rhs.phases && lhs.panBegan == rhs.panBegan && lhs.released == rhs.released
            && lhs.cancelled == rhs.cancelled && lhs.tap == rhs.tap
            && lhs.offsetChange?.old == rhs.offsetChange?.old && lhs.offsetChange?.new == rhs.offsetChange?.new
    }
}
