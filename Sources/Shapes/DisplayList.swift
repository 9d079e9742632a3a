public import Geometry

/// Everything on the canvas at one instant: the canvas size in points and the shapes drawn in order.
public struct DisplayList: Equatable, Sendable {
    /// The canvas size (`w`, `h` on the wire).
    public var size: Size
    /// The shapes, back to front.
    public var shapes: [Shape]

    /// Decimal places of every number of a shape (geometry, angles, alpha, matrix entries,
    /// gradient offsets, path data): frames, checksums and SVG write at most this many.
    public static let decimals = 4

    /// Creates a value with these fields (see the type's documentation for their meaning).
    public init(size: Size, shapes: [Shape] = []) {
        self.size = size
        self.shapes = shapes
    }
}
