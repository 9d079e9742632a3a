/// The text of recently written bounded numbers (``JSONByteCursor/appendBoundedNumber(_:decimals:)``),
/// by their exact value and number of decimals, for a cursor to copy instead of formatting
/// (``JSONByteCursor/useNumberCache(_:)``).
///
/// Frames repeat their numbers: a spinner's spokes, a table's rows, font sizes and line widths
/// come out the same from frame to frame and from one session of a scene to the next, and
/// formatting a number (rounding, then two digits at a time) is about a quarter of encoding a
/// JSON frame. A cached number's text is the formatted text byte for byte: the entry is keyed
/// by the value's bit pattern and the decimals it was written with, and formatting is a
/// function of those alone.
///
/// Direct-mapped: 512 entries of 32 bytes (16 KB, so a thread's cache stays in its L2), a new
/// number replacing the one in its slot. Not thread-safe: one per thread (a frame encoder's
/// scratch).
public final class NumberTextCache: @unchecked Sendable {
    /// One cached number: its value's bits, decimals + 1 (0: empty), its text's length and the
    /// text (at most 16 bytes: a sign, ten digits, a point and four decimals).
    @usableFromInline
    struct Entry {
        @usableFromInline var bits: UInt64
        @usableFromInline var tag: UInt8
        @usableFromInline var count: UInt8
        @usableFromInline var text: (UInt64, UInt64)

        @usableFromInline
        init(bits: UInt64, tag: UInt8, count: UInt8, text: (UInt64, UInt64)) {
            self.bits = bits
            self.tag = tag
            self.count = count
            self.text = text
        }
    }

    @usableFromInline static let slots = 512
    /// The most bytes a cached text has.
    @usableFromInline static let maxText = 16

    @usableFromInline let entries: UnsafeMutablePointer<Entry>

    /// An empty cache.
    public init() {
        entries = .allocate(capacity: NumberTextCache.slots)
        entries.initialize(repeating: Entry(bits: 0, tag: 0, count: 0, text: (0, 0)), count: NumberTextCache.slots)
    }

    deinit {
        entries.deallocate()
    }

    /// Writes the cached text of `x` at `decimals` to `output` (which has room for 16 bytes) and
    /// returns its length, or nil when `entries` does not hold it.
    @inlinable @inline(__always)
    static func copy(
        _ x: Double, decimals: Int, from entries: UnsafeMutablePointer<Entry>, to output: UnsafeMutablePointer<UInt8>
    ) -> Int? {
        let bits = x.bitPattern
        let tag = tag(decimals)
        let entry = entries + slot(bits, tag)
        guard entry.pointee.bits == bits && entry.pointee.tag == tag else { return nil }
        // 16 bytes stored whatever the length: only `count` of them are output, the rest is
        // free room written again later.
        UnsafeMutableRawPointer(output).storeBytes(of: entry.pointee.text.0, as: UInt64.self)
        UnsafeMutableRawPointer(output + 8).storeBytes(of: entry.pointee.text.1, as: UInt64.self)
        return Int(entry.pointee.count)
    }

    /// Keeps `text` (`count` bytes, with at least 16 readable) as the text of `x` at `decimals`,
    /// replacing its slot's entry; texts longer than ``maxText`` are not kept.
    @inlinable @inline(__always)
    static func keep(
        _ x: Double, decimals: Int, text: UnsafeMutablePointer<UInt8>, count: Int,
        in entries: UnsafeMutablePointer<Entry>
    ) {
        guard count <= maxText else { return }
        let bits = x.bitPattern
        let tag = tag(decimals)
        entries[slot(bits, tag)] = Entry(
            bits: bits, tag: tag, count: UInt8(truncatingIfNeeded: count),
            text: (
                UnsafeRawPointer(text).loadUnaligned(as: UInt64.self),
                UnsafeRawPointer(text + 8).loadUnaligned(as: UInt64.self)
            ))
    }

    /// The key's decimals part: decimals (clamped to 0...15) + 1, so 0 marks an empty entry.
    @inlinable @inline(__always)
    static func tag(_ decimals: Int) -> UInt8 {
        UInt8(truncatingIfNeeded: min(max(decimals, 0), 15) + 1)
    }

    /// The slot of a value's bits and decimals: the top 9 bits of a multiplicative hash (512
    /// slots; 256 and 1,024 measured within 1% of it in the `frames` part).
    @inlinable @inline(__always)
    static func slot(_ bits: UInt64, _ tag: UInt8) -> Int {
        Int(truncatingIfNeeded: ((bits ^ UInt64(tag)) &* 0x9E37_79B9_7F4A_7C15) >> 55)
    }
}
