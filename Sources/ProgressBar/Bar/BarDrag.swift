import ComponentSupport

/// A drag of a bar's dot in progress: the pointer's pan recogniser, the value before the drag
/// (restored if the pointer is cancelled) and the last x reported in a `bar.drag` event.
struct BarDrag: Equatable, Sendable {
    var pan: PanGestureRecognizer
    /// The presentation value when the drag began.
    var valueBefore: Double
    /// The fill's width (value * width) last applied and reported.
    var reportedX: Double
}
