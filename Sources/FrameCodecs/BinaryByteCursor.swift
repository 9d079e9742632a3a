import Geometry
import InPlace
import JSON

/// Writes the binary frame encoding's primitives (docs/protocol.md section 9) straight into
/// free space, with one bounds check per write. A write that does not fit sets ``overflowed``
/// and nothing more is written; the encoder then grows its buffer and encodes again.
struct BinaryByteCursor {
    private let base: UnsafeMutablePointer<UInt8>
    private let capacity: Int
    private(set) var count = 0
    private(set) var overflowed = false

    init(base: UnsafeMutablePointer<UInt8>, capacity: Int) {
        self.base = base
        self.capacity = capacity
    }

    @inline(__always)
    mutating func appendByte(_ byte: UInt8) {
        guard count < capacity else {
            overflowed = true
            return
        }
        base[count] = byte
        count &+= 1
    }

    mutating func appendBytes(_ bytes: [UInt8]) {
        for byte in bytes { appendByte(byte) }
    }

    /// 7 bits per byte, low group first, the high bit set on all but the last byte.
    @inline(__always)
    mutating func appendUVarint(_ value: UInt64) {
        guard capacity &- count >= BinaryFrameFormat.maxVarintBytes else {
            overflowed = true
            return
        }
        // Through a local pointer and index, with wrapping arithmetic (the room is checked once).
        let output = base + count
        var rest = value
        var written = 0
        while rest >= 0x80 {
            output[written] = UInt8(truncatingIfNeeded: rest) | 0x80
            written &+= 1
            rest >>= 7
        }
        output[written] = UInt8(truncatingIfNeeded: rest)
        count &+= written &+ 1
    }

    /// Zigzag (0, -1, 1, -2, ... as 0, 1, 2, 3, ...), then as ``appendUVarint(_:)``.
    @inline(__always)
    mutating func appendSVarint(_ value: Int64) {
        appendUVarint(UInt64(bitPattern: (value << 1) ^ (value >> 63)))
    }

    /// A shape number: the integer its four-decimal JSON text spells.
    @inline(__always)
    mutating func appendNumber(_ value: Double) {
        appendSVarint(JSONByteCursor.boundedScaledInteger(value, decimals: BinaryFrameFormat.numberDecimals))
    }

    /// Four bytes: red, green, blue, alpha (0-255, rounded as JSON's hex colours are).
    @inline(__always)
    mutating func appendColor(_ channels: ColorBytes) {
        guard capacity - count >= 4 else {
            overflowed = true
            return
        }
        base[count] = channels.red
        base[count + 1] = channels.green
        base[count + 2] = channels.blue
        base[count + 3] = channels.alpha
        count += 4
    }

    /// The UTF-8 byte count as a uvarint, then the bytes.
    mutating func appendString(_ text: String) {
        // In place: a copy of the string would be a retain and a release per string written.
        text.withUTF8InPlace { utf8 in
            appendUVarint(UInt64(utf8.count))
            guard let source = utf8.baseAddress, !overflowed else { return }
            guard capacity &- count >= utf8.count else {
                overflowed = true
                return
            }
            // Ids and labels are short: copied in words rather than through memmove.
            count &+= JSONWriter.copy(source, count: utf8.count, to: base + count)
        }
    }
}
