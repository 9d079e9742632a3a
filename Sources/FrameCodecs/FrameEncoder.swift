import Geometry
import JSON
public import Shapes

/// Encodes display lists as canonical `frame` messages into a reusable buffer.
///
/// A frame is `{"type":"frame","seq":N,"t":T,"w":W,"h":H,"shapes":[...]}` with the keys in that
/// order; `t` has at most six decimals (media time is quantised to microseconds), `w`, `h` and
/// every shape number at most four (all rounded half away from zero, clamped to ±1e9, NaN and
/// infinities written as 0); shapes are written as described at ``Shape`` encoding
/// (`"kind"`, then `"id"`, then the fields in docs/protocol.md's order, absent optionals omitted).
/// Equal display lists give equal bytes.
///
/// Keep one encoder per thread (it is a value type) and reuse it: its buffer grows to the largest
/// frame and stays. ``encodeFrame(_:seq:time:)`` returns a fresh array (one allocation and copy);
/// ``withEncodedFrame(_:seq:time:_:)`` lends the bytes in place without either.
public struct FrameEncoder: Sendable {
    private var writer: JSONWriter

    /// An encoder with room for `capacity` bytes before it grows.
    public init(capacity: Int = 4096) {
        writer = JSONWriter(capacity: capacity)
    }

    /// Decimal places of the frame's media time `t`.
    public static let timeDecimals = 6

    /// The canonical `frame` message for `list` at media time `time` (seconds).
    public mutating func encodeFrame(_ list: DisplayList, seq: Int, time: Double) -> [UInt8] {
        encodeFrameInPlace(list, seq: seq, time: time)
        return writer.bytes
    }

    /// Encodes the frame into the writer; returns where the display list's part (`"w":...`)
    /// starts, the part ``checksum(_:)`` hashes (without the closing brace).
    @discardableResult
    private mutating func encodeFrameInPlace(_ list: DisplayList, seq: Int, time: Double) -> Int {
        writer.reset()
        let bodyStart = Self.appendHeader(seq: seq, time: time, size: list.size, to: &writer)
        writer.appendShapes(list.shapes)
        writer.appendByte(UInt8(ascii: "}"))
        return bodyStart
    }

    /// `{"type":"frame","seq":N,"t":T,"w":W,"h":H,"shapes":`; returns where `"w"` starts.
    static func appendHeader(seq: Int, time: Double, size: Size, to writer: inout JSONWriter) -> Int {
        writer.appendRaw(#"{"type":"frame","seq":"#)
        writer.appendInteger(seq)
        writer.appendRaw(#","t":"#)
        writer.withCursor(minimumCapacity: 64) { $0.appendBoundedNumber(time, decimals: FrameEncoder.timeDecimals) }
        writer.appendByte(UInt8(ascii: ","))
        let bodyStart = writer.count
        appendSize(size, to: &writer)
        return bodyStart
    }

    /// `"w":W,"h":H,"shapes":`.
    private static func appendSize(_ size: Size, to writer: inout JSONWriter) {
        writer.withCursor(minimumCapacity: 64) { cursor in
            cursor.appendRaw(#""w":"#)
            cursor.appendBoundedNumber(size.width, decimals: JSONWriter.shapeDecimals)
            cursor.appendRaw(#","h":"#)
            cursor.appendBoundedNumber(size.height, decimals: JSONWriter.shapeDecimals)
            cursor.appendRaw(#","shapes":"#)
        }
    }

    /// Encodes the `frame` message like ``encodeFrame(_:seq:time:)`` and passes its bytes to `body`
    /// without copying them (valid only during the call).
    public mutating func withEncodedFrame<Result>(
        _ list: DisplayList, seq: Int, time: Double,
        _ body: (UnsafeRawBufferPointer) throws -> Result
    ) rethrows -> Result {
        try withEncodedFrame(list, seq: seq, time: time) { frame, _ in try body(frame) }
    }

    /// Like ``withEncodedFrame(_:seq:time:_:)``, also passing where the display list's part
    /// (`"w":W,"h":H,"shapes":[...]}`) starts: two frames show the same display list exactly when
    /// the bytes from there on are equal.
    public mutating func withEncodedFrame<Result>(
        _ list: DisplayList, seq: Int, time: Double,
        _ body: (_ frame: UnsafeRawBufferPointer, _ bodyStart: Int) throws -> Result
    ) rethrows -> Result {
        let bodyStart = encodeFrameInPlace(list, seq: seq, time: time)
        return try writer.withUnsafeBytes { try body($0, bodyStart) }
    }

    /// The canonical shapes array alone, `[...]`.
    public mutating func encodeShapes(_ shapes: [Shape]) -> [UInt8] {
        writer.reset()
        writer.appendShapes(shapes)
        return writer.bytes
    }

    /// The display list's checksum: FNV-1a 64-bit over the UTF-8 bytes
    /// `"w":W,"h":H,"shapes":[...]` (exactly the part of the frame message after `"t":T,` and
    /// before the closing brace), as 16 lowercase hex digits. Recordings store it.
    public mutating func checksum(_ list: DisplayList) -> String {
        writer.reset()
        appendBody(list)
        return FNV1a64.hex(writer.withUnsafeBytes { FNV1a64.hash($0) })
    }

    /// `"w":W,"h":H,"shapes":[...]`.
    private mutating func appendBody(_ list: DisplayList) {
        Self.appendSize(list.size, to: &writer)
        writer.appendShapes(list.shapes)
    }
}

extension DisplayList {
    /// The list's checksum (see ``FrameEncoder/checksum(_:)``).
    public var checksum: String {
        var encoder = FrameEncoder(capacity: 1024)
        return encoder.checksum(self)
    }
}
