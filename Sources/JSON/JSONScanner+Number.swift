extension JSONScanner {
    /// Parses a number at the cursor (RFC 8259 grammar) and converts it like `strtod`.
    mutating func parseNumber() throws(JSONParseError) -> Double {
        let start = index
        var negative = false
        if buffer[index] == UInt8(ascii: "-") {
            negative = true
            index += 1
        }
        guard index < end else { throw error(.unexpectedEnd, "the input ends inside a number") }
        var mantissa: UInt64 = 0
        var digitCount = 0
        if buffer[index] == UInt8(ascii: "0") {
            index += 1
            if index < end, isDigit(buffer[index]) {
                throw error(.invalidNumber, "leading zeros are not allowed in numbers")
            }
            digitCount = 1
        } else if isDigit(buffer[index]) {
            while index < end, isDigit(buffer[index]) {
                if digitCount < 19 { mantissa = mantissa &* 10 &+ UInt64(buffer[index] &- 0x30) }
                digitCount += 1
                index += 1
            }
        } else if buffer[index] == UInt8(ascii: "I") {
            throw error(.unexpectedCharacter, "NaN and Infinity are not valid JSON numbers")
        } else {
            throw error(.invalidNumber, "expected a digit after '-'")
        }
        var fractionDigits = 0
        if index < end, buffer[index] == UInt8(ascii: ".") {
            index += 1
            guard index < end, isDigit(buffer[index]) else {
                throw error(.invalidNumber, "expected a digit after the decimal point")
            }
            while index < end, isDigit(buffer[index]) {
                if digitCount < 19 { mantissa = mantissa &* 10 &+ UInt64(buffer[index] &- 0x30) }
                digitCount += 1
                fractionDigits += 1
                index += 1
            }
        }
        var exponent = 0
        if index < end, buffer[index] == UInt8(ascii: "e") || buffer[index] == UInt8(ascii: "E") {
            index += 1
            var exponentNegative = false
            if index < end, buffer[index] == UInt8(ascii: "+") || buffer[index] == UInt8(ascii: "-") {
                exponentNegative = buffer[index] == UInt8(ascii: "-")
                index += 1
            }
            guard index < end, isDigit(buffer[index]) else {
                throw error(.invalidNumber, "expected a digit in the exponent")
            }
            while index < end, isDigit(buffer[index]) {
                if exponent < 100_000 { exponent = exponent * 10 + Int(buffer[index] - 0x30) }
                index += 1
            }
            if exponentNegative { exponent = -exponent }
        }
        // Clinger's fast path: an exact mantissa times an exact power of ten rounds once, correctly.
        let decimalExponent = exponent - fractionDigits
        if digitCount <= 15, decimalExponent >= -22, decimalExponent <= 22 {
            var value = Double(mantissa)
            if decimalExponent < 0 {
                value /= Self.powersOfTen[-decimalExponent]
            } else {
                value *= Self.powersOfTen[decimalExponent]
            }
            return negative ? -value : value
        }
        return try convertSlowly(from: start)
    }

    /// Converts the validated number text in `start..<index` with the C library's correctly
    /// rounded, locale-independent conversion.
    private func convertSlowly(from start: Int) throws(JSONParseError) -> Double {
        let text = String(decoding: UnsafeBufferPointer(rebasing: buffer[start..<index]), as: UTF8.self)
        guard let value = Double(text) else {
            throw JSONParseError(kind: .invalidNumber, offset: start, message: "invalid number")
        }
        guard value.isFinite else {
            throw JSONParseError(
                kind: .numberOutOfRange, offset: start, message: "number \(text.prefix(40)) is too large for a double")
        }
        return value
    }

    @inline(__always)
    private func isDigit(_ byte: UInt8) -> Bool {
        byte &- UInt8(ascii: "0") < 10
    }

    private static let powersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
        1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
    ]
}
