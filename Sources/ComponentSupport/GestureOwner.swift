/// Who owns a pointer: a component (its target id) and which of its gestures.
public struct GestureOwner: Equatable, Hashable, Sendable, CustomStringConvertible {
    /// The component's target id.
    public var target: String
    /// The gesture within the component (for example "drag", "pan", "tap").
    public var gesture: String

    public init(target: String, gesture: String) {
        self.target = target
        self.gesture = gesture
    }

    public var description: String { "\(target)/\(gesture)" }
}
