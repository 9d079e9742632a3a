import Foundation
import Shapes
import TestSupport
import Testing

@testable import Typesetting

/// Loaded once for all text tests; the catalog is immutable and Sendable.
let sharedLayout: TextLayout? = try? TextLayout()

@Suite struct FontTests {
    static let regularPath = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
    static let boldPath = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"
    static let fallbackPath = "/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf"

    @Test func catalogKnowsFilesAndURLs() throws {
        let layout = try #require(sharedLayout)
        #expect(
            layout.catalog.files.map(\.urlPath) == [
                "/fonts/dejavu/DejaVuSans.ttf", "/fonts/dejavu/DejaVuSans-Bold.ttf",
                "/fonts/droid/DroidSansFallbackFull.ttf",
            ])
        #expect(layout.catalog.files.map(\.path) == [Self.regularPath, Self.boldPath, Self.fallbackPath])
        #expect(layout.catalog.regular.familyName == "DejaVu Sans")
        #expect(layout.catalog.bold.styleName == "Bold")
        #expect(layout.catalog.fallback.familyName == "Droid Sans Fallback")
    }

    @Test func metricsMatchTheFontTables() throws {
        let layout = try #require(sharedLayout)
        for (face, path) in [
            (layout.catalog.regular, Self.regularPath), (layout.catalog.bold, Self.boldPath),
            (layout.catalog.fallback, Self.fallbackPath),
        ] {
            let reader = try #require(TrueTypeReader(path: path))
            #expect(face.unitsPerEm == reader.unitsPerEm)
            #expect(face.ascender == reader.ascender)
            #expect(face.descender == reader.descender)
            #expect(face.lineGap == reader.lineGap)
            for character in ["M", "a", " ", "…", "中", "W"] as [Unicode.Scalar] {
                let expected = reader.glyph(character)
                #expect(Int(face.glyph(for: character) ?? 0) == expected, "\(character) in \(path)")
                if expected != 0 {
                    #expect(face.advance(ofGlyph: UInt16(expected)) == reader.advance(glyph: expected))
                }
            }
        }
    }

    @Test func boldMWidthComesFromHmtx() throws {
        let layout = try #require(sharedLayout)
        let reader = try #require(TrueTypeReader(path: Self.boldPath))
        let advance = reader.advance(glyph: reader.glyph("M"))
        #expect(layout.width(of: "M", size: 16, weight: .bold) == Double(advance) * 16 / 2048)
        #expect(layout.width(of: "M", size: 16, weight: .bold) > layout.width(of: "M", size: 16, weight: .regular))
    }

    @Test func loadingAt16BoldMatchesIndependentMeasurement() throws {
        let layout = try #require(sharedLayout)
        let reader = try #require(TrueTypeReader(path: Self.boldPath))
        let expected = reader.width("Loading", size: 16)
        #expect(layout.width(of: "Loading", size: 16, weight: .bold) == expected)
        #expect(expected > 60 && expected < 80)
        for text in ["AVATAR", "To Wa", "Uploading 3/10", "LTAVYPFy"] {
            #expect(layout.width(of: text, size: 12, weight: .bold) == reader.width(text, size: 12), "\(text)")
        }
    }

    @Test func kerningApplies() throws {
        let layout = try #require(sharedLayout)
        let font = layout.font(size: 100, weight: .regular)
        #expect(font.width(of: "AV") < font.width(of: "A") + font.width(of: "V"))
    }

    @Test func cjkUsesTheFallbackFace() throws {
        let layout = try #require(sharedLayout)
        let reader = try #require(TrueTypeReader(path: Self.fallbackPath))
        for size in [12.0, 16.0] {
            let advance = Double(reader.advance(glyph: reader.glyph("加"))) * size / Double(reader.unitsPerEm)
            let width = layout.width(of: "加载中", size: size, weight: .bold)
            #expect(width > 0)
            #expect(width == 3 * advance)
            #expect(reader.advance(glyph: reader.glyph("载")) == reader.advance(glyph: reader.glyph("加")))
        }
        let dots = layout.width(of: "...", size: 16, weight: .bold)
        #expect(
            layout.width(of: "加载中...", size: 16, weight: .bold) == layout.width(of: "加载中", size: 16, weight: .bold)
                + dots)
    }

    @Test func oddInputMeasuresWithoutTrapping() throws {
        let layout = try #require(sharedLayout)
        let font = layout.font(size: 16, weight: .regular)
        #expect(font.width(of: "") == 0)
        let notdef = Double(font.primary.missingGlyphAdvance) * 16 / 2048
        #expect(font.width(of: "\u{1FAE0}") == notdef)  // no face has this emoji
        #expect(font.width(of: "\u{1F600}") > 0)  // Droid Sans Fallback Full has some
        #expect(font.width(of: "👨‍👩‍👧") == 3 * notdef)  // ZWJ measures zero
        #expect(font.width(of: "a\u{FE0F}") == font.width(of: "a"))
        #expect(font.width(of: "a\tb") == font.width(of: "a b"))
        // Other control characters measure as Chromium draws them: boxes (a face's glyph or .notdef).
        #expect(font.width(of: "\u{0}\u{7}") == font.width(of: "\u{0}") + font.width(of: "\u{7}"))
        #expect(font.width(of: "\u{7}") > 0)
        #expect(font.width(of: "正在上传 3/10") > font.width(of: "正在上传"))
    }

    @Test func lineHeightIsAscenderMinusDescenderPlusGap() throws {
        let layout = try #require(sharedLayout)
        let reader = try #require(TrueTypeReader(path: Self.regularPath))
        let expected = Double(reader.ascender - reader.descender + reader.lineGap) * 16 / Double(reader.unitsPerEm)
        #expect(layout.lineHeight(size: 16, weight: .regular) == expected)
        #expect(expected == 18.625)
    }

    @Test func missingFontsThrowClearErrors() {
        #expect(throws: FontError.self) { try FontFace(contentsOf: "/nonexistent/font.ttf") }
        do {
            _ = try FontFace(contentsOf: "/etc/hostname")
            Issue.record("a text file loaded as a font")
        } catch {
            #expect(error.path == "/etc/hostname")
            #expect(error.description.hasPrefix("cannot load font /etc/hostname: "))
        }
        let files = [FontCatalog.FontFile(role: .bold, path: "/missing/Bold.ttf", urlPath: "/fonts/x")]
        #expect(
            throws: FontError(path: "/missing/Bold.ttf", reason: "the file cannot be opened (missing or unreadable)")
        ) {
            try FontCatalog(files: files)
        }
    }

    @Test func measuringFromManyThreadsIsSafe() async throws {
        let layout = try #require(sharedLayout)
        let expected = layout.width(of: "加载中 Loading…", size: 16, weight: .bold)
        let results = await withTaskGroup(of: Double.self) { group in
            for _ in 0..<8 {
                group.addTask { layout.width(of: "加载中 Loading…", size: 16, weight: .bold) }
            }
            var all: [Double] = []
            for await value in group { all.append(value) }
            return all
        }
        #expect(results == Array(repeating: expected, count: 8))
    }
}

