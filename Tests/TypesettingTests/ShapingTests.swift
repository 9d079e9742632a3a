import Shapes
import Testing

@testable import Typesetting

/// Typesetting's shaping against HarfBuzz's own output (``HarfBuzzReference``) and the rules of
/// ``ShapedLine``: ligatures, kerning, Arabic joining, bidi order, font fallback, odd input.
@Suite struct ShapingTests {
    private func glyphs(_ runs: [GlyphRun]) -> [PositionedGlyph] { runs.flatMap(\.glyphs) }

    /// Single-script, single-face strings: the same glyphs and advances as HarfBuzz alone gives.
    @Test(arguments: [
        "office", "fine flow", "AVAVAVAV", "To Wa", "e\u{301}te\u{301}",
        "\u{62C}\u{627}\u{631}\u{64D} \u{627}\u{644}\u{62A}\u{62D}\u{645}\u{64A}\u{644}",
        "\u{5E9}\u{5DC}\u{5D5}\u{5DD}",
        "\u{644}\u{627}",
    ])
    func glyphsAndAdvancesEqualHarfBuzz(text: String) throws {
        let layout = try #require(sharedLayout)
        for (weight, path) in [(FontWeight.regular, FontTests.regularPath), (.bold, FontTests.boldPath)] {
            let font = layout.font(size: 2048, weight: weight)  // 1 point per font unit
            let expected = HarfBuzzReference.shape(text, path: path)
            let runs = font.glyphRuns(text)
            #expect(runs.allSatisfy { $0.face.path == path })
            let actual = glyphs(runs)
            #expect(actual.map(\.id) == expected.map(\.id), "\(text)")
            let pens = expected.reduce(into: [0]) { $0.append($0.last! + $1.advance) }
            let positions = zip(pens, expected).map { Double($0 + $1.xOffset) }
            #expect(actual.map(\.x) == positions, "\(text)")
            #expect(font.width(of: text) == Double(pens.last ?? 0), "\(text)")
        }
    }

    @Test func ligaturesReplaceTheirLetters() throws {
        let layout = try #require(sharedLayout)
        let font = layout.font(size: 16, weight: .bold)
        #expect(glyphs(font.glyphRuns("fi")).count == 1)
        #expect(glyphs(font.glyphRuns("office")).count == 4)  // o, ffi, c, e
        #expect(font.width(of: "fi") < font.width(of: "f") + font.width(of: "i"))
        // The figures (Chromium's measureText): fi 11.86, "fine flow office" 132.05.
        #expect(abs(font.width(of: "fi") - 11.859375) < 1e-9)
        #expect(abs(font.width(of: "fine flow office") - 132.046875) < 1e-9)
    }

    @Test func arabicJoins() throws {
        let layout = try #require(sharedLayout)
        let font = layout.font(size: 16, weight: .bold)
        let text = "\u{62C}\u{627}\u{631}\u{64D} \u{627}\u{644}\u{62A}\u{62D}\u{645}\u{64A}\u{644}"
        let isolated = text.unicodeScalars.map { font.width(of: String($0)) }.reduce(0, +)
        #expect(font.width(of: text) < isolated - 10)
        #expect(abs(font.width(of: text) - 93.4140625) < 1e-9)
        #expect(Font.isRightToLeft(text))
        #expect(font.glyphRuns(text).allSatisfy { $0.isRightToLeft })
    }

