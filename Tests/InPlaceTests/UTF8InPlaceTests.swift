import InPlace
import Testing

/// `withUTF8InPlace` lends a string's UTF-8 where the string stores it.
struct UTF8InPlaceTests {
    @Test(arguments: ["", "id", "fifteen bytes!!", "a label longer than fifteen bytes", "Ünïcödé — 日本語 🙂"])
    func lendsTheStringsUTF8(text: String) {
        #expect(text.withUTF8InPlace { Array($0) } == Array(text.utf8))
    }

    @Test func lendsTheStringsOwnStorage() {
        let text = String(repeating: "path data ", count: 20)
        var copy = text
        let stored = copy.withUTF8 { $0.baseAddress }
        // A native string's copy shares its storage: the same bytes, not bytes copied elsewhere.
        #expect(text.withUTF8InPlace { $0.baseAddress } == stored)
    }

    @Test func passesOnWhatTheBodyReturns() {
        #expect("abc".withUTF8InPlace { $0.count } == 3)
        #expect("abc".withUTF8InPlace { _ -> Int? in nil } == nil)
    }
}
