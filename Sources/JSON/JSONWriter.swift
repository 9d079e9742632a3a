import InPlace

/// Writes canonical JSON into a byte buffer that can be reused between messages.
///
/// Canonical means: no whitespace; strings escaped minimally (only `"`, `\`, and U+0000...U+001F,
/// as `\" \\ \n \r \t \b \f` or lowercase `\u00xx`; everything else, including non-ASCII, passes
/// through as UTF-8); numbers as described at ``appendNumber(_:decimals:)``.
///
/// The writer never inserts separators itself: callers write `,` `:` and brackets with
/// ``appendRaw(_:)-(StaticString)``, which keeps hot encoders free of bookkeeping.
///
/// The buffer keeps its storage across ``reset()``; ``withUnsafeBytes(_:)`` reads the output
/// without copying, ``bytes`` copies it out.
public struct JSONWriter: Sendable {
    /// Backing store, always fully initialised; only the first `length` bytes are output.
    private var storage: [UInt8]
    private var length = 0

    /// A writer whose buffer starts with room for `capacity` bytes.
    public init(capacity: Int = 1024) {
        storage = [UInt8](repeating: 0, count: max(capacity, 16))
    }

    /// Empties the output, keeping the storage for the next message.
    public mutating func reset() {
        length = 0
    }

    /// The number of bytes written since the last ``reset()``.
    public var count: Int { length }

    /// Bytes of storage the writer holds (written or not).
    public var capacity: Int { storage.count }

    /// Bytes that can be written before the storage grows.
    var freeCapacity: Int { storage.count - length }

    /// A copy of the bytes written since the last ``reset()``.
    public var bytes: [UInt8] { Array(storage[0..<length]) }

