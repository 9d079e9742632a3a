/// What a scroll view is doing (UIScrollView's isDragging / isDecelerating), reported by the
/// `scroll.state` event at the exact time it changes.
public enum ScrollPhase: String, Equatable, Hashable, Sendable, CaseIterable {
    /// At rest, or moved by a programmatic (UIView-style) animation.
    case idle
    /// Following a finger.
    case dragging
    /// Released and moving by itself: decelerating and/or bouncing back to an edge.
    case decelerating
}
