import InPlace

/// Writes canonical JSON straight into a writer's free space (see
/// ``JSONWriter/withCursor(minimumCapacity:_:)``): the hot path of frame encoding, with one
/// bounds check per write and no per-write uniqueness or growth checks.
///
/// A write that does not fit sets ``overflowed`` and writes nothing more; the writer then grows
/// and runs the writing closure again.
public struct JSONByteCursor {
    @usableFromInline let base: UnsafeMutablePointer<UInt8>
    @usableFromInline let capacity: Int
    @usableFromInline var written = 0
    @usableFromInline var didOverflow = false
    /// Formatted numbers to copy (``useNumberCache(_:)``); nil: every number is formatted.
    @usableFromInline var numberCache: UnsafeMutablePointer<NumberTextCache.Entry>?

    /// The number of bytes written.
    public var count: Int { written }
    /// Whether a write did not fit (the output is then incomplete).
    public var overflowed: Bool { didOverflow }

    @usableFromInline
    init(base: UnsafeMutablePointer<UInt8>, capacity: Int) {
        self.base = base
        self.capacity = capacity
    }

    /// The largest number of bytes ``appendBoundedNumber(_:decimals:)`` writes.
    public static var maxBoundedNumberBytes: Int { 28 }

    /// The magnitude bounded numbers are clamped to.
    public static var numberLimit: Double { 1e9 }

    /// The largest number of bytes ``appendString(_:)`` writes for `text`: two quotes and at most
    /// six bytes (`\u00xx`) per UTF-8 byte.
    public static func maxStringBytes(_ text: String) -> Int {
        text.utf8.count * 6 + 2
    }

    /// Appends one byte.
    @inlinable @inline(__always)
    public mutating func appendByte(_ byte: UInt8) {
        guard written < capacity else {
            didOverflow = true
            return
        }
        base[written] = byte
        written &+= 1
    }

    /// Appends a literal's bytes.
    @inlinable @inline(__always)
    public mutating func appendRaw(_ text: StaticString) {
        let length = text.utf8CodeUnitCount
        guard capacity &- written >= length else {
            didOverflow = true
            return
        }
        written &+= JSONWriter.copy(text.utf8Start, count: length, to: base + written)
    }

    /// Runs `body` on room for at least `maxCount` bytes after the output (one bounds check for
    /// a fixed-size piece written byte by byte); `body` returns how many it wrote (at most
    /// `maxCount`). When there is not that much room nothing is written and the cursor overflows.
    @inlinable @inline(__always)
    public mutating func append(maxCount: Int, _ body: (UnsafeMutablePointer<UInt8>) -> Int) {
        guard capacity &- written >= maxCount else {
            didOverflow = true
            return
        }
        written &+= min(body(base + written), maxCount)
    }

    /// Appends raw bytes.
    public mutating func appendRaw(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress else { return }
        guard capacity - written >= bytes.count else {
            didOverflow = true
            return
        }
        written += JSONWriter.copy(source, count: bytes.count, to: base + written)
    }

    /// Copies numbers' text from `cache` when it has them, and keeps there the text of those it
    /// formats, for the rest of this cursor's writing (see ``NumberTextCache``). The cache must
    /// outlive the cursor's use and not be used by another thread meanwhile.
    public mutating func useNumberCache(_ cache: NumberTextCache) {
        numberCache = cache.entries
    }

    /// Appends `x` like ``JSONWriter/appendNumber(_:decimals:)`` after clamping it to
    /// ±``numberLimit`` (NaN and the infinities are written as `0`), so that it takes at most
    /// ``maxBoundedNumberBytes``. With a number cache (``useNumberCache(_:)``), a value written
    /// before with the same decimals is copied from it, and a new one is kept there.
    @inlinable @inline(__always)
    public mutating func appendBoundedNumber(_ x: Double, decimals: Int) {
        guard capacity &- written >= JSONByteCursor.maxBoundedNumberBytes else {
            didOverflow = true
            return
        }
        written &+= writeBoundedNumber(x, decimals: decimals, at: base + written)
    }

