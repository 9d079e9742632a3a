/// Writes canonical JSON into a byte buffer that can be reused between messages.
///
/// Canonical means: no whitespace; strings escaped minimally (only `"`, `\`, and U+0000...U+001F,
/// as `\" \\ \n \r \t \b \f` or lowercase `\u00xx`; everything else, including non-ASCII, passes
/// through as UTF-8); numbers as described at ``appendNumber(_:decimals:)``.
///
/// The writer never inserts separators itself: callers write `,` `:` and brackets with
/// ``appendRaw(_:)-(StaticString)``, which keeps hot encoders free of bookkeeping.
public struct JSONWriter: Sendable {
    /// The bytes written since the last ``reset()``. Callers may take the buffer (or swap in another
    /// one) to avoid a copy; the writer keeps no other state.
    public var bytes: [UInt8]

    /// A writer whose buffer starts with room for `capacity` bytes.
    public init(capacity: Int = 1024) {
        bytes = []
        bytes.reserveCapacity(capacity)
    }

    /// Empties the buffer, keeping its storage for the next message.
    public mutating func reset() {
        bytes.removeAll(keepingCapacity: true)
    }

    /// The number of bytes written.
    public var count: Int { bytes.count }

    /// Appends one byte as is.
    @inlinable
    public mutating func appendByte(_ byte: UInt8) {
        bytes.append(byte)
    }

    /// Appends the UTF-8 bytes of a literal as they are (no quoting or escaping).
    @inlinable
    public mutating func appendRaw(_ text: StaticString) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// Appends bytes as they are (no quoting or escaping).
    public mutating func appendRaw(_ raw: some Sequence<UInt8>) {
        bytes.append(contentsOf: raw)
    }

    /// Appends a string's UTF-8 bytes as they are (no quoting or escaping).
    public mutating func appendRawString(_ text: String) {
        bytes.append(contentsOf: text.utf8)
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
        var text = text
        bytes.append(UInt8(ascii: "\""))
        text.withUTF8 { appendEscaped($0) }
        bytes.append(UInt8(ascii: "\""))
    }

    /// Appends the escaped body of a string (no quotes), copying unescaped runs in bulk.
    private mutating func appendEscaped(_ utf8: UnsafeBufferPointer<UInt8>) {
        var runStart = 0
        for index in 0..<utf8.count {
            let byte = utf8[index]
            guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
            if runStart < index { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index])) }
            runStart = index + 1
            bytes.append(UInt8(ascii: "\\"))
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"): bytes.append(byte)
            case 0x0A: bytes.append(UInt8(ascii: "n"))
            case 0x0D: bytes.append(UInt8(ascii: "r"))
            case 0x09: bytes.append(UInt8(ascii: "t"))
            case 0x08: bytes.append(UInt8(ascii: "b"))
            case 0x0C: bytes.append(UInt8(ascii: "f"))
            default:
                appendRaw("u00")
                bytes.append(JSONWriter.hexDigits[Int(byte >> 4)])
                bytes.append(JSONWriter.hexDigits[Int(byte & 0xF)])
            }
        }
        if runStart < utf8.count { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart...])) }
    }

    /// Lowercase hexadecimal digits, for escapes and colour writers.
    public static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)
}
