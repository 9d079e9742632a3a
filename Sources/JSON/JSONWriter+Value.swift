extension JSONWriter {
    /// Appends a value canonically: object members in their stored order, strings escaped
    /// minimally, numbers with ``appendShortestNumber(_:)``, or with `maxDecimals` given, rounded
    /// half away from zero to at most that many places (``appendNumber(_:decimals:)``, as frames
    /// write them). Nesting is written recursively (values from ``JSONParser`` are at most its
    /// depth limit deep).
    public mutating func appendValue(_ value: JSONValue, maxDecimals: Int? = nil) {
        switch value {
        case .null: appendNull()
        case .bool(let flag): appendBool(flag)
        case .number(let number):
            if let maxDecimals { appendNumber(number, decimals: maxDecimals) } else { appendShortestNumber(number) }
        case .string(let text): appendString(text)
        case .array(let elements):
            appendByte(UInt8(ascii: "["))
            for (index, element) in elements.enumerated() {
                if index > 0 { appendByte(UInt8(ascii: ",")) }
                appendValue(element, maxDecimals: maxDecimals)
            }
            appendByte(UInt8(ascii: "]"))
        case .object(let object):
            appendByte(UInt8(ascii: "{"))
            for (index, member) in object.members.enumerated() {
                if index > 0 { appendByte(UInt8(ascii: ",")) }
                appendString(member.key)
                appendByte(UInt8(ascii: ":"))
                appendValue(member.value, maxDecimals: maxDecimals)
            }
            appendByte(UInt8(ascii: "}"))
        }
    }

    /// Appends the shortest decimal that reads back as exactly `x`, in plain notation (no exponent):
    /// integers below 2^53 without a fraction, `-0` as `0`, NaN and the infinities as `0`.
    public mutating func appendShortestNumber(_ x: Double) {
        guard x.isFinite else {
            appendByte(UInt8(ascii: "0"))
            return
        }
        if x.magnitude < 9_007_199_254_740_992, x == x.rounded(.towardZero) {
            appendNumber(x, decimals: 0)
            return
        }
        appendPlain(scientific: Array(x.description.utf8))
    }

    /// Rewrites Swift's shortest round-trip text (`1.5`, `1e-05`, `1.2345e+20`) without an exponent.
    private mutating func appendPlain(scientific text: [UInt8]) {
        var digits: [UInt8] = []
        var pointPosition: Int?
        var exponent = 0
        var index = 0
        if text.first == UInt8(ascii: "-") {
            appendByte(UInt8(ascii: "-"))
            index = 1
        }
        while index < text.count {
            let byte = text[index]
            if byte == UInt8(ascii: ".") {
                pointPosition = digits.count
            } else if byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") {
                exponent = Int(String(decoding: text[(index + 1)...], as: UTF8.self)) ?? 0
                break
            } else {
                digits.append(byte)
            }
            index += 1
        }
        let point = (pointPosition ?? digits.count) + exponent
        if point <= 0 {
            appendRaw("0.")
            for _ in 0..<(-point) { appendByte(UInt8(ascii: "0")) }
            appendRaw(digits)
        } else if point >= digits.count {
            appendRaw(digits)
            for _ in 0..<(point - digits.count) { appendByte(UInt8(ascii: "0")) }
        } else {
            appendRaw(digits[..<point])
            appendByte(UInt8(ascii: "."))
            appendRaw(digits[point...])
        }
    }
}

extension JSONValue {
    /// The canonical UTF-8 encoding of this value (keys in stored order, no whitespace), for
    /// echoing and logging.
    public func canonicalBytes() -> [UInt8] {
        var writer = JSONWriter(capacity: 256)
        writer.appendValue(self)
        return writer.bytes
    }

    /// ``canonicalBytes()`` as a string.
    public var canonicalString: String {
        String(decoding: canonicalBytes(), as: UTF8.self)
    }
}
