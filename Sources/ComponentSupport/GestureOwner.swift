/// Who owns a pointer: a component (its target id) and which of its gestures.
public struct GestureOwner: Equatable, Hashable, Sendable, CustomStringConvertible {
    /// The component's target id.
    public var target: String
    /// The gesture within the component (for example "drag", "pan", "tap").
    public var gesture: String

    /// The `gesture` of the component `target`.
    public init(target: String, gesture: String) {
        self.target = target
        self.gesture = gesture
    }

    /// "target/gesture".
    public var description: String { "\(target)/\(gesture)" }
}
