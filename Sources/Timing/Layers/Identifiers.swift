/// Identifies a layer in a `Timeline`.
public struct LayerID: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static func < (lhs: LayerID, rhs: LayerID) -> Bool { lhs.rawValue < rhs.rawValue }
    public var description: String { "layer#\(rawValue)" }
}

/// Identifies an animation added to a `Timeline` (unique for the timeline's life).
public struct AnimationID: Hashable, Comparable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static func < (lhs: AnimationID, rhs: AnimationID) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// Identifies a scheduled timer (unique for the timeline's life).
public struct TimerID: Hashable, Comparable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static func < (lhs: TimerID, rhs: TimerID) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// What a timer is for: the component that owns it (its target id) and a component-defined code.
public struct TimerTag: Hashable, Sendable {
    public var owner: String
    public var code: Int
    public init(owner: String, code: Int) {
        self.owner = owner
        self.code = code
    }
}