    /// Calls `body` with the bytes written so far, without copying them.
    public func withUnsafeBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
        try storage.withUnsafeBytes { try body(UnsafeRawBufferPointer(rebasing: $0[0..<length])) }
    }

    /// Runs `body` on room for at least `maxCount` bytes at the end of the output; `body` returns
    /// how many it wrote.
    @inline(__always)
    mutating func write(maxCount: Int, _ body: (UnsafeMutablePointer<UInt8>) -> Int) {
        append(maxCount: maxCount) { _, room in body(room) }
    }

    private mutating func grow(toAtLeast minimum: Int) {
        var newCount = max(storage.count * 2, 64)
        while newCount < minimum { newCount *= 2 }
        // A zeroed buffer and one copy: appending `repeatElement(0, count:)` walks the elements
        // one by one through generic code in debug builds, which made the debug server's
        // per-command frame check (a fresh encoder growing from empty) cost about 3 ms.
        var grown = [UInt8](repeating: 0, count: newCount)
        grown.withUnsafeMutableBytes { target in
            storage.withUnsafeBytes { source in target.copyMemory(from: source) }
        }
        storage = grown
    }

    /// Appends one byte as is.
    public mutating func appendByte(_ byte: UInt8) {
        write(maxCount: 1) { pointer in
            pointer.initialize(to: byte)
            return 1
        }
    }

    /// Appends the UTF-8 bytes of a literal as they are (no quoting or escaping).
    public mutating func appendRaw(_ text: StaticString) {
        let count = text.utf8CodeUnitCount
        write(maxCount: count) { pointer in
            JSONWriter.copy(text.utf8Start, count: count, to: pointer)
        }
    }

    /// Appends a literal key (such as `,"x":`) followed by ``appendNumber(_:decimals:)``, in one step.
    public mutating func appendRaw(_ key: StaticString, number x: Double, decimals: Int) {
        let count = key.utf8CodeUnitCount
        guard let scaled = JSONWriter.fastScaled(x, decimals: decimals) else {
            appendRaw(key)
            appendNumber(x, decimals: decimals)
            return
        }
        write(maxCount: count + 40) { pointer in
            let keyCount = JSONWriter.copy(key.utf8Start, count: count, to: pointer)
            return keyCount
                + JSONWriter.formatFixed(
                    scaled.value, places: scaled.places, negative: scaled.negative, into: pointer + keyCount)
        }
    }

    /// Copies `count` bytes; returns `count`. Up to 32 bytes, with at most four loads and four
    /// stores that overlap inside the run (the head's and the tail's words), reading and writing
    /// nothing outside it; longer runs with memmove. A frame's keys, colours and most strings are
    /// short: the byte loop this replaces cost a compare and a branch per byte, and was most of
    /// writing a number field's key (a navigation frame writes a few hundred).
    @inlinable @inline(__always)
    public static func copy(
        _ source: UnsafePointer<UInt8>, count: Int, to destination: UnsafeMutablePointer<UInt8>
    ) -> Int {
        let from = UnsafeRawPointer(source)
        let to = UnsafeMutableRawPointer(destination)
        if count >= 16 {
            guard count <= 32 else {
                destination.update(from: source, count: count)
                return count
            }
            // Every word is loaded before any is stored, so overlapping runs copy as memmove does.
            let a = from.loadUnaligned(as: UInt64.self)
            let b = from.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
            let c = from.loadUnaligned(fromByteOffset: count &- 16, as: UInt64.self)
            let d = from.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self)
            to.storeBytes(of: a, as: UInt64.self)
            to.storeBytes(of: b, toByteOffset: 8, as: UInt64.self)
            to.storeBytes(of: c, toByteOffset: count &- 16, as: UInt64.self)
            to.storeBytes(of: d, toByteOffset: count &- 8, as: UInt64.self)
        } else if count >= 8 {
            let head = from.loadUnaligned(as: UInt64.self)
            let tail = from.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self)
            to.storeBytes(of: head, as: UInt64.self)
            to.storeBytes(of: tail, toByteOffset: count &- 8, as: UInt64.self)
        } else if count >= 4 {
            let head = from.loadUnaligned(as: UInt32.self)
            let tail = from.loadUnaligned(fromByteOffset: count &- 4, as: UInt32.self)
            to.storeBytes(of: head, as: UInt32.self)
            to.storeBytes(of: tail, toByteOffset: count &- 4, as: UInt32.self)
        } else if count > 0 {
            // 1 to 3 bytes: the first, the middle and the last cover them all.
            let first = source[0]
            let middle = source[count >> 1]
            let last = source[count &- 1]
            destination[0] = first
            destination[count >> 1] = middle
            destination[count &- 1] = last
        }
        return count
    }

    /// Appends a copy of bytes already written, `range` of the output (clamped to it).
    public mutating func appendCopy(of range: Range<Int>) {
        let range = range.clamped(to: 0..<length)
        guard !range.isEmpty else { return }
        append(maxCount: range.count) { written, room in
            JSONWriter.copy(written + range.lowerBound, count: range.count, to: room)
        }
    }

    /// Runs `body` with the output so far (its first byte) and room for at least `maxCount`
    /// bytes after it; `body` returns how many it wrote there (at most `maxCount`). For writes
    /// that repeat parts of the output: one call instead of one per part.
    @inline(__always)
    public mutating func append(
        maxCount: Int, _ body: (_ written: UnsafePointer<UInt8>, _ room: UnsafeMutablePointer<UInt8>) -> Int
    ) {
        if storage.count - length < maxCount { grow(toAtLeast: length + maxCount) }
        let start = length
        length += storage.withUnsafeMutableBufferPointer { buffer -> Int in
            guard let base = buffer.baseAddress else { return 0 }
            return min(body(UnsafePointer(base), base + start), maxCount)
        }
    }

    /// Appends raw bytes as they are (no quoting or escaping).
    public mutating func appendRaw(_ raw: UnsafeRawBufferPointer) {
        guard let source = raw.baseAddress, raw.count > 0 else { return }
        write(maxCount: raw.count) { pointer in
            UnsafeMutableRawPointer(pointer).copyMemory(from: source, byteCount: raw.count)
            return raw.count
        }
    }

    /// Appends bytes as they are (no quoting or escaping).
    public mutating func appendRaw(_ raw: some Sequence<UInt8>) {
        let copied: Void? = raw.withContiguousStorageIfAvailable { appendRaw(UnsafeRawBufferPointer($0)) }
        if copied == nil {
            for byte in raw { appendByte(byte) }
        }
    }

    /// Appends a string's UTF-8 bytes as they are (no quoting or escaping).
    public mutating func appendRawString(_ text: String) {
        text.withUTF8InPlace { appendRaw(UnsafeRawBufferPointer($0)) }
    }

    /// Appends `true` or `false`.
    public mutating func appendBool(_ value: Bool) {
        if value { appendRaw("true") } else { appendRaw("false") }
    }

    /// Appends `null`.
    public mutating func appendNull() {
        appendRaw("null")
    }

    /// Appends a quoted, minimally escaped JSON string.
    public mutating func appendString(_ text: String) {
        appendByte(UInt8(ascii: "\""))
        text.withUTF8InPlace { appendEscaped($0) }
        appendByte(UInt8(ascii: "\""))
    }

    /// Appends the escaped body of a string (no quotes), copying unescaped runs in bulk.
    private mutating func appendEscaped(_ utf8: UnsafeBufferPointer<UInt8>) {
        JSONByteCursor.forEachRun(
            of: utf8,
            run: { start, count in
                if count > 0 { appendRaw(UnsafeRawBufferPointer(start: start, count: count)) }
            },
            escape: { byte in write(maxCount: 6) { JSONByteCursor.writeEscape(byte, to: $0) } })
    }

    /// The lowercase hexadecimal digit for `value` (0...15).
    @inlinable @inline(__always)
    public static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? 0x30 &+ value : 0x57 &+ value
    }
}
