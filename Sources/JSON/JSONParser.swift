/// A strict RFC 8259 JSON parser over UTF-8 bytes.
///
/// - Rejects invalid UTF-8 (overlong forms, encoded surrogates, code points past U+10FFFF,
///   truncated sequences) anywhere in the input, and `\u` escapes that leave a surrogate alone.
/// - Rejects `NaN`, `Infinity`, leading zeros, trailing commas, and anything but whitespace
///   after the top-level value. Any value (not only an object or array) may be the top level.
/// - Numbers are converted exactly as `strtod` rounds them (correctly rounded); a number whose
///   magnitude overflows a Double is an error, one that underflows becomes zero.
/// - Nesting deeper than `maxDepth` arrays/objects is an error. The parser keeps an explicit
///   stack, so it never recurses and runs in time linear in the input.
///
/// It never traps on any input, which makes it suitable as a fuzzing target.
public enum JSONParser {
    /// The default nesting limit.
    public static let defaultMaxDepth = 64

    /// Parses one JSON text.
    /// - Parameters:
    ///   - bytes: the UTF-8 input (a leading byte-order mark is rejected, as RFC 8259 allows).
    ///   - maxDepth: the deepest nesting of arrays and objects accepted (values below 1 accept none).
    /// - Throws: ``JSONParseError`` naming the problem and its byte offset.
    public static func parse(
        _ bytes: some Collection<UInt8>, maxDepth: Int = defaultMaxDepth
    ) throws(JSONParseError) -> JSONValue {
        let result: Result<JSONValue, JSONParseError>? = bytes.withContiguousStorageIfAvailable { buffer in
            parseResult(buffer, maxDepth: maxDepth)
        }
        if let result { return try result.get() }
        let copy = Array(bytes)
        return try copy.withUnsafeBufferPointer { parseResult($0, maxDepth: maxDepth) }.get()
    }

    /// Parses the UTF-8 bytes of a string.
    public static func parse(_ text: String, maxDepth: Int = defaultMaxDepth) throws(JSONParseError) -> JSONValue {
        try parse(Array(text.utf8), maxDepth: maxDepth)
    }

    private static func parseResult(
        _ buffer: UnsafeBufferPointer<UInt8>, maxDepth: Int
    ) -> Result<JSONValue, JSONParseError> {
        var scanner = JSONScanner(buffer)
        do {
            return .success(try scanner.parseDocument(maxDepth: maxDepth))
        } catch {
            return .failure(error)
        }
    }
}

/// An open container while parsing: where its elements start on the value stack.
private struct OpenContainer {
    var isObject: Bool
    var firstValue: Int
    var firstKey: Int
}

extension JSONScanner {
    /// Parses the whole input as one value followed only by whitespace.
    ///
    /// Elements of open containers wait on one flat value stack (and object keys on a key stack);
    /// closing a container moves its elements out in one step, so nothing is copied twice.
    mutating func parseDocument(maxDepth: Int) throws(JSONParseError) -> JSONValue {
        var containers: [OpenContainer] = []
        var values: [JSONValue] = []
        var keys: [String] = []
        parsing: while true {
            // Parse the start of a value; containers are pushed and we loop for their first element.
            skipWhitespace()
            guard let byte = peek() else { throw error(.unexpectedEnd, "expected a value, found the end of the input") }
            var value: JSONValue
            switch byte {
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                guard containers.count < maxDepth else {
                    throw error(.tooDeep, "arrays and objects nested deeper than \(maxDepth) levels")
                }
                index += 1
                skipWhitespace()
                if byte == UInt8(ascii: "[") {
                    if peek() == UInt8(ascii: "]") {
                        index += 1
                        value = .array([])
                    } else {
                        containers.append(
                            OpenContainer(isObject: false, firstValue: values.count, firstKey: keys.count))
                        continue parsing
                    }
                } else {
                    if peek() == UInt8(ascii: "}") {
                        index += 1
                        value = .object(JSONObject())
                    } else {
                        containers.append(OpenContainer(isObject: true, firstValue: values.count, firstKey: keys.count))
                        keys.append(try parseKey())
                        continue parsing
                    }
                }
            default:
                value = try parseScalar(byte)
            }

            // Attach the finished value to its parents, closing as many containers as end here.
            while true {
                guard let top = containers.last else {
                    skipWhitespace()
                    guard index == end else {
                        throw error(.trailingData, "unexpected \(describe(buffer[index])) after the JSON value")
                    }
                    return value
                }
                values.append(value)
                skipWhitespace()
                let next = peek()
                if next == UInt8(ascii: ",") {
                    index += 1
                    if top.isObject {
                        skipWhitespace()
                        keys.append(try parseKey())
                    }
                    continue parsing
                }
                if !top.isObject, next == UInt8(ascii: "]") {
                    index += 1
                    value = .array(Array(values[top.firstValue...]))
                } else if top.isObject, next == UInt8(ascii: "}") {
                    index += 1
                    var members: [JSONObject.Member] = []
                    members.reserveCapacity(values.count - top.firstValue)
                    for offset in 0..<(values.count - top.firstValue) {
                        members.append(
                            JSONObject.Member(key: keys[top.firstKey + offset], value: values[top.firstValue + offset]))
                    }
                    value = .object(JSONObject(members))
                    keys.removeSubrange(top.firstKey...)
                } else {
                    throw unexpected(
                        next, expected: top.isObject ? "',' or '}' in an object" : "',' or ']' in an array")
                }
                values.removeSubrange(top.firstValue...)
                containers.removeLast()
            }
        }
    }

    /// Parses `"key"` and the `:` after it.
    private mutating func parseKey() throws(JSONParseError) -> String {
        let next = peek()
        guard next == UInt8(ascii: "\"") else {
            if next == UInt8(ascii: "}") { throw error(.unexpectedCharacter, "trailing comma in an object") }
            throw unexpected(next, expected: "a string key in an object")
        }
        index += 1
        let key = try parseStringBody()
        skipWhitespace()
        let colon = peek()
        guard colon == UInt8(ascii: ":") else { throw unexpected(colon, expected: "':' after an object key") }
        index += 1
        return key
    }

    /// Parses a string, number or literal starting at `byte`.
    private mutating func parseScalar(_ byte: UInt8) throws(JSONParseError) -> JSONValue {
        switch byte {
        case UInt8(ascii: "\""):
            index += 1
            return .string(try parseStringBody())
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return .number(try parseNumber())
        case UInt8(ascii: "t"):
            try expectLiteral("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try expectLiteral("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try expectLiteral("null")
            return .null
        case UInt8(ascii: "N"), UInt8(ascii: "I"):
            throw error(.unexpectedCharacter, "NaN and Infinity are not valid JSON numbers")
        case UInt8(ascii: "]"):
            throw error(.unexpectedCharacter, "expected a value, found ']' (a trailing comma?)")
        default:
            throw unexpected(byte, expected: "a value")
        }
    }

    private mutating func expectLiteral(_ literal: StaticString) throws(JSONParseError) {
        let count = literal.utf8CodeUnitCount
        let start = literal.utf8Start
        for offset in 0..<count {
            guard index + offset < end else {
                throw error(.unexpectedEnd, "the input ends inside the literal \(literal)")
            }
            guard buffer[index + offset] == start[offset] else {
                index += offset
                throw unexpected(buffer[index], expected: "the literal \(literal)")
            }
        }
        index += count
    }
}
