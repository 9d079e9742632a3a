public import Geometry
import JSON

/// Builds SVG path data (for ``PathShape``) with canonical numbers: absolute commands, numbers
/// with at most four decimals separated by single spaces, e.g. `M1.5 18L11 28L31.5 5.5`.
public struct PathBuilder: Sendable {
    private var writer: JSONWriter

    /// An empty path with room for about `commands` move and line commands before its buffer
    /// grows (about 20 bytes each, plus room for the writer's largest number).
    public init(commands: Int = 4) {
        writer = JSONWriter(capacity: 20 * max(commands, 0) + 48)
    }

    /// The path data built so far.
    public var data: String { writer.withUnsafeBytes { String(decoding: $0, as: UTF8.self) } }

    /// Starts a subpath at `point` (`M`).
    public mutating func move(to point: Point) {
        command(UInt8(ascii: "M"), [point])
    }

    /// A straight segment to `point` (`L`).
    public mutating func line(to point: Point) {
        command(UInt8(ascii: "L"), [point])
    }

    /// A cubic Bézier segment to `point` (`C`).
    public mutating func curve(to point: Point, control1: Point, control2: Point) {
        command(UInt8(ascii: "C"), [control1, control2, point])
    }

    /// A quadratic Bézier segment to `point` (`Q`).
    public mutating func quadCurve(to point: Point, control: Point) {
        command(UInt8(ascii: "Q"), [control, point])
    }

    /// Closes the subpath (`Z`).
    public mutating func close() {
        writer.appendByte(UInt8(ascii: "Z"))
    }

    private mutating func command(_ letter: UInt8, _ points: [Point]) {
        writer.appendByte(letter)
        for (index, point) in points.enumerated() {
            if index > 0 { writer.appendByte(UInt8(ascii: " ")) }
            writer.appendNumber(point.x, decimals: DisplayList.decimals)
            writer.appendByte(UInt8(ascii: " "))
            writer.appendNumber(point.y, decimals: DisplayList.decimals)
        }
    }
}
