import TestSupport
import Testing

@testable import JSON

@Suite struct WriterTests {
    private func formatted(_ x: Double, _ decimals: Int) -> String {
        var writer = JSONWriter()
        writer.appendNumber(x, decimals: decimals)
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    @Test(
        arguments: [
            (0.1 + 0.2, 4, "0.3"),
            (-0.00001, 4, "0"),
            (-0.0, 4, "0"),
            (1e15, 4, "1000000000000000"),
            (123.45675, 4, "123.4568"),
            (-123.45675, 4, "-123.4568"),
            (42, 4, "42"),
            (-7, 4, "-7"),
            (0, 4, "0"),
            (0.5, 0, "1"),
            (-0.5, 0, "-1"),
            (2.5, 0, "3"),
            (0.00005, 4, "0.0001"),
            (0.00004, 4, "0"),
            (1.0001, 4, "1.0001"),
            (1.00001, 4, "1"),
            (0.05, 4, "0.05"),
            (0.7, 6, "0.7"),
            (1.234567, 6, "1.234567"),
            (375, 4, "375"),
            (9_007_199_254_740_992, 4, "9007199254740992"),
            (1e20, 4, "100000000000000000000"),
            (-1e21, 2, "-1000000000000000000000"),
            (2251799813685248.5, 4, "2251799813685248.5"),
            (1234567.89, 4, "1234567.89"),
            (1234567890.125, 4, "1234567890.125"),
            (Double.nan, 4, "0"),
            (Double.infinity, 4, "0"),
            (-Double.infinity, 4, "0"),
            (3.14159, -3, "3"),
        ] as [(Double, Int, String)])
    func numberFormatting(x: Double, decimals: Int, expected: String) {
        #expect(formatted(x, decimals) == expected)
    }

    @Test func valuesWithMaxDecimalsRoundEveryNumberInsideAndShortestOtherwise() {
        let value = JSONValue.object(
            JSONObject(pairs: [
                ("v", .number(0.37500000000000006)), ("list", .array([.number(1e-7), .number(-2.5), .number(3)])),
            ]))
        var rounded = JSONWriter()
        rounded.appendValue(value, maxDecimals: 6)
        #expect(String(decoding: rounded.bytes, as: UTF8.self) == #"{"v":0.375,"list":[0,-2.5,3]}"#)
        var shortest = JSONWriter()
        shortest.appendValue(value)
        #expect(
            String(decoding: shortest.bytes, as: UTF8.self) == #"{"v":0.37500000000000006,"list":[0.0000001,-2.5,3]}"#)
    }

    @Test func hugeIntegersAreExact() {
        // 2^70 and the largest double, checked against independently computed decimal strings.
        #expect(formatted(1_180_591_620_717_411_303_424, 4) == "1180591620717411303424")
        let maxDigits =
            "179769313486231570814527423731704356798070567525844996598917476803157260780028538760589558632766878171540458953514382464234321326889464182768467546703537516986049910576551282076245490090389328944075868508455133942304583236903222948165808559332123348274797826204144723168738177180919299881250404026184124858368"
        #expect(formatted(.greatestFiniteMagnitude, 4) == maxDigits)
    }

    @Test func roundedNumbersStayWithinHalfAUnit() throws {
        var generator = SplitMix64(seed: 3)
        for _ in 0..<20_000 {
            let x = (Double(generator.next() % 2_000_000_000) - 1_000_000_000) / Double(1 << (generator.next() % 40))
            let text = formatted(x, 4)
            let hasFraction = text.contains(".")
            #expect(!text.contains("e") && !text.hasSuffix("."))
            #expect(!hasFraction || !text.hasSuffix("0"), "\(text)")
            let back = try #require(Double(text))
            let tolerance: Double = 0.000050001 + x.magnitude * 1e-15
            let error: Double = (back - x).magnitude
            #expect(error <= tolerance, "\(x) -> \(text)")
        }
    }

    @Test func stringsAreEscapedMinimally() {
        var writer = JSONWriter()
        writer.appendString("a\"b\\c\nd\re\tf\u{8}g\u{c}h\u{1}i\u{1f}j/é加😀\u{7f}")
        let expected = #""a\"b\\c\nd\re\tf\bg\fh\u0001i\u001fj/é加😀"# + "\u{7f}\""
        #expect(String(decoding: writer.bytes, as: UTF8.self) == expected)
    }

    /// Numbers copied from a ``NumberTextCache`` are the numbers formatted: values recurring or
    /// not, sharing slots (4,000 values in 512), signed zeros, NaNs and infinities, clamped
    /// values, every number of decimals, and cursors that overflow midway and write again.
    @Test func cachedNumbersAreTheFormattedNumbers() {
        var random = SplitMix64(seed: 9)
        let specials: [Double] = [
            0, -0.0, .nan, -.nan, .infinity, -.infinity, 1e9, -1e9, 2e15, 0.000_05, -0.000_05, 123.456_75, 17, 0.5,
        ]
        var values = specials
        for index in 0..<4000 {
            let fresh = Double(Int64.random(in: -2_000_000_000_000...2_000_000_000_000, using: &random)) / 1e4
            // Half the values recur, as a frame's do.
            values.append(index % 2 == 0 ? fresh : values[Int.random(in: 0..<values.count, using: &random)])
        }
        let cache = NumberTextCache()
        for (round, x) in values.enumerated() {
            let decimals = [4, 4, 4, 6, 0, 2, 9][round % 7]
            var plain = JSONWriter()
            plain.withCursor { $0.appendBoundedNumber(x, decimals: decimals) }
            var cached = JSONWriter(capacity: 16)
            cached.withCursor(minimumCapacity: round % 3 == 0 ? 8 : 64) {
                $0.useNumberCache(cache)
                $0.appendRaw("[")
                $0.appendBoundedNumber(x, decimals: decimals)
                $0.appendRaw(",")
                $0.appendBoundedNumber(x, decimals: decimals)
            }
            let text = String(decoding: plain.bytes, as: UTF8.self)
            #expect(String(decoding: cached.bytes, as: UTF8.self) == "[" + text + "," + text, "\(x)")
        }
        // The second of each pair came from the cache: the last value is in its slot.
        let last = values[values.count - 1]
        let lastTag = UInt8([4, 4, 4, 6, 0, 2, 9][(values.count - 1) % 7] + 1)
        let entry = cache.entries[NumberTextCache.slot(last.bitPattern, lastTag)]
        #expect(entry.bits == last.bitPattern && entry.tag == lastTag)
    }

    /// A key and a bounded number written in one step are the key then the number written
    /// apart: specials, clamped and cached values, with and without a number cache, and in
    /// cursors too small for them (the writer grows and writes again).
    @Test func keyedNumbersAreTheKeyThenTheNumber() {
        let values: [Double] = [
            0, -0.0, .nan, .infinity, -.infinity, 1e9, -2e15, 0.000_05, -0.000_05, 123.456_75, 17, 0.5, -12.25,
        ]
        let cache = NumberTextCache()
        // Twice through: the second time the cache has them.
        for (round, x) in (values + values).enumerated() {
            for decimals in [0, 4, 6] {
                var apart = JSONWriter()
                apart.withCursor {
                    $0.appendRaw(#","stroke":"#)
                    $0.appendBoundedNumber(x, decimals: decimals)
                }
                for cached in [false, true] {
                    var together = JSONWriter(capacity: 4)
                    together.withCursor(minimumCapacity: round % 2 == 0 ? 4 : 64) {
                        if cached { $0.useNumberCache(cache) }
                        $0.appendRaw(#","stroke":"#, boundedNumber: x, decimals: decimals)
                    }
                    #expect(together.bytes == apart.bytes, "\(x) at \(decimals) decimals")
                }
            }
        }
    }

    /// `appendCopy(of:)` repeats bytes already written (clamped to them), across a growth of the
    /// buffer too.
    @Test func copiesOfWrittenBytesRepeatThem() {
        var writer = JSONWriter(capacity: 16)
        writer.appendRaw("M15 43.5L")
        writer.appendCopy(of: 1..<3)
        writer.appendCopy(of: 3..<8)
        #expect(String(decoding: writer.bytes, as: UTF8.self) == "M15 43.5L15 43.5")
        writer.appendCopy(of: 0..<writer.count)  // grows past the 16 bytes it started with
        writer.appendCopy(of: 40..<50)  // nothing: past the end
        writer.appendCopy(of: 14..<40)  // clamped to 14..<32
        #expect(
            String(decoding: writer.bytes, as: UTF8.self) == "M15 43.5L15 43.5M15 43.5L15 43.5" + ".5M15 43.5L15 43.5")
    }

    /// The frame encoders' cursor copies unescaped runs whole: its strings must be the writer's,
    /// with escapes first, last, next to each other, between runs shorter and longer than the
    /// copy's 32-byte threshold, and in strings that overflow a small cursor.
    @Test func cursorStringsMatchTheWriters() {
        var random = SplitMix64(seed: 11)
        let pieces = ["\"", "\\", "\n", "\u{1}", "\u{1f}", "é", "😀", "a", "M0 107.75L293.8563 107.75"]
        for round in 0..<2000 {
            var text = ""
            for _ in 0..<Int.random(in: 0...12, using: &random) {
                let piece = pieces[Int.random(in: 0..<pieces.count, using: &random)]
                text += String(repeating: piece, count: Int.random(in: 1...(round % 3 == 0 ? 40 : 3), using: &random))
            }
            var expected = JSONWriter()
            expected.appendString(text)
            var writer = JSONWriter(capacity: 16)
            writer.withCursor(minimumCapacity: 8) { $0.appendString(text) }
            #expect(writer.bytes == expected.bytes, "\(text.debugDescription)")
        }
    }

    /// Strings are scanned for bytes to escape eight at a time (`JSONByteCursor.nextEscape`): a
    /// byte of every value, at every place in whole words and in the tail after them, among
    /// neighbours on either side of the boundaries the word test works with, is found from every
    /// start exactly where a scan byte by byte finds it.
    @Test func escapeScanFindsWhatAByteByByteScanFinds() {
        func escaped(_ byte: UInt8) -> Bool { byte < 0x20 || byte == 0x22 || byte == 0x5C }
        let neighbours: [UInt8] = [0x61, 0x20, 0x21, 0x23, 0x5B, 0x5D, 0x7F, 0x80, 0xA2, 0xDC, 0xFF]
        var mismatches: [String] = []
        for value in 0...255 {
            for length in [1, 7, 8, 9, 16, 23] {
                for position in 0..<length {
                    for neighbour in neighbours {
                        var bytes = [UInt8](repeating: neighbour, count: length)
                        bytes[position] = UInt8(value)
                        bytes.withUnsafeBufferPointer { buffer in
                            guard let base = buffer.baseAddress else { return }
                            for start in 0...length {
                                let expected = (start..<length).first { escaped(buffer[$0]) } ?? length
                                let found = JSONByteCursor.nextEscape(in: base, from: start, count: length)
                                if found != expected {
                                    mismatches.append("\(value) at \(position) of \(length) from \(start): \(found)")
                                }
                            }
                        }
                    }
                }
            }
        }
        // Words of bytes drawn from around every boundary, several to escape in one word too.
        var random = SplitMix64(seed: 21)
        let drawn: [UInt8] = [0x00, 0x01, 0x1F, 0x20, 0x21, 0x22, 0x23, 0x5B, 0x5C, 0x5D, 0x7F, 0x80, 0x9F, 0xDC, 0xFF]
        for _ in 0..<100_000 {
            let bytes = (0..<8).map { _ in drawn[Int.random(in: 0..<drawn.count, using: &random)] }
            let word = bytes.withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) }
            if JSONByteCursor.wordNeedsEscape(word) != bytes.contains(where: escaped) {
                mismatches.append("word \(bytes)")
            }
        }
        let mismatchCount = mismatches.count
        #expect(mismatchCount == 0, "the first: \(mismatches.prefix(10))")
    }

