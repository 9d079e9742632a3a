/// A layer property name (a Core Animation key path such as "opacity" or "transform").
public struct PropertyKey: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    public let name: String

    public init(_ name: String) { self.name = name }
    public init(stringLiteral value: String) { self.name = value }

    public var description: String { name }

    public static let opacity: PropertyKey = "opacity"
    public static let transform: PropertyKey = "transform"
    public static let position: PropertyKey = "position"
    public static let bounds: PropertyKey = "bounds.size"
    public static let progress: PropertyKey = "progress"
    public static let strokeEnd: PropertyKey = "strokeEnd"
    public static let backgroundColor: PropertyKey = "backgroundColor"
}