@Suite struct TruncationTests {
    @Test func fittingTextIsUnchanged() throws {
        let layout = try #require(sharedLayout)
        let line = layout.truncate("Loading", size: 16, weight: .bold, maxWidth: 200)
        #expect(line == TextLine(text: "Loading", width: layout.width(of: "Loading", size: 16, weight: .bold)))
    }

    @Test func truncatedTextEndsWithAnEllipsisAndFits() throws {
        let layout = try #require(sharedLayout)
        let text = "Uploading your very long file name.mov 加载中 to the server"
        var previousCount = 0
        for step in 0...60 {
            let maxWidth = Double(step) * 7
            let line = layout.truncate(text, size: 16, weight: .bold, maxWidth: maxWidth)
            #expect(line.width <= maxWidth, "\(maxWidth): \(line.text)")
            #expect(line.width == layout.width(of: line.text, size: 16, weight: .bold))
            if line.isTruncated, !line.text.isEmpty {
                #expect(line.text.hasSuffix("…"))
                let kept = String(line.text.dropLast())
                #expect(text.hasPrefix(kept))
                #expect(!kept.hasSuffix(" "))
                // One more character would not have fitted.
                let longer = String(text.prefix(kept.count + 1)) + "…"
                if !longer.dropLast().hasSuffix(" ") {
                    #expect(layout.width(of: longer, size: 16, weight: .bold) > maxWidth, "\(longer)")
                }
            }
            #expect(line.text.count >= previousCount || !line.isTruncated || line.text.isEmpty)
            previousCount = line.isTruncated ? line.text.count : previousCount
        }
    }

