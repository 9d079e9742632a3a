import TestSupport
import Testing

@testable import JSON

@Suite struct ParserTests {
    @Test func parsesEveryKindOfValue() throws {
        let value = try JSONParser.parse(
            #" {"a": [1, -2.5, 3e2, true, false, null], "b": {"c": "d\u00e9\n"}, "a": "last"} "#)
        guard case .object(let object) = value else {
            Issue.record("not an object")
            return
        }
        #expect(object.keys == ["a", "b", "a"])
        #expect(
            object.members[0].value
                == .array([.number(1), .number(-2.5), .number(300), .bool(true), .bool(false), .null]))
        #expect(value["a"] == .string("last"))
        #expect(value["b"]?["c"] == .string("d\u{e9}\n"))
        #expect(value["missing"] == nil)
        #expect(value["b"]?["c"]?.stringValue == "dé\n")
    }

    @Test func topLevelScalarsAndEmptyContainers() throws {
        #expect(try JSONParser.parse("42") == .number(42))
        #expect(try JSONParser.parse(" \"x\" ") == .string("x"))
        #expect(try JSONParser.parse("[]") == .array([]))
        #expect(try JSONParser.parse("{}") == .object(JSONObject()))
        #expect(try JSONParser.parse("[[],{}]") == .array([.array([]), .object(JSONObject())]))
        #expect(try JSONParser.parse("-0").doubleValue?.sign == .minus)
    }

    @Test func decodesEscapesAndSurrogatePairs() throws {
        let text = #""\"\\\/\b\f\n\r\t\u0041\u00e9\u4e2d\ud83d\ude00\u0000""#
        #expect(try JSONParser.parse(text) == .string("\"\\/\u{8}\u{c}\n\r\tA\u{e9}\u{4e2d}\u{1F600}\u{0}"))
        // Raw multi-byte UTF-8 passes through.
        #expect(try JSONParser.parse(Array("\"加载中 😀\"".utf8)) == .string("加载中 😀"))
    }

    @Test func numbersMatchStrtod() throws {
        let samples = [
            "0", "1", "-1", "0.1", "0.3", "123.456", "1e10", "1E-7", "2.5e+3", "9007199254740993",
            "123456789012345678901234567890", "0.000001234", "1.7976931348623157e308", "5e-324",
            "1e-400", "4.9406564584124654e-324", "2.2250738585072011e-308", "0.1e23", "123456789012345.6",
        ]
        for sample in samples {
            let expected = try #require(Double(sample))
            #expect(try JSONParser.parse(sample) == .number(expected), "\(sample)")
        }
        var generator = SplitMix64(seed: 7)
        for _ in 0..<5000 {
            let integer = generator.next() % 1_000_000_000
            let fraction = generator.next() % 1_000_000
            let exponent = Int(generator.next() % 40) - 20
            let text = "\(integer).\(fraction)e\(exponent)"
            let expected = try #require(Double(text))
            #expect(try JSONParser.parse(text) == .number(expected), "\(text)")
        }
    }

    /// Hard conversions, with bit patterns from an independent correctly rounded conversion
    /// (CPython's float()).
    @Test(
        arguments: [
            ("1.00000000000000011102230246251565404236316680908203125", 0x3FF0_0000_0000_0000),  // tie: to even
            ("1.00000000000000011102230246251565404236316680908203126", 0x3FF0_0000_0000_0001),
            ("2.2250738585072011e-308", 0x000F_FFFF_FFFF_FFFF),
            ("9007199254740993", 0x4340_0000_0000_0000),
            ("179769313486231580793728971405301e276", 0x7FEF_FFFF_FFFF_FFFF),
            ("0.1e-320", 0x0000_0000_0000_00CA),
            ("7.2057594037927933e16", 0x4370_0000_0000_0000),
            ("123456789012345678901234567890e-10", 0x43E5_6A95_319D_63E1),
        ] as [(String, UInt64)])
    func hardNumbersRoundCorrectly(text: String, bits: UInt64) throws {
        #expect(try JSONParser.parse(text).doubleValue?.bitPattern == bits)
    }

    @Test func acceptsDepthUpToTheLimit() throws {
        let deep = String(repeating: "[", count: 64) + String(repeating: "]", count: 64)
        #expect(throws: Never.self) { try JSONParser.parse(deep) }
        let shallow = String(repeating: "[", count: 3) + String(repeating: "]", count: 3)
        #expect(throws: JSONParseError.self) { try JSONParser.parse(shallow, maxDepth: 2) }
    }

    @Test func parsesFromAnyByteCollection() throws {
        let bytes: ArraySlice<UInt8> = Array("xx[1,2]".utf8)[2...]
        #expect(try JSONParser.parse(bytes) == .array([.number(1), .number(2)]))
        let lazy = "[3]".utf8.lazy.map { $0 }
        #expect(try JSONParser.parse(Array(lazy)) == .array([.number(3)]))
    }

    @Test func neverTrapsOnRandomBytes() {
        var generator = SplitMix64(seed: 99)
        let alphabet =
            Array("{}[]\",:0123456789-+.eE tfnrulase\\u\u{1}".utf8) + [0xC3, 0xA9, 0xED, 0xA0, 0xF4, 0x90, 0xFF]
        for _ in 0..<20_000 {
            let length = Int(generator.next() % 24)
            let bytes = (0..<length).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] }
            if let value = try? JSONParser.parse(bytes) {
                // Whatever parses writes back canonically and reads back the same.
                #expect((try? JSONParser.parse(value.canonicalBytes())) == value)
            }
        }
    }
}
