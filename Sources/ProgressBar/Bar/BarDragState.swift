/// The `state` of a `bar.drag` event.
public enum BarDragState: String, Equatable, Sendable, CaseIterable {
    case began
    case changed
    case ended
    /// The pointer was cancelled: the value before the drag is restored and no seek happens
    /// (an extension: BN reports nothing for a cancelled pan).
    case cancelled
}