    /// `JSONWriter.copy` copies exactly `count` bytes, for every count through its word paths and
    /// past them to memmove's, from and to every alignment, writing nothing around them; runs that
    /// overlap inside one buffer, either way, come out as memmove leaves them.
    @Test func copiesCopyExactlyTheirBytes() {
        var mismatches: [String] = []
        let source = (0..<96).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
        for count in 0...40 {
            for sourceOffset in 0..<8 {
                for destinationOffset in 0..<8 {
                    var destination = [UInt8](repeating: 0xEE, count: 96)
                    var returned = -1
                    source.withUnsafeBufferPointer { from in
                        destination.withUnsafeMutableBufferPointer { to in
                            guard let from = from.baseAddress, let to = to.baseAddress else { return }
                            returned = JSONWriter.copy(from + sourceOffset, count: count, to: to + destinationOffset)
                        }
                    }
                    var expected = [UInt8](repeating: 0xEE, count: 96)
                    expected[destinationOffset..<(destinationOffset + count)] =
                        source[sourceOffset..<(sourceOffset + count)]
                    if destination != expected || returned != count {
                        mismatches.append("\(count) bytes from +\(sourceOffset) to +\(destinationOffset)")
                    }
                }
            }
            for shift in [-9, -7, -3, -1, 1, 2, 5, 8, 9] {
                var buffer = source
                let from = 30
                let to = from + shift
                buffer.withUnsafeMutableBufferPointer { whole in
                    guard let base = whole.baseAddress else { return }
                    _ = JSONWriter.copy(UnsafePointer(base + from), count: count, to: base + to)
                }
                var expected = source
                expected[to..<(to + count)] = source[from..<(from + count)]
                if buffer != expected { mismatches.append("\(count) bytes overlapping, shifted \(shift)") }
            }
        }
        let mismatchCount = mismatches.count
        #expect(mismatchCount == 0, "the first: \(mismatches.prefix(10))")
    }

