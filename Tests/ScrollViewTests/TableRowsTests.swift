import ComponentSupport
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

/// The titles a scroll view formats once and keeps are bounded in bytes, not only in
/// characters (a character may carry any number of combining marks).
@Suite("table rows' titles are bounded")
struct TableRowsBoundsTests {
    func refusal(_ rows: TableRows) -> String? {
        do throws(CommandError) {
            try ScrollConfiguration.validate(rows: rows)
            return nil
        } catch {
            return error.description
        }
    }

    @Test func theDefaultTitleFitsTheMostRows() {
        #expect(refusal(TableRows(count: TableRows.maximumCount)) == nil)
        #expect(TableRows(count: 10_000).formattedBytes == 10_000 * "Row 9999".utf8.count)
    }

    @Test func longTitlesFitFewerRows() {
        let title = String(repeating: "x", count: 196) + " %d"
        #expect(refusal(TableRows(count: 1_000, title: title)) == nil)
        let refused = refusal(TableRows(count: 10_000, title: title))
        #expect(refused?.contains("262144") == true)
        #expect(refused?.contains("rows") == true)
    }

    @Test func oneCharacterOfManyCombiningMarksIsCountedInBytes() {
        let heavy = "e" + String(repeating: "\u{301}", count: 1_000)
        #expect(heavy.count == 1)
        #expect(refusal(TableRows(count: 1, title: heavy))?.contains("rows.title") == true)
    }
}
