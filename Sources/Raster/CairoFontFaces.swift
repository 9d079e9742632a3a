import CCairo
import CFreeType

/// The font files of the glyph runs, opened once with FreeType and wrapped as Cairo font faces
/// (`cairo_ft_font_face_create_for_ft_face`), so Cairo draws the very outlines the server
/// measured. Not thread-safe: one per ``Rasterizer``.
final class CairoFontFaces {
    /// A loaded file: the Cairo face and the em box the page aligns text with.
    struct Loaded {
        let face: OpaquePointer
        /// The top of the em box above the baseline, per point of size (positive).
        let emAscent: Double
        /// The bottom of the em box below the baseline, per point of size (positive).
        let emDescent: Double
    }

    private var library: FT_Library?
    private var faces: [String: Loaded] = [:]
    private var freeTypeFaces: [FT_Face] = []
    private var maskFaces: [String: FT_Face] = [:]

    init() throws(RasterError) {
        var library: FT_Library?
        guard FT_Init_FreeType(&library) == 0, library != nil else {
            throw RasterError("FreeType could not be initialised")
        }
        self.library = library
    }

    deinit {
        for loaded in faces.values { cairo_font_face_destroy(loaded.face) }
        for face in freeTypeFaces { FT_Done_Face(face) }
        for face in maskFaces.values { FT_Done_Face(face) }
        FT_Done_FreeType(library)
    }

    /// The face of the file at `path`, loaded on first use.
    func face(path: String) throws(RasterError) -> Loaded {
        if let loaded = faces[path] { return loaded }
        var opened: FT_Face?
        guard FT_New_Face(library, path, 0, &opened) == 0, let face = opened else {
            throw RasterError("cannot open the font \(path)")
        }
        freeTypeFaces.append(face)
        guard let cairoFace = cairo_ft_font_face_create_for_ft_face(face, 0),
            cairo_font_face_status(cairoFace) == CAIRO_STATUS_SUCCESS
        else {
            throw RasterError("Cairo cannot use the font \(path)")
        }
        let (ascent, descent) = Self.emBox(face)
        let loaded = Loaded(face: cairoFace, emAscent: ascent, emDescent: descent)
        faces[path] = loaded
        return loaded
    }

    /// A FreeType face of the file at `path` of its own, for ``GlyphMasks`` to size and load
    /// glyphs with (Cairo sets the size of the faces it was given whenever it draws with them).
    func maskFace(path: String) throws(RasterError) -> FT_Face {
        if let face = maskFaces[path] { return face }
        var opened: FT_Face?
        guard FT_New_Face(library, path, 0, &opened) == 0, let face = opened else {
            throw RasterError("cannot open the font \(path)")
        }
        maskFaces[path] = face
        return face
    }

    /// Chromium's em box for canvas `textBaseline` top and middle (`NormalizedTypoAscent` and
    /// `NormalizedTypoDescent` in blink's SimpleFontData): the OS/2 typo ascender and
    /// descender scaled to add up to one em; the hhea ascender and descender when the typo
    /// values are missing.
    private static func emBox(_ face: FT_Face) -> (Double, Double) {
        var ascent = Double(face.pointee.ascender)
        var descent = -Double(face.pointee.descender)
        if let raw = FT_Get_Sfnt_Table(face, FT_SFNT_OS2) {
            let os2 = raw.assumingMemoryBound(to: TT_OS2.self).pointee
            if os2.sTypoAscender > 0 || os2.sTypoDescender < 0 {
                ascent = Double(os2.sTypoAscender)
                descent = -Double(os2.sTypoDescender)
            }
        }
        let total = ascent + descent
        guard total > 0 else { return (0.8, 0.2) }
        return (ascent / total, descent / total)
    }
}
