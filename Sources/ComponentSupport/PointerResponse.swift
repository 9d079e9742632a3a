/// What a component stack did with a pointer event it took (the `pointer` op's ack:
/// `handled` and `target`, docs/protocol.md section 8).
public struct PointerResponse: Equatable, Sendable {
    /// The component that owns the pointer.
    public var target: String
    /// Whether the event did something (false, for example, for a tap released off a button).
    public var handled: Bool

    /// `target` took the event; `handled` says whether it acted on it.
    public init(target: String, handled: Bool = true) {
        self.target = target
        self.handled = handled
    }
}