    @Test func mixedDirectionsAreInVisualOrder() throws {
        let layout = try #require(sharedLayout)
        let font = layout.font(size: 16, weight: .regular)
        let hebrew = "\u{5E9}\u{5DC}\u{5D5}\u{5DD}"
        let runs = font.glyphRuns("abc " + hebrew + " def")
        // Items split at the level and script changes (the space after the Hebrew takes its script).
        #expect(runs.map(\.isRightToLeft) == [false, true, false, false])
        #expect(runs[1].glyphs.count == 4)
        // The Hebrew run's glyphs come reversed: its last letter (final mem) is drawn first.
        let mem = try #require(font.primary.glyph(for: "\u{5DD}"))
        #expect(runs[1].glyphs.first?.id == UInt32(mem))
        // x grows left to right across runs and the last advance ends at the measured width.
        let all = glyphs(runs)
        #expect(zip(all, all.dropFirst()).allSatisfy { $0.x <= $1.x })
        #expect(!Font.isRightToLeft("abc " + hebrew))
        #expect(Font.isRightToLeft("123 " + hebrew + " abc"))
        #expect(!Font.isRightToLeft("\u{2067}" + hebrew + "\u{2069} abc"))  // isolates are skipped (P2)
    }

    /// A wrapped right-to-left paragraph's line that starts with a Latin word is still laid out
    /// right to left: the Latin word, first in logical order, is drawn at the line's right end.
    @Test func glyphRunsInAGivenDirection() throws {
        let layout = try #require(sharedLayout)
        let font = layout.font(size: 16, weight: .regular)
        let line = "files \u{5E9}\u{5DC}\u{5D5}\u{5DD}"
        let auto = font.glyphRuns(line)
        let rtl = font.glyphRuns(line, rightToLeft: true)
        #expect(auto.first?.isRightToLeft == false && rtl.first?.isRightToLeft == true)
        #expect(font.width(of: line, rightToLeft: true) == font.width(of: line))
        let xs = { (runs: [GlyphRun]) in runs.flatMap(\.glyphs).map(\.x) }
        #expect(zip(xs(rtl), xs(rtl).dropFirst()).allSatisfy { $0 <= $1 })
    }

