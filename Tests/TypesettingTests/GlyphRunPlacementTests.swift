import Shapes
import Testing

@testable import Typesetting

/// `Font.glyphRuns` places glyphs where the server measures them (docs: the shared interface of
/// issues 17 and 18): the pen after the last glyph is the measured width, faces split runs.
@Suite struct GlyphRunPlacementTests {
    @Test func runsReproduceTheMeasuredWidth() throws {
        let catalog = try #require(sharedLayout).catalog
        for weight in FontWeight.allCases {
            let font = catalog.font(size: 17, weight: weight)
            for text in ["Message 12", "AVATAR Wave", "加载中…", "Upload 失败 ok", "tab\there"] {
                let runs = font.glyphRuns(text)
                let last = try #require(runs.last?.glyphs.last)
                let lastScalar = try #require(text.unicodeScalars.last)
                let lastAdvance = font.width(of: String(lastScalar))
                #expect(abs(last.x + lastAdvance - font.width(of: text)) < 1e-9, "\(text)")
                #expect(runs.allSatisfy { $0.glyphs.allSatisfy { $0.y == 0 } && !$0.isRightToLeft })
            }
        }
    }

    @Test func kerningMovesTheSecondGlyph() throws {
        let font = try #require(sharedLayout).catalog.font(size: 20, weight: .regular)
        let glyphs = try #require(font.glyphRuns("AV").first).glyphs
        #expect(glyphs.count == 2)
        // DejaVu kerns A-V: V starts before A's advance ends, exactly at the kerned width of "A".
        #expect(glyphs[1].x < font.width(of: "A"))
        #expect(abs(glyphs[1].x + font.width(of: "V") - font.width(of: "AV")) < 1e-9)
    }

    @Test func facesSplitRunsAndIgnorablesDrawNothing() throws {
        let catalog = try #require(sharedLayout).catalog
        let font = catalog.font(size: 16, weight: .bold)
        let runs = font.glyphRuns("ab中文cd\u{200B}e")
        #expect(runs.map(\.face.path) == [catalog.bold.path, catalog.fallback.path, catalog.bold.path])
        // HarfBuzz keeps the zero-width space as the space glyph with no advance (as Chromium
        // draws it: nothing), so "cd\u{200B}e" is four glyphs, the third where the fourth is.
        #expect(runs.map(\.glyphs.count) == [2, 2, 4])
        let tail = runs[2].glyphs
        #expect(tail[2].x == tail[3].x)
        #expect(tail[2].id == UInt32(catalog.bold.glyph(for: " ") ?? 0))
        #expect(runs[1].glyphs[0].id == UInt32(catalog.fallback.glyph(for: "中") ?? 0))
        #expect(font.glyphRuns("").isEmpty)
        // A character no face has draws the primary face's .notdef at its advance.
        let missing = font.glyphRuns("\u{10FFFD}")
        #expect(missing.first?.glyphs.first?.id == 0)
    }
}
