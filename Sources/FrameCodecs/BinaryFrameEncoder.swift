import Geometry
import InPlace
import JSON
public import Shapes

/// Encodes display lists as compact binary frames (docs/protocol.md section 9) into a reusable
/// buffer: the optional per-connection alternative to the JSON `frame` message, about a third of
/// its size and a fraction of its cost (no number formatting).
///
/// A binary frame carries exactly the canonical JSON frame's values, so equal display lists give
/// equal bytes here too, and ``BinaryFrameDecoder`` followed by ``FrameEncoder`` gives the JSON
/// frame byte for byte. Keep one encoder per thread and reuse it, like ``FrameEncoder``.
public struct BinaryFrameEncoder: Sendable {
    /// Backing store, always fully initialised; only the first `length` bytes are output.
    private var storage: [UInt8]
    private var length = 0
    /// Where the display list's part (`w`, `h`, shapes) starts in the output.
    private var bodyStart = 0

    /// An encoder with room for `capacity` bytes before it grows.
    public init(capacity: Int = 2048) {
        storage = [UInt8](repeating: 0, count: max(capacity, 64))
    }

    /// The binary frame for `list` at media time `time` (seconds).
    public mutating func encodeFrame(_ list: DisplayList, seq: Int, time: Double) -> [UInt8] {
        encodeInPlace(list, seq: seq, time: time)
        return Array(storage[0..<length])
    }

    /// Encodes like ``encodeFrame(_:seq:time:)`` and passes the bytes to `body` without copying
    /// them (valid only during the call), with the offset where the display list's part starts
    /// (after the magic, `seq` and `t`): two frames show the same display list exactly when the
    /// bytes from there on are equal.
    public mutating func withEncodedFrame<Result>(
        _ list: DisplayList, seq: Int, time: Double,
        _ body: (_ frame: UnsafeRawBufferPointer, _ bodyStart: Int) throws -> Result
    ) rethrows -> Result {
        encodeInPlace(list, seq: seq, time: time)
        let start = bodyStart
        return try storage.withUnsafeBytes { try body(UnsafeRawBufferPointer(rebasing: $0[0..<length]), start) }
    }

    private mutating func encodeInPlace(_ list: DisplayList, seq: Int, time: Double) {
        var header = 0
        length = Self.write(into: &storage) { cursor in
            Self.appendHeader(seq: seq, time: time, size: list.size, into: &cursor, bodyStart: &header)
            cursor.appendUVarint(UInt64(list.shapes.count))
            cursor.appendShapeRun(list.shapes)
        }
        bodyStart = header
    }

    /// The magic, `seq`, `t`, `w` and `h`; `bodyStart` is set to where `w` starts.
    static func appendHeader(
        seq: Int, time: Double, size: Size, into cursor: inout BinaryByteCursor, bodyStart: inout Int
    ) {
        cursor.appendBytes(BinaryFrameFormat.magic)
        cursor.appendUVarint(UInt64(max(0, seq)))
        // `t` in whole microseconds: the integer JSON's six decimals spell.
        cursor.appendSVarint(JSONByteCursor.boundedScaledInteger(time, decimals: BinaryFrameFormat.timeDecimals))
        bodyStart = cursor.count
        cursor.appendNumber(size.width)
        cursor.appendNumber(size.height)
    }

    /// Runs `body` on a cursor over `storage` from `offset`, growing `storage` (keeping its first
    /// `offset` bytes) and running it again until it fits; returns the bytes written.
    static func write(into storage: inout [UInt8], at offset: Int = 0, _ body: (inout BinaryByteCursor) -> Void) -> Int
    {
        // A grown buffer is a fresh zeroed array plus one copy of the kept bytes (fast in debug
        // builds too, unlike appending `repeatElement`).
        if storage.count - offset < 64 { grow(&storage, keeping: offset, toAtLeast: offset + 64) }
        while true {
            var overflowed = false
            let written = storage.withUnsafeMutableBufferPointer { buffer -> Int in
                guard let base = buffer.baseAddress else { return 0 }
                var cursor = BinaryByteCursor(base: base + offset, capacity: buffer.count - offset)
                body(&cursor)
                overflowed = cursor.overflowed
                return cursor.count
            }
            if !overflowed { return written }
            grow(&storage, keeping: offset, toAtLeast: storage.count * 2)
        }
    }

