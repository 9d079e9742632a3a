import Testing

@testable import JSON

@Suite struct ParseErrorTests {
    private func failure(_ bytes: [UInt8], maxDepth: Int = 64) -> JSONParseError? {
        do {
            _ = try JSONParser.parse(bytes, maxDepth: maxDepth)
            return nil
        } catch {
            return error
        }
    }

    private func failure(_ text: String) -> JSONParseError? { failure(Array(text.utf8)) }

    @Test(
        arguments: [
            ([0x22, 0xC3, 0x28, 0x22], 1),  // bad continuation
            ([0x22, 0xC0, 0xAF, 0x22], 1),  // overlong '/'
            ([0x22, 0xE0, 0x80, 0xAF, 0x22], 1),  // overlong 3-byte
            ([0x22, 0xED, 0xA0, 0x80, 0x22], 1),  // UTF-8-encoded surrogate U+D800
            ([0x22, 0xF4, 0x90, 0x80, 0x80, 0x22], 1),  // beyond U+10FFFF
            ([0x22, 0xFF, 0x22], 1),
            ([0x22, 0x61, 0xE4, 0xB8], 2),  // truncated at the end
        ] as [([UInt8], Int)])
    func rejectsInvalidUTF8(bytes: [UInt8], offset: Int) {
        let error = failure(bytes)
        #expect(error?.kind == .invalidUTF8)
        #expect(error?.offset == offset)
    }

    @Test func rejectsLoneSurrogates() {
        #expect(failure(#""\ud800""#)?.kind == .invalidEscape)
        #expect(failure(#""\ud800x""#)?.kind == .invalidEscape)
        #expect(failure(#""\udc00""#)?.kind == .invalidEscape)
        #expect(failure(#""\ud800\u0041""#)?.kind == .invalidEscape)
        #expect(failure(#""ab\ud83d""#)?.offset == 3)
        #expect(failure(#""\x""#)?.kind == .invalidEscape)
        #expect(failure(#""\u12G4""#)?.kind == .invalidEscape)
    }

    @Test func rejectsNaNAndInfinity() {
        for text in ["NaN", "Infinity", "-Infinity", "[1,NaN]", "{\"a\":Infinity}"] {
            let error = failure(text)
            #expect(error?.kind == .unexpectedCharacter, "\(text)")
            #expect(error?.message.contains("NaN and Infinity") == true, "\(text)")
        }
    }

    @Test func rejectsDepth65() {
        let deep = String(repeating: "[", count: 65) + String(repeating: "]", count: 65)
        let error = failure(deep)
        #expect(error?.kind == .tooDeep)
        #expect(error?.offset == 64)
        let objects = String(repeating: "{\"a\":", count: 65) + "1" + String(repeating: "}", count: 65)
        #expect(failure(objects)?.kind == .tooDeep)
        // A huge nesting fails fast, without recursion.
        #expect(failure(String(repeating: "[", count: 1_000_000))?.kind == .tooDeep)
    }

    @Test func rejectsTrailingCommas() {
        #expect(failure("[1,2,]")?.kind == .unexpectedCharacter)
        #expect(failure("[1,2,]")?.offset == 5)
        #expect(failure("{\"a\":1,}")?.kind == .unexpectedCharacter)
        #expect(failure("[,]")?.kind == .unexpectedCharacter)
    }

    @Test func rejectsOverflowingNumbers() {
        #expect(failure("1e400")?.kind == .numberOutOfRange)
        #expect(failure("-1e400")?.kind == .numberOutOfRange)
        #expect(failure("[0, 1" + String(repeating: "0", count: 400) + "]")?.kind == .numberOutOfRange)
        #expect(failure("[0, 1" + String(repeating: "0", count: 400) + "]")?.offset == 4)
    }

    @Test func rejectsBadNumberGrammar() {
        for text in ["01", "-01", "1.", ".5", "-", "1e", "1e+", "+1", "0x10", "1.e3", "--1"] {
            let kind = failure(text)?.kind
            #expect(
                kind == .invalidNumber || kind == .unexpectedCharacter || kind == .trailingData
                    || kind == .unexpectedEnd, "\(text)")
            #expect(kind != nil, "\(text)")
        }
        #expect(failure("01")?.kind == .invalidNumber)
    }

    @Test func rejectsTrailingGarbageAndTruncation() {
        #expect(failure("{} x")?.kind == .trailingData)
        #expect(failure("{} x")?.offset == 3)
        #expect(failure("[1] [2]")?.kind == .trailingData)
        #expect(failure("")?.kind == .unexpectedEnd)
        #expect(failure("   ")?.kind == .unexpectedEnd)
        #expect(failure("[1, 2")?.kind == .unexpectedEnd)
        #expect(failure("{\"a\"")?.kind == .unexpectedEnd)
        #expect(failure("\"abc")?.kind == .unexpectedEnd)
        #expect(failure("tru")?.kind == .unexpectedEnd)
        #expect(failure("trux")?.kind == .unexpectedCharacter)
        #expect(failure("\"a\tb\"")?.kind == .controlCharacterInString)
        #expect(failure("{1:2}")?.kind == .unexpectedCharacter)
        #expect(failure([0xEF, 0xBB, 0xBF, 0x31])?.kind == .unexpectedCharacter)  // a BOM is not JSON
    }

    @Test func errorsDescribeThemselves() {
        let error = failure("[1;2]")
        #expect(error?.description == "expected ',' or ']' in an array, found ';' at byte 2")
    }
}