    @Test func writerBufferIsReusable() {
        var writer = JSONWriter(capacity: 64)
        writer.appendRaw("[")
        writer.appendInteger(-12)
        writer.appendRaw(",")
        writer.appendUnsigned(UInt64.max)
        writer.appendRaw(",")
        writer.appendBool(true)
        writer.appendRaw(",")
        writer.appendNull()
        writer.appendRaw("]")
        #expect(String(decoding: writer.bytes, as: UTF8.self) == "[-12,18446744073709551615,true,null]")
        writer.reset()
        #expect(writer.count == 0)
        writer.appendString(String(repeating: "é", count: 100))
        #expect(writer.count == 202)
        #expect(writer.withUnsafeBytes { Array($0) } == writer.bytes)
    }

    @Test func shortestNumbersRoundTripWithoutExponent() throws {
        let cases: [(Double, String)] = [
            (1e-5, "0.00001"), (1.5e20, "150000000000000000000"), (0.1, "0.1"),
            (-2.5, "-2.5"), (7, "7"), (-0.0, "0"), (1e16, "10000000000000000"),
            (123.456, "123.456"), (5e-7, "0.0000005"),
        ]
        for (value, expected) in cases {
            #expect(JSONValue.number(value).canonicalString == expected)
        }
        var generator = SplitMix64(seed: 11)
        for _ in 0..<5000 {
            let x = Double(bitPattern: generator.next())
            guard x.isFinite else { continue }
            let text = JSONValue.number(x).canonicalString
            #expect(!text.contains("e"))
            #expect(try JSONParser.parse(text) == .number(x == 0 ? 0 : x), "\(x) -> \(text)")
        }
    }

    @Test func valuesRoundTripCanonically() throws {
        let text = #"{"z":1,"a":[true,false,null,"x\"y",-2.5,{"k":{}}],"m":"加载中","e":[]}"#
        let value = try JSONParser.parse(text)
        #expect(value.canonicalString == text)
        #expect(try JSONParser.parse(value.canonicalBytes()) == value)
        let spaced = try JSONParser.parse(" { \"b\" : 2 , \"a\" : [ 1 , 2 ] } ")
        #expect(spaced.canonicalString == #"{"b":2,"a":[1,2]}"#)
        let built = JSONValue.object(
            JSONObject(pairs: [("type", .string("ack")), ("id", .number(7)), ("t", .number(1.25))]))
        #expect(built.canonicalString == #"{"type":"ack","id":7,"t":1.25}"#)
    }
}