    @Test func edgeCases() throws {
        let layout = try #require(sharedLayout)
        #expect(layout.truncate("", size: 16, weight: .bold, maxWidth: 0) == TextLine(text: "", width: 0))
        #expect(
            layout.truncate("abc", size: 16, weight: .bold, maxWidth: 1)
                == TextLine(text: "", width: 0, isTruncated: true))
        #expect(layout.truncate("abc", size: 16, weight: .bold, maxWidth: .nan).width == 0)
        let emoji = layout.truncate("😀😀😀😀😀😀😀😀😀😀", size: 16, weight: .bold, maxWidth: 50)
        #expect(emoji.width <= 50 && emoji.text.hasSuffix("…"))
        let cjk = layout.truncate("正在上传 3/10 加载中加载中加载中", size: 16, weight: .bold, maxWidth: 100)
        #expect(cjk.width <= 100 && cjk.text.hasPrefix("正在"))
    }
}

@Suite struct WrappingTests {
    private func check(_ wrapped: WrappedText, maxWidth: Double, layout: TextLayout, size: Double, weight: FontWeight) {
        for line in wrapped.lines {
            #expect(line.width <= maxWidth, "\(line.text)")
            #expect(line.width == layout.width(of: line.text, size: size, weight: weight))
            #expect(!line.text.hasSuffix(" "))
        }
        #expect(
            wrapped.height == (Double(wrapped.lines.count) * layout.lineHeight(size: size, weight: weight)).rounded(.up)
        )
    }

    @Test func wrapsAtSpaces() throws {
        let layout = try #require(sharedLayout)
        let text = "Please wait while we upload your photos to the cloud"
        let maxWidth = 150.0
        let wrapped = layout.wrap(text, size: 12, weight: .bold, maxWidth: maxWidth)
        check(wrapped, maxWidth: maxWidth, layout: layout, size: 12, weight: .bold)
        #expect(wrapped.lines.count > 1)
        #expect(wrapped.lines.map(\.text).joined(separator: " ") == text)
        // Greedy: the first word of each next line would not have fitted on the line before.
        for (line, next) in zip(wrapped.lines, wrapped.lines.dropFirst()) {
            let word = next.text.split(separator: " ").first.map(String.init) ?? ""
            #expect(layout.width(of: line.text + " " + word, size: 12, weight: .bold) > maxWidth)
        }
    }

    @Test func breaksBetweenIdeographsAndKeepsPunctuation() throws {
        let layout = try #require(sharedLayout)
        let text = "正在上传 3/10，请稍候。文件较大，可能需要几分钟的时间才能完成上传。"
        let wrapped = layout.wrap(text, size: 12, weight: .bold, maxWidth: 100)
        check(wrapped, maxWidth: 100, layout: layout, size: 12, weight: .bold)
        #expect(wrapped.lines.count > 2)
        for line in wrapped.lines.dropFirst() {
            #expect(!(line.text.first.map { "，。".contains($0) } ?? false), "\(line.text)")
        }
        #expect(
            wrapped.lines.map(\.text).joined() == text.replacingOccurrences(of: " ", with: "")
                || wrapped.lines.map(\.text).joined(separator: " ").contains("3/10"))
    }

    /// UAX #14 classes through ICU: BA (break after a hyphen), GL (no break at a no-break space),
    /// CL, EX and PO (never at the start of a line), and a break after spaces.
    @Test func breakOpportunitiesFollowUAX14() throws {
        func starts(_ text: String) -> [Int] { LineBreakRules.lineStarts(in: text, characters: Array(text)) }
        #expect(starts("well-known") == [5, 10])
        #expect(starts("a b") == [2, 3])
        #expect(starts("a\u{A0}b") == [3])
        #expect(starts("(ok) yes! 100% done.") == [5, 10, 15, 20])
        #expect(starts("加载中") == [1, 2, 3])
        #expect(starts("上传。完成") == [1, 3, 4, 5])  // not before "。"
        #expect(starts("e\u{301}e\u{301}") == [2])  // never inside a cluster
        let layout = try #require(sharedLayout)
        let lines = layout.wrap("state-of-the-art", size: 12, weight: .regular, maxWidth: 60).lines.map(\.text)
        #expect(lines.count > 1 && lines.dropLast().allSatisfy { $0.hasSuffix("-") }, "\(lines)")
    }

    @Test func longWordsBreakByCharacter() throws {
        let layout = try #require(sharedLayout)
        let text = "Supercalifragilisticexpialidocious_and_more_and_more"
        let wrapped = layout.wrap(text, size: 12, weight: .bold, maxWidth: 80)
        check(wrapped, maxWidth: 80, layout: layout, size: 12, weight: .bold)
        #expect(wrapped.lines.map(\.text).joined() == text)
        #expect(wrapped.lines.count >= 4)
    }

    @Test func newlinesAndEdgeCases() throws {
        let layout = try #require(sharedLayout)
        let wrapped = layout.wrap("one\n\ntwo\n", size: 12, weight: .regular, maxWidth: 300)
        #expect(wrapped.lines.map(\.text) == ["one", "", "two"])
        let empty = layout.wrap("", size: 12, weight: .regular, maxWidth: 100)
        #expect(empty.lines.isEmpty && empty.height == 0 && empty.width == 0)
        let mixed = layout.wrap("Upload 上传 😀 done 完成 ok", size: 16, weight: .regular, maxWidth: 60)
        check(mixed, maxWidth: 60, layout: layout, size: 16, weight: .regular)
        let narrow = layout.wrap("WWW", size: 16, weight: .bold, maxWidth: 1)
        #expect(narrow.lines.map(\.text) == ["W", "W", "W"])  // a lone character wider than the line keeps its own line
        let spaces = layout.wrap("   ", size: 16, weight: .bold, maxWidth: 10)
        #expect(spaces.lines.count <= 1)
    }

    @Test func randomTextNeverOverflows() throws {
        let layout = try #require(sharedLayout)
        let pieces = ["a", "bb", "ccc", " ", "  ", "加", "载", "中", "...", "W", "😀", "，", "。", "-", "(", ")", "é", "\n"]
        var generator = TestRandom(seed: 21)
        for _ in 0..<300 {
            let count = Int(generator.next() % 40)
            let text = (0..<count).map { _ in pieces[Int(generator.next() % UInt64(pieces.count))] }.joined()
            let maxWidth = 40 + Double(generator.next() % 200)
            let wrapped = layout.wrap(text, size: 14, weight: .bold, maxWidth: maxWidth)
            check(wrapped, maxWidth: maxWidth, layout: layout, size: 14, weight: .bold)
            let kept = wrapped.lines.map(\.text).joined().filter { !$0.isWhitespace }
            #expect(kept == text.filter { !$0.isWhitespace }, "\(text)")
        }
    }
}