    /// A key (a literal such as `,"x":`) then `x` as ``appendBoundedNumber(_:decimals:)`` writes
    /// it, with one check for room: a frame's shapes write a few hundred such fields.
    @inlinable @inline(__always)
    public mutating func appendRaw(_ key: StaticString, boundedNumber x: Double, decimals: Int) {
        let keyCount = key.utf8CodeUnitCount
        guard capacity &- written >= keyCount &+ JSONByteCursor.maxBoundedNumberBytes else {
            didOverflow = true
            return
        }
        let output = base + written
        let copied = JSONWriter.copy(key.utf8Start, count: keyCount, to: output)
        written &+= copied &+ writeBoundedNumber(x, decimals: decimals, at: output + copied)
    }

    /// Writes `x` as ``appendBoundedNumber(_:decimals:)`` does at `output`, which has room for
    /// ``maxBoundedNumberBytes``, through the number cache when there is one; returns the count.
    @inlinable @inline(__always)
    func writeBoundedNumber(_ x: Double, decimals: Int, at output: UnsafeMutablePointer<UInt8>) -> Int {
        guard let cache = numberCache else {
            return JSONByteCursor.formatBounded(x, decimals: decimals, into: output)
        }
        if let copied = NumberTextCache.copy(x, decimals: decimals, from: cache, to: output) {
            return copied
        }
        let count = JSONByteCursor.formatBounded(x, decimals: decimals, into: output)
        NumberTextCache.keep(x, decimals: decimals, text: output, count: count, in: cache)
        return count
    }

    /// Writes `x` clamped to ±``numberLimit`` (NaN and the infinities as `0`) with at most
    /// `decimals` (up to 6) decimals at `output`, which has room for ``maxBoundedNumberBytes``;
    /// returns the byte count.
    @inlinable @inline(__always)
    static func formatBounded(_ x: Double, decimals: Int, into output: UnsafeMutablePointer<UInt8>) -> Int {
        let clamped = x.isFinite ? min(max(x, -JSONByteCursor.numberLimit), JSONByteCursor.numberLimit) : 0
        // Below 1e9 * 1e6 < 2^53, fastScaled always succeeds.
        guard let scaled = JSONWriter.fastScaled(clamped, decimals: min(decimals, 6)) else { return 0 }
        return JSONWriter.formatFixed(scaled.value, places: scaled.places, negative: scaled.negative, into: output)
    }

    /// The integer `n` such that ``appendBoundedNumber(_:decimals:)`` writes the decimal form of
    /// `n / 10^decimals` (`decimals` clamped to 0...6): `x` clamped to ±``numberLimit`` (NaN and
    /// the infinities 0), times 10^decimals, rounded half away from zero. Binary frames carry it.
    @inlinable @inline(__always)
    public static func boundedScaledInteger(_ x: Double, decimals: Int) -> Int64 {
        let clamped = x.isFinite ? min(max(x, -numberLimit), numberLimit) : 0
        // Below 1e9 * 1e6 < 2^53, fastScaled always succeeds.
        guard let scaled = JSONWriter.fastScaled(clamped, decimals: min(max(decimals, 0), 6)) else { return 0 }
        let magnitude = Int64(bitPattern: scaled.value)
        return scaled.negative ? -magnitude : magnitude
    }

    /// Appends a quoted, minimally escaped string (see ``JSONWriter``). Runs that need no escape
    /// (in frames, nearly every string: labels, path data) are found first and copied whole. With
    /// a store per byte, writing strings was about a tenth of a navigation frame's cost while a
    /// screen slides (its separators are one path of about 1.5 KB a screen, encoded every frame).
    public mutating func appendString(_ text: String) {
        guard capacity - written >= JSONByteCursor.maxStringBytes(text) else {
            didOverflow = true
            return
        }
        var end = written
        base[end] = UInt8(ascii: "\"")
        end += 1
        // In place: a copy of the string would be a retain and a release per string written.
        text.withUTF8InPlace { utf8 in
            JSONByteCursor.forEachRun(
                of: utf8,
                run: { end += JSONWriter.copy($0, count: $1, to: base + end) },
                escape: { end += JSONByteCursor.writeEscape($0, to: base + end) })
        }
        base[end] = UInt8(ascii: "\"")
        written = end + 1
    }

    /// Whether `byte` of a string's UTF-8 must be escaped in JSON: a quote, a backslash or a
    /// control character (everything else, other UTF-8 included, is written as it is).
    @inline(__always)
    static func needsEscape(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
    }