    /// Replaces `storage` with a zeroed array of at least `minimum` bytes (and at least twice
    /// as many as before) starting with its first `kept` bytes.
    private static func grow(_ storage: inout [UInt8], keeping kept: Int, toAtLeast minimum: Int) {
        var grown = [UInt8](repeating: 0, count: max(minimum, 2 * storage.count, 64))
        grown.withUnsafeMutableBytes { target in
            storage.withUnsafeBytes { source in
                target.copyMemory(from: UnsafeRawBufferPointer(rebasing: source[0..<kept]))
            }
        }
        storage = grown
    }
}

extension BinaryByteCursor {
    /// The shapes one after the other, without their count.
    mutating func appendShapeRun(_ shapes: [Shape]) {
        appendShapeRun(shapes, shapes.indices)
    }

    /// `shapes[range]` one after the other, without their count.
    mutating func appendShapeRun(_ shapes: [Shape], _ range: Range<Int>) {
        // In place: a shape passed from the array (even through its buffer pointer) would be
        // copied, retaining its strings and items, per call.
        shapes.forEachInPlace(range) { appendShape($0) }
    }

    /// Kind byte, flags byte, the optional id, then the fields in docs/protocol.md's order.
    mutating func appendShape(_ shape: borrowing Shape) {
        switch shape {
        case .rect(let rect):
            var flags: UInt8 = 0
            if rect.cornerRadius != nil { flags |= BinaryFrameFormat.RectFlag.cornerRadius }
            if rect.fill != nil { flags |= BinaryFrameFormat.RectFlag.fill }
            if rect.stroke != nil { flags |= BinaryFrameFormat.RectFlag.stroke }
            if rect.lineWidth != nil { flags |= BinaryFrameFormat.RectFlag.lineWidth }
            appendHeader(.rect, flags: flags, id: rect.id)
            appendNumber(rect.frame.x)
            appendNumber(rect.frame.y)
            appendNumber(rect.frame.width)
            appendNumber(rect.frame.height)
            if let radius = rect.cornerRadius { appendNumber(radius) }
            if let fill = rect.fillBytes { appendColor(fill) }
            if let stroke = rect.strokeBytes { appendColor(stroke) }
            if let lineWidth = rect.lineWidth { appendNumber(lineWidth) }
        case .arc(let arc):
            appendHeader(.arc, flags: arc.cap == nil ? 0 : BinaryFrameFormat.StrokeFlag.cap, id: arc.id)
            appendNumber(arc.center.x)
            appendNumber(arc.center.y)
            appendNumber(arc.radius)
            appendNumber(arc.startAngle)
            appendNumber(arc.endAngle)
            appendNumber(arc.lineWidth)
            appendColor(arc.strokeBytes)
            if let cap = arc.cap { appendByte(BinaryFrameFormat.code(cap)) }
        case .pie(let pie):
            appendHeader(.pie, flags: 0, id: pie.id)
            appendNumber(pie.center.x)
            appendNumber(pie.center.y)
            appendNumber(pie.radius)
            appendNumber(pie.startAngle)
            appendNumber(pie.endAngle)
            appendColor(pie.fillBytes)
        case .line(let line):
            appendHeader(.line, flags: line.cap == nil ? 0 : BinaryFrameFormat.StrokeFlag.cap, id: line.id)
            appendNumber(line.start.x)
            appendNumber(line.start.y)
            appendNumber(line.end.x)
            appendNumber(line.end.y)
            appendNumber(line.lineWidth)
            appendColor(line.strokeBytes)
            if let cap = line.cap { appendByte(BinaryFrameFormat.code(cap)) }
        case .path(let path):
            var flags: UInt8 = 0
            if path.fill != nil { flags |= BinaryFrameFormat.PathFlag.fill }
            if path.stroke != nil { flags |= BinaryFrameFormat.PathFlag.stroke }
            if path.lineWidth != nil { flags |= BinaryFrameFormat.PathFlag.lineWidth }
            if path.cap != nil { flags |= BinaryFrameFormat.PathFlag.cap }
            if path.join != nil { flags |= BinaryFrameFormat.PathFlag.join }
            appendHeader(.path, flags: flags, id: path.id)
            appendString(path.data)
            if let fill = path.fillBytes { appendColor(fill) }
            if let stroke = path.strokeBytes { appendColor(stroke) }
            if let lineWidth = path.lineWidth { appendNumber(lineWidth) }
            if let cap = path.cap { appendByte(BinaryFrameFormat.code(cap)) }
            if let join = path.join { appendByte(BinaryFrameFormat.code(join)) }
        case .text(let text):
            var flags: UInt8 = 0
            if text.align != nil { flags |= BinaryFrameFormat.TextFlag.align }
            if text.baseline != nil { flags |= BinaryFrameFormat.TextFlag.baseline }
            if text.weight == .bold { flags |= BinaryFrameFormat.TextFlag.bold }
            if text.isRightToLeft { flags |= BinaryFrameFormat.TextFlag.rightToLeft }
            appendHeader(.text, flags: flags, id: text.id)
            appendNumber(text.position.x)
            appendNumber(text.position.y)
            appendString(text.text)
            appendNumber(text.size)
            appendColor(text.fillBytes)
            if let align = text.align { appendByte(BinaryFrameFormat.code(align)) }
            if let baseline = text.baseline { appendByte(BinaryFrameFormat.code(baseline)) }
        case .radial(let radial):
            appendHeader(.radial, flags: 0, id: radial.id)
            appendNumber(radial.area.x)
            appendNumber(radial.area.y)
            appendNumber(radial.area.width)
            appendNumber(radial.area.height)
            appendNumber(radial.center.x)
            appendNumber(radial.center.y)
            appendNumber(radial.radius)
            appendUVarint(UInt64(radial.stops.count))
            radial.stops.withUnsafeBufferPointer { stops in
                for stop in stops {
                    appendNumber(stop.offset)
                    appendColor(stop.colorBytes)
                }
            }
        case .group(let group):
            var flags: UInt8 = 0
            if group.alpha != nil { flags |= BinaryFrameFormat.GroupFlag.alpha }
            if group.matrix != nil { flags |= BinaryFrameFormat.GroupFlag.matrix }
            if group.clip != nil { flags |= BinaryFrameFormat.GroupFlag.clip }
            appendHeader(.group, flags: flags, id: group.id)
            if let alpha = group.alpha { appendNumber(alpha) }
            if let matrix = group.matrix {
                // As the JSON encoder: a matrix that is not six numbers is written as the identity.
                for index in 0..<6 {
                    appendNumber(matrix.count == 6 ? matrix[index] : (index == 0 || index == 3 ? 1 : 0))
                }
            }
            if let clip = group.clip {
                appendNumber(clip.x)
                appendNumber(clip.y)
                appendNumber(clip.width)
                appendNumber(clip.height)
            }
            appendUVarint(UInt64(group.items.count))
            appendShapeRun(group.items)
        }
    }

    @inline(__always)
    private mutating func appendHeader(_ kind: BinaryFrameFormat.Kind, flags: UInt8, id: String?) {
        appendByte(kind.rawValue)
        appendByte(id == nil ? flags : flags | BinaryFrameFormat.hasID)
        if let id { appendString(id) }
    }
}
