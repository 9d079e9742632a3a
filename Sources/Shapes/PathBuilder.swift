public import Geometry
import JSON

/// Builds SVG path data (for ``PathShape``) with canonical numbers: absolute commands, numbers
/// with at most four decimals separated by single spaces, e.g. `M1.5 18L11 28L31.5 5.5`.
public struct PathBuilder: Sendable {
    private var writer: JSONWriter
    /// The ends of the last ``horizontalLine(from:to:y:)``: each value's bit pattern and where
    /// its text stands in the output, copied when the next line shares it.
    private var lastStart: (bits: UInt64, text: Range<Int>)?
    private var lastEnd: (bits: UInt64, text: Range<Int>)?

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

    /// A horizontal subpath from (`x0`, `y`) to (`x1`, `y`): the same text as ``move(to:)`` then
    /// ``line(to:)``, with fewer numbers formatted and fewer writes. `y` is formatted once for
    /// both points, and when both ends are the last horizontal line's (bit for bit) their text
    /// is copied from that line's: a table's separators share both ends, so a screen of rows
    /// formats one number per row instead of four (a navigation stack formats them every frame
    /// while a screen slides).
    public mutating func horizontalLine(from x0: Double, to x1: Double, y: Double) {
        horizontalLine(from: x0, to: x1) { $0.appendNumber(y, decimals: DisplayList.decimals) }
    }

    /// ``horizontalLine(from:to:y:)`` with `y` the number at `index` of `numbers`, formatted
    /// beforehand (nothing is written when `numbers` has no such number). A navigation screen's
    /// separators keep their y while the screen slides, so it formats them once, when it lays
    /// its rows out, and only the ends' text changes from frame to frame.
    public mutating func horizontalLine(from x0: Double, to x1: Double, y index: Int, of numbers: PathNumbers) {
        guard let range = numbers.range(at: index) else { return }
        horizontalLine(from: x0, to: x1) { writer in
            numbers.text.withUnsafeBytes { writer.appendRaw(UnsafeRawBufferPointer(rebasing: $0[range])) }
        }
    }

    /// A horizontal subpath whose y `appendY` writes (once: the end point copies it).
    @inline(__always)
    private mutating func horizontalLine(from x0: Double, to x1: Double, appendY: (inout JSONWriter) -> Void) {
        if let start = lastStart, let end = lastEnd, start.bits == x0.bitPattern, end.bits == x1.bitPattern {
            // Both ends as the last line's: three writes, the ends' text copied.
            let startText = start.text
            writer.append(maxCount: startText.count + 2) { written, room in
                room[0] = UInt8(ascii: "M")
                let count = 1 + JSONWriter.copy(written + startText.lowerBound, count: startText.count, to: room + 1)
                room[count] = UInt8(ascii: " ")
                return count + 1
            }
            let yStart = writer.count
            appendY(&writer)
            let yText = yStart..<writer.count
            let endText = end.text
            writer.append(maxCount: endText.count + yText.count + 2) { written, room in
                room[0] = UInt8(ascii: "L")
                var count = 1 + JSONWriter.copy(written + endText.lowerBound, count: endText.count, to: room + 1)
                room[count] = UInt8(ascii: " ")
                count += 1
                return count + JSONWriter.copy(written + yText.lowerBound, count: yText.count, to: room + count)
            }
            return
        }
        writer.appendByte(UInt8(ascii: "M"))
        lastStart = appendNumber(x0)
        writer.appendByte(UInt8(ascii: " "))
        let yStart = writer.count
        appendY(&writer)
        let yText = yStart..<writer.count
        writer.appendByte(UInt8(ascii: "L"))
        lastEnd = appendNumber(x1)
        writer.appendByte(UInt8(ascii: " "))
        writer.appendCopy(of: yText)
    }

    /// Appends `x`; returns its bit pattern and where its text stands.
    private mutating func appendNumber(_ x: Double) -> (bits: UInt64, text: Range<Int>) {
        let start = writer.count
        writer.appendNumber(x, decimals: DisplayList.decimals)
        return (x.bitPattern, start..<writer.count)
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
