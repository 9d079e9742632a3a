import CFreeType

/// One font file: its metrics, read once with FreeType and kept as plain tables, and the HarfBuzz
/// font text is shaped with (see ``ShapedLine``). An immutable, `Sendable` value that any number
/// of threads can measure with: the HarfBuzz font is immutable and uses no FreeType face, and
/// shaped lines are cached behind a lock (``ShapingCache``).
///
/// All metrics are in unscaled font units; scale by `size / unitsPerEm` for points. Advances are
/// the linear (unhinted) `hmtx` advances, which HarfBuzz's OpenType functions read too and which
/// Chromium's canvas uses for layout with subpixel positioning. Kerning, ligatures and mark
/// positioning come from the font's GPOS and GSUB tables through HarfBuzz (DejaVu's `kern` table
/// holds the same pairs as its GPOS `kern` feature; HarfBuzz uses GPOS when a font has it).
///
/// A class (immutable, shared) rather than a struct: every component stack keeps a
/// ``TextLayout`` holding a ``FontCatalog`` of three faces, and as structs the faces made each
/// stack about 400 bytes that drawing copied, every frame, from a session's cold memory
/// (docs/benchmarks.md, "Third round, smaller stacks").
public final class FontFace: Sendable {
    /// The file the face was loaded from.
    public let path: String
    /// The family name stored in the font (e.g. "DejaVu Sans").
    public let familyName: String
    /// The style name stored in the font (e.g. "Bold").
    public let styleName: String
    /// Font units per em (2048 for DejaVu, 256 for Droid Sans Fallback).
    public let unitsPerEm: Int
    /// Distance from the baseline to the top of the line, positive (FreeType's `ascender`: `hhea`).
    public let ascender: Int
    /// Distance from the baseline to the bottom of the line, negative (FreeType's `descender`).
    public let descender: Int
    /// Extra space between lines (FreeType's `height` minus ascender plus descender).
    public let lineGap: Int
    /// The number of glyphs in the face.
    public let glyphCount: Int

    private let basicPlaneGlyphs: [UInt16]
    private let supplementaryGlyphs: [UInt32: UInt16]
    private let advances: [UInt16]
    /// The face opened with HarfBuzz.
    let shaper: HarfBuzzFont
    /// Lines shaped with this face as the primary face.
    let shapedLines = ShapingCache()

    /// Loads the face at `path` (the first face of the file).
    /// - Throws: ``FontError`` when the file is missing, unreadable, not a scalable font, or has
    ///   no Unicode character map.
    public init(contentsOf path: String) throws(FontError) {
        var library: FT_Library?
        guard FT_Init_FreeType(&library) == 0, let library else {
            throw FontError(path: path, reason: "FreeType could not be initialised")
        }
        defer { FT_Done_FreeType(library) }
        var loaded: FT_Face?
        let openError = FT_New_Face(library, path, 0, &loaded)
        guard openError == 0, let face = loaded else {
            throw FontError(path: path, reason: FontFace.describe(freeTypeError: openError))
        }
        defer { FT_Done_Face(face) }
        guard face.pointee.face_flags & kPCFTFaceFlagScalable != 0, face.pointee.units_per_EM > 0 else {
            throw FontError(path: path, reason: "not a scalable (outline) font")
        }
        guard FT_Select_Charmap(face, FT_ENCODING_UNICODE) == 0 else {
            throw FontError(path: path, reason: "the font has no Unicode character map")
        }
        self.path = path
        familyName = face.pointee.family_name.map { String(cString: $0) } ?? ""
        styleName = face.pointee.style_name.map { String(cString: $0) } ?? ""
        unitsPerEm = Int(face.pointee.units_per_EM)
        ascender = Int(face.pointee.ascender)
        descender = Int(face.pointee.descender)
        lineGap = Int(face.pointee.height) - ascender + descender
        glyphCount = max(Int(face.pointee.num_glyphs), 0)
        advances = try FontFace.readAdvances(face, count: glyphCount, path: path)
        (basicPlaneGlyphs, supplementaryGlyphs) = FontFace.readCharacterMap(face, glyphCount: glyphCount)
        shaper = try HarfBuzzFont(contentsOf: path)
    }

    /// The glyph for `scalar`, or nil when the face has none.
    public func glyph(for scalar: Unicode.Scalar) -> UInt16? {
        let value = scalar.value
        let glyph = value < 0x10000 ? basicPlaneGlyphs[Int(value)] : (supplementaryGlyphs[value] ?? 0)
        return glyph == 0 ? nil : glyph
    }

    /// The advance width of `glyph` in font units (0 for a glyph the face does not have).
    public func advance(ofGlyph glyph: UInt16) -> Int {
        Int(glyph) < advances.count ? Int(advances[Int(glyph)]) : 0
    }

    /// The advance of the `.notdef` glyph (glyph 0), used for characters no face has.
    public var missingGlyphAdvance: Int { advance(ofGlyph: 0) }

    private static func readAdvances(_ face: FT_Face, count: Int, path: String) throws(FontError) -> [UInt16] {
        guard count > 0 else { return [] }
        var raw = [FT_Fixed](repeating: 0, count: count)
        let error = raw.withUnsafeMutableBufferPointer { buffer in
            FT_Get_Advances(face, 0, FT_UInt(count), kPCFTLoadNoScale, buffer.baseAddress)
        }
        guard error == 0 else {
            throw FontError(path: path, reason: "cannot read advance widths (FreeType error \(error))")
        }
        return raw.map { UInt16(clamping: $0) }
    }

    private static func readCharacterMap(_ face: FT_Face, glyphCount: Int) -> ([UInt16], [UInt32: UInt16]) {
        var basic = [UInt16](repeating: 0, count: 0x10000)
        var supplementary: [UInt32: UInt16] = [:]
        var glyph: FT_UInt = 0
        var code = FT_Get_First_Char(face, &glyph)
        while glyph != 0 {
            if glyph < glyphCount, glyph <= UInt16.max {
                if code < 0x10000 {
                    basic[Int(code)] = UInt16(glyph)
                } else if code <= 0x10FFFF {
                    supplementary[UInt32(code)] = UInt16(glyph)
                }
            }
            code = FT_Get_Next_Char(face, code, &glyph)
        }
        return (basic, supplementary)
    }

    private static func describe(freeTypeError error: FT_Error) -> String {
        switch error {
        case 0x01: "the file cannot be opened (missing or unreadable)"
        case 0x02: "unknown file format"
        case 0x03: "broken or invalid font file"
        default: "FreeType error \(error)"
        }
    }
}

extension FontFace: Equatable {
    /// Faces are equal when they were loaded from the same file.
    public static func == (lhs: FontFace, rhs: FontFace) -> Bool {
        lhs.path == rhs.path
    }
}