    @Test func fallbackPerCluster() throws {
        let layout = try #require(sharedLayout)
        let font = layout.font(size: 16, weight: .bold)
        let runs = font.glyphRuns("Load 加载中 ok")
        // "Load ", then the Han item "加载中 " (CJK from the fallback, its space from DejaVu), "ok".
        #expect(
            runs.map(\.face.path) == [
                FontTests.boldPath, FontTests.fallbackPath, FontTests.boldPath, FontTests.boldPath,
            ])
        #expect(runs[1].glyphs.count == 3)
        // A character no face has is the primary face's .notdef, as Chromium draws it.
        let missing = font.glyphRuns("\u{1FAE0}")
        #expect(missing.map(\.face.path) == [FontTests.boldPath])
        #expect(missing.first?.glyphs.map(\.id) == [0])
    }

    /// Control characters canvas does not turn into spaces are boxes, as Chromium draws them:
    /// U+0000 has a glyph in Droid Sans Fallback, U+0007 in no face (DejaVu's .notdef).
    @Test func controlCharactersAreBoxes() throws {
        let layout = try #require(sharedLayout)
        let font = layout.font(size: 16, weight: .regular)
        let null = font.glyphRuns("\u{0}")
        #expect(null.map(\.face.path) == [FontTests.fallbackPath] && null.first?.glyphs.first?.id != 0)
        let bell = font.glyphRuns("\u{7}")
        #expect(bell.map(\.face.path) == [FontTests.regularPath] && bell.first?.glyphs.map(\.id) == [0])
        #expect(font.width(of: "\u{7}") == Double(font.primary.missingGlyphAdvance) * 16 / 2048)
        #expect(font.width(of: "a\tb\nc") == font.width(of: "a b c"))
    }

    @Test func marksArePositionedOnTheirBase() throws {
        let layout = try #require(sharedLayout)
        let font = layout.font(size: 16, weight: .regular)
        let all = glyphs(font.glyphRuns("e\u{301}"))
        #expect(all.count == 2 || all.count == 1)  // decomposed, or composed to é by HarfBuzz
        #expect(font.width(of: "e\u{301}") == font.width(of: "\u{E9}"))
    }

    @Test func badInputLaysOutWithoutTrapping() throws {
        let layout = try #require(sharedLayout)
        let font = layout.font(size: 16, weight: .regular)
        let marks = "a" + String(repeating: "\u{301}", count: 1000)
        #expect(font.width(of: marks) > 0)
        #expect(font.truncate(marks, maxWidth: 5).width <= 5)
        #expect(font.wrap(String(repeating: "\u{301}", count: 1000), maxWidth: 50).lines.count == 1)
        let controls = "\u{202E}abc\u{202B}\u{5D0}\u{2067}\u{2069}\u{2069}\u{202C}\u{202C}\u{202C}\u{200F}"
        #expect(font.width(of: controls) > 0)
        let deep = String(repeating: "\u{202B}", count: 200) + "abc" + String(repeating: "\u{202A}x", count: 200)
        #expect(font.wrap(deep, maxWidth: 40).lines.allSatisfy { $0.width <= 40 })
        #expect(font.width(of: "\u{FFFD}") > 0)  // what a lone surrogate becomes
        // Thousands of zero-width characters where the line is cut: a bounded number of candidates
        // is shaped (CandidateSearch), and the result still fits.
        let spaces = "WWWWWWWWWW" + String(repeating: "\u{200B}", count: 4000) + "end"
        let room = font.width(of: "WWWWWWWWWW\u{2026}") - 1
        let truncated = font.truncate(spaces, maxWidth: room)
        #expect(truncated.isTruncated && truncated.width <= room && truncated.text.hasPrefix("WWWWWWWW"))
        let wrapped = font.wrap(spaces, maxWidth: font.width(of: "WWWWWWWWW"))
        #expect(wrapped.lines.allSatisfy { $0.width <= font.width(of: "WWWWWWWWW") } && wrapped.lines.count >= 2)
    }

    /// Render threads shape with the same HarfBuzz fonts and fill the same cache at once: every
    /// thread gets what a fresh catalog measures alone.
    @Test func shapingFromManyThreadsAgrees() async throws {
        let layout = try TextLayout()
        let texts = (0..<300).map { "thread \($0) office \u{62C}\u{627}\u{631}\u{64D} \($0 * 7) 加载 \u{5E9}\u{5DC}" }
        let alone = try TextLayout().font(size: 13, weight: .bold)
        let expected = texts.map { alone.width(of: $0) }
        let results = await withTaskGroup(of: [Double].self) { group in
            for task in 0..<8 {
                group.addTask {
                    let font = layout.font(size: 13, weight: .bold)
                    let order = task % 2 == 0 ? Array(texts.indices) : texts.indices.reversed()
                    var widths = [Double](repeating: 0, count: texts.count)
                    for index in order { widths[index] = font.width(of: texts[index]) }
                    return widths
                }
            }
            var all: [[Double]] = []
            for await widths in group { all.append(widths) }
            return all
        }
        #expect(results.count == 8 && results.allSatisfy { $0 == expected })
    }

    @Test func shapedLinesAreCachedAndBounded() throws {
        let layout = try #require(sharedLayout)
        let font = layout.font(size: 15, weight: .regular)
        let text = "cache test \(UInt64.random(in: 0...UInt64.max))"
        let first = font.width(of: text)
        let cached = font.primary.shapedLines.scalarCount
        #expect(font.width(of: text) == first)
        #expect(layout.font(size: 30, weight: .regular).width(of: text) == 2 * first)  // lines are in font units
        #expect(font.primary.shapedLines.scalarCount == cached)
        // Long lines weigh by their length: the cache never holds more than two generations.
        let faces = [font.primary]
        let cache = ShapingCache()
        for index in 0..<300 {
            let long = "\(index) " + String(repeating: "a\u{301}", count: 500)
            _ = cache.line(for: .init(text: long, fallbackPath: nil, rightToLeft: nil)) {
                ShapedLine(long, faces: faces, rightToLeft: nil)
            }
            #expect(cache.scalarCount <= 2 * ShapingCache.capacity)
        }
        #expect(cache.scalarCount > ShapingCache.capacity)
    }
}
