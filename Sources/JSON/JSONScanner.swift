/// A cursor over the parser's input, with the helpers shared by the value, string and number
/// scanners. Every read is bounds-checked against `end`.
struct JSONScanner {
    let buffer: UnsafeBufferPointer<UInt8>
    let end: Int
    var index: Int = 0

    init(_ buffer: UnsafeBufferPointer<UInt8>) {
        self.buffer = buffer
        self.end = buffer.count
    }

    /// The byte at the cursor, or nil at the end.
    @inline(__always)
    func peek() -> UInt8? {
        index < end ? buffer[index] : nil
    }

    /// Skips JSON whitespace: space, tab, line feed, carriage return.
    @inline(__always)
    mutating func skipWhitespace() {
        while index < end {
            switch buffer[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    /// An error at the cursor.
    func error(_ kind: JSONParseError.Kind, _ message: String) -> JSONParseError {
        JSONParseError(kind: kind, offset: index, message: message)
    }

    /// An error for an unexpected byte (or the end) at the cursor.
    func unexpected(_ byte: UInt8?, expected: String) -> JSONParseError {
        guard let byte else { return error(.unexpectedEnd, "expected \(expected), found the end of the input") }
        return error(.unexpectedCharacter, "expected \(expected), found \(describe(byte))")
    }

    /// A byte for a message: printable ASCII quoted, anything else in hex.
    func describe(_ byte: UInt8) -> String {
        if byte >= 0x21 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        let digits: [Character] = ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "a", "b", "c", "d", "e", "f"]
        return "byte 0x" + String([digits[Int(byte >> 4)], digits[Int(byte & 0xF)]])
    }
}
