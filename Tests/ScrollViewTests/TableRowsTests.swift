import Testing

@testable import ScrollView

/// Row titles: every `%d` of the template becomes the row's index, character by character as
/// Swift strings match (the ASCII fast path must agree with the general one).
@Suite("table rows format their titles")
struct TableRowsTests {
    @Test(
        "ASCII templates: every %d replaced, anything else kept",
        arguments: [
            ("Row %d", "Row 7"),
            ("%d", "7"),
            ("%d%d", "77"),
            ("Item %d of list %d", "Item 7 of list 7"),
            ("%%d", "%7"),
            ("no marker", "no marker"),
            ("%", "%"),
            ("d%", "d%"),
            ("", ""),
        ])
    func ascii(template: String, expected: String) {
        #expect(TableRows(count: 10, title: template).title(at: 7) == expected)
    }

    @Test(
        "non-ASCII and CR LF templates go by characters",
        arguments: [
            ("第%d行", "第7行"),
            ("Zeile %d – ü", "Zeile 7 – ü"),
            // "d" and the combining acute accent are one character: no "%d" in it.
            ("%d\u{301}", "%d\u{301}"),
            ("a\r\n%d", "a\r\n7"),
        ])
    func characters(template: String, expected: String) {
        #expect(TableRows(count: 10, title: template).title(at: 7) == expected)
    }

    @Test("the byte path finds exactly what the character search finds")
    func agreesWithTheCharacterSearch() {
        let templates = ["Row %d", "%d-%d-%d", "x%dy", "%d %", "ab%", "%d\n%d", "\n%d\r", "%dd%d"]
        for template in templates {
            var expected = ""
            var rest = template[...]
            while let range = rest.firstRange(of: "%d") {
                expected += rest[..<range.lowerBound]
                expected += "42"
                rest = rest[range.upperBound...]
            }
            expected += rest
            #expect(template.replacingOccurrences(of: "%d", with: "42") == expected, "\(template.debugDescription)")
        }
    }
}
