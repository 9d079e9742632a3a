import ScrollView
import Testing
import Typesetting

@testable import Navigation

/// A screen's row titles follow its rows and the height it gets, whether they are formatted
/// afresh or kept from the layout before (a push lays out every screen of the stack again).
@Suite struct ScreenEntryTests {
    private static let text: TextLayout? = try? TextLayout()

    @Test func rowTitlesFollowTheRowsAndTheHeight() throws {
        let text = try #require(Self.text)
        var entry = ScreenEntry(NavScreen(id: "A", title: "A", rows: TableRows(count: 50, height: 44, title: "Row %d")))
        func layOut(height: Double) {
            entry.layOut(previous: nil, width: 375, height: height, top: 0, barHidden: false, text: text)
        }
        layOut(height: 667)
        let full = entry.rowTitles
        #expect(full.count > 10 && full.first == "Row 0" && full.last == "Row \(full.count - 1)")
        layOut(height: 667)
        #expect(entry.rowTitles == full)

        layOut(height: 300)
        #expect(entry.rowTitles.count < full.count && entry.rowTitles == Array(full.prefix(entry.rowTitles.count)))

        entry.screen.rows = TableRows(count: 50, height: 44, title: "Item %d")
        layOut(height: 300)
        #expect(entry.rowTitles.first == "Item 0")

        entry.screen.rows = TableRows(count: 50, height: 44, title: "שורה %d")
        layOut(height: 300)
        #expect(entry.rowTitles.first == "שורה 0" && entry.rowTitlesAreRightToLeft)

        entry.screen.rows = nil
        layOut(height: 300)
        #expect(entry.rowTitles.isEmpty && !entry.rowTitlesAreRightToLeft)
    }
}
