extension JSONScanner {
    /// Parses a string body; the cursor is just past the opening quote and ends past the closing one.
    mutating func parseStringBody() throws(JSONParseError) -> String {
        let start = index
        // Fast path: printable ASCII without escapes.
        while index < end {
            let byte = buffer[index]
            if byte == UInt8(ascii: "\"") {
                let text = String(decoding: UnsafeBufferPointer(rebasing: buffer[start..<index]), as: UTF8.self)
                index += 1
                return text
            }
            if byte == UInt8(ascii: "\\") || byte < 0x20 || byte >= 0x80 { break }
            index += 1
        }
        var bytes = Array(UnsafeBufferPointer(rebasing: buffer[start..<index]))
        while true {
            guard index < end else { throw error(.unexpectedEnd, "the input ends inside a string") }
            let byte = buffer[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                // Every byte appended was validated, so decoding never substitutes U+FFFD.
                return String(decoding: bytes, as: UTF8.self)
            case UInt8(ascii: "\\"):
                try parseEscape(into: &bytes)
            case 0..<0x20:
                throw error(
                    .controlCharacterInString, "control character \(describe(byte)) must be escaped in a string")
            case 0x20..<0x80:
                bytes.append(byte)
                index += 1
            default:
                let length = try validateUTF8Sequence()
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[index..<(index + length)]))
                index += length
            }
        }
    }

    /// Parses one backslash escape at the cursor and appends its UTF-8 bytes.
    private mutating func parseEscape(into bytes: inout [UInt8]) throws(JSONParseError) {
        guard index + 1 < end else { throw error(.unexpectedEnd, "the input ends inside an escape") }
        let kind = buffer[index + 1]
        let simple: UInt8?
        switch kind {
        case UInt8(ascii: "\""): simple = 0x22
        case UInt8(ascii: "\\"): simple = 0x5C
        case UInt8(ascii: "/"): simple = 0x2F
        case UInt8(ascii: "b"): simple = 0x08
        case UInt8(ascii: "f"): simple = 0x0C
        case UInt8(ascii: "n"): simple = 0x0A
        case UInt8(ascii: "r"): simple = 0x0D
        case UInt8(ascii: "t"): simple = 0x09
        case UInt8(ascii: "u"): simple = nil
        default: throw error(.invalidEscape, "invalid escape '\\\(describeEscape(kind))' in a string")
        }
        if let simple {
            bytes.append(simple)
            index += 2
            return
        }
        let escapeStart = index
        let unit = try parseHex4(at: index + 2)
        index += 6
        var scalarValue = UInt32(unit)
        if unit >= 0xDC00 && unit <= 0xDFFF {
            index = escapeStart
            throw error(.invalidEscape, "lone low surrogate \\u\(hex4(unit)) in a string")
        }
        if unit >= 0xD800 && unit <= 0xDBFF {
            guard index + 1 < end, buffer[index] == UInt8(ascii: "\\"), buffer[index + 1] == UInt8(ascii: "u") else {
                index = escapeStart
                throw error(
                    .invalidEscape, "lone high surrogate \\u\(hex4(unit)) in a string (no low surrogate follows)")
            }
            let low = try parseHex4(at: index + 2)
            guard low >= 0xDC00 && low <= 0xDFFF else {
                index = escapeStart
                throw error(
                    .invalidEscape, "high surrogate \\u\(hex4(unit)) followed by \\u\(hex4(low)), not a low surrogate")
            }
            index += 6
            scalarValue = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00)
        }
        guard let scalar = Unicode.Scalar(scalarValue) else {
            index = escapeStart
            throw error(.invalidEscape, "invalid code point in a \\u escape")
        }
        bytes.append(contentsOf: UTF8.encode(scalar) ?? UTF8.EncodedScalar())
    }

    /// Reads four hex digits at `position` (the cursor stays put on error, pointing at the escape).
    private func parseHex4(at position: Int) throws(JSONParseError) -> UInt16 {
        guard position + 4 <= end else { throw error(.unexpectedEnd, "the input ends inside a \\u escape") }
        var value: UInt16 = 0
        for offset in 0..<4 {
            let byte = buffer[position + offset]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default:
                throw JSONParseError(
                    kind: .invalidEscape, offset: position + offset,
                    message: "expected four hex digits after \\u, found \(describe(byte))")
            }
            value = value << 4 | UInt16(digit)
        }
        return value
    }

    /// Checks the multi-byte UTF-8 sequence at the cursor (Unicode table 3-7) and returns its length.
    private func validateUTF8Sequence() throws(JSONParseError) -> Int {
        let lead = buffer[index]
        let length: Int
        var low: UInt8 = 0x80, high: UInt8 = 0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; low = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: length = 3; high = 0x9F
        case 0xF0: length = 4; low = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; high = 0x8F
        default: throw error(.invalidUTF8, "invalid UTF-8 lead \(describe(lead))")
        }
        guard index + length <= end else { throw error(.invalidUTF8, "truncated UTF-8 sequence") }
        let second = buffer[index + 1]
        guard second >= low && second <= high else {
            throw error(.invalidUTF8, "invalid UTF-8 sequence (overlong, surrogate or out of range)")
        }
        for offset in 2..<length where buffer[index + offset] & 0xC0 != 0x80 {
            throw error(.invalidUTF8, "invalid UTF-8 continuation byte")
        }
        return length
    }

    private func hex4(_ value: UInt16) -> String {
        let digits: [Character] = ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "A", "B", "C", "D", "E", "F"]
        return String((0..<4).map { digits[Int((value >> (12 - 4 * UInt16($0))) & 0xF)] })
    }

    private func describeEscape(_ byte: UInt8) -> String {
        byte >= 0x21 && byte < 0x7F ? String(Character(Unicode.Scalar(byte))) : describe(byte)
    }
}