    /// Splits a string's UTF-8 into the runs that need no escape and the bytes between them that
    /// do, in order: `run` gets each run's start and length (a run may be empty), `escape` each
    /// byte to escape. The one scan of both string writers (this cursor's and ``JSONWriter``'s).
    @inline(__always)
    static func forEachRun(
        of utf8: UnsafeBufferPointer<UInt8>, run: (UnsafePointer<UInt8>, Int) -> Void, escape: (UInt8) -> Void
    ) {
        guard let source = utf8.baseAddress else { return }
        let count = utf8.count
        var runStart = 0
        var index = nextEscape(in: source, from: 0, count: count)
        while index < count {
            run(source + runStart, index - runStart)
            escape(source[index])
            runStart = index + 1
            index = nextEscape(in: source, from: runStart, count: count)
        }
        run(source + runStart, count - runStart)
    }

    /// The position of the first byte at or after `start` in `source[0..<count]` that must be
    /// escaped (``needsEscape(_:)``), or `count` when none does. Eight bytes are checked at a
    /// time while none of them needs it (``wordNeedsEscape(_:)``), then the word that does byte
    /// by byte: a navigation frame's separators are a path of about 1.5 KB per sliding screen,
    /// scanned every frame, and a compare per byte was most of writing it.
    @inline(__always)
    static func nextEscape(in source: UnsafePointer<UInt8>, from start: Int, count: Int) -> Int {
        var index = start
        while count &- index >= 8 {
            let word = UnsafeRawPointer(source + index).loadUnaligned(as: UInt64.self)
            if wordNeedsEscape(word) { break }
            index &+= 8
        }
        while index < count && !needsEscape(source[index]) { index &+= 1 }
        return index
    }

    /// Whether any of the eight bytes in `word` must be escaped (``needsEscape(_:)``), without
    /// looking at them one by one. For a byte value `v`, `(v - n) & ~v & 0x80` is set in some
    /// byte exactly when some byte of `v` is below `n` (for `n` up to 0x80: the classic "has a
    /// byte less than" test, whose answer for the whole word is exact though a borrow may mark
    /// bytes above the first one found); a byte equal to `c` is a zero byte of `word ^ c...c`.
    @inline(__always)
    static func wordNeedsEscape(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let quotes = word ^ (ones &* 0x22)
        let backslashes = word ^ (ones &* 0x5C)
        let control = (word &- ones &* 0x20) & ~word
        let quote = (quotes &- ones) & ~quotes
        let backslash = (backslashes &- ones) & ~backslashes
        return (control | quote | backslash) & (ones &* 0x80) != 0
    }

    /// Writes the escape of `byte` (a quote, a backslash or a control character) and returns
    /// its length: two bytes, or six for `\u00xx`. The one escape table of both string writers
    /// (this cursor's and ``JSONWriter``'s).
    static func writeEscape(_ byte: UInt8, to output: UnsafeMutablePointer<UInt8>) -> Int {
        output[0] = UInt8(ascii: "\\")
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"): output[1] = byte
        case 0x0A: output[1] = UInt8(ascii: "n")
        case 0x0D: output[1] = UInt8(ascii: "r")
        case 0x09: output[1] = UInt8(ascii: "t")
        case 0x08: output[1] = UInt8(ascii: "b")
        case 0x0C: output[1] = UInt8(ascii: "f")
        default:
            output[1] = UInt8(ascii: "u")
            output[2] = UInt8(ascii: "0")
            output[3] = UInt8(ascii: "0")
            output[4] = JSONWriter.hexDigit(byte >> 4)
            output[5] = JSONWriter.hexDigit(byte & 0xF)
            return 6
        }
        return 2
    }
}

extension JSONWriter {
    /// Lets `body` write through a cursor into all the free space of the buffer (at least
    /// `minimumCapacity` bytes). If the cursor overflows, its output is discarded, the buffer
    /// doubles and `body` runs again, so `body` must only write (no other side effects).
    public mutating func withCursor(minimumCapacity: Int = 4096, _ body: (inout JSONByteCursor) -> Void) {
        var room = minimumCapacity
        while true {
            var overflowed = false
            let free = max(room, freeCapacity)
            write(maxCount: free) { pointer in
                var cursor = JSONByteCursor(base: pointer, capacity: free)
                body(&cursor)
                overflowed = cursor.overflowed
                return overflowed ? 0 : cursor.count
            }
            if !overflowed { return }
            room = max(room, free) * 2
        }
    }
}
