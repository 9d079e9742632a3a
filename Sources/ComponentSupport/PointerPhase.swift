/// The phase of a pointer event (docs/protocol.md section 4.4, the `phase` field of `pointer`).
public enum PointerPhase: String, Equatable, Hashable, Sendable, CaseIterable {
    /// The pointer touched (a finger down, a mouse button pressed).
    case down
    /// The pointer moved while down.
    case move
    /// The pointer was lifted.
    case up
    /// The system took the pointer away (the gesture ends without committing).
    case cancel

    /// Whether the pointer is finished after this phase (up or cancel).
    public var endsPointer: Bool { self == .up || self == .cancel }
}
