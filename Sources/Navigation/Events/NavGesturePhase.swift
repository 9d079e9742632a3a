/// The pop gesture's state as inspected.
public enum NavGesturePhase: String, Equatable, Sendable, CaseIterable {
    /// No pointer tracked.
    case idle
    /// A pointer is down and has not moved past the slop yet (or is a possible tap).
    case possible
    /// The pan is driving an interactive pop.
    case active
    /// The pan was refused; its pointer is ignored until it lifts.
    case refused
}
