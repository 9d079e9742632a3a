import CHarfBuzz

/// One font file opened with HarfBuzz for shaping, at a scale of one unit per font unit (so every
/// advance and offset HarfBuzz returns is an integer in font units, scaled to points once).
///
/// Thread safety: the font uses HarfBuzz's own OpenType functions (hb-ot), which read the font
/// tables from the blob and load their lazy tables with atomic operations, and it is made
/// immutable after creation; HarfBuzz's own multithread test (test/api/test-multithread.c) shapes
/// with one such font from 30 threads at once. hb-ft is not used: it reads through an `FT_Face`,
/// which FreeType documents as not thread-safe. Each call to ``shape(_:range:direction:script:)``
/// uses its own buffer, so any number of render threads can shape with one font.
final class HarfBuzzFont: @unchecked Sendable {
    private let font: OpaquePointer
    /// The language every buffer is tagged with: the page's `<html lang="en">`, which is the
    /// language Chromium passes HarfBuzz for its canvas text (an interned, immortal pointer).
    private let language = hb_language_from_string("en", -1)

    /// Opens the first face of the file at `path`.
    /// - Throws: ``FontError`` when HarfBuzz cannot read it or finds no glyphs.
    init(contentsOf path: String) throws(FontError) {
        guard let blob = hb_blob_create_from_file_or_fail(path) else {
            throw FontError(path: path, reason: "HarfBuzz cannot read the file")
        }
        defer { hb_blob_destroy(blob) }
        guard let face = hb_face_create(blob, 0) else {
            throw FontError(path: path, reason: "HarfBuzz cannot open the face")
        }
        defer { hb_face_destroy(face) }
        guard hb_face_get_glyph_count(face) > 0, let font = hb_font_create(face) else {
            throw FontError(path: path, reason: "HarfBuzz finds no glyphs in the face")
        }
        let upem = Int32(clamping: hb_face_get_upem(face))
        hb_font_set_scale(font, upem, upem)
        hb_font_make_immutable(font)
        self.font = font
    }

    deinit {
        hb_font_destroy(font)
    }

    /// Shapes `scalars[range]` with the rest of `scalars` as context (so Arabic letters at the
    /// ends of the range join as they do inside the full text, as Chromium passes its context).
    /// - Returns: the glyphs in visual order (right-to-left runs come out reversed, as HarfBuzz
    ///   gives them), clusters as indices into `scalars`.
    func shape(
        _ scalars: UnsafeBufferPointer<UInt32>, range: Range<Int>, direction: hb_direction_t, script: hb_script_t
    ) -> [ShapedGlyph] {
        guard !range.isEmpty, let base = scalars.baseAddress, let buffer = hb_buffer_create() else { return [] }
        defer { hb_buffer_destroy(buffer) }
        hb_buffer_add_codepoints(
            buffer, base, Int32(clamping: scalars.count), UInt32(range.lowerBound), Int32(clamping: range.count))
        hb_buffer_set_direction(buffer, direction)
        hb_buffer_set_script(buffer, script)
        hb_buffer_set_language(buffer, language)
        hb_shape(font, buffer, nil, 0)
        var count: UInt32 = 0
        guard let infos = hb_buffer_get_glyph_infos(buffer, &count),
            let positions = hb_buffer_get_glyph_positions(buffer, nil)
        else { return [] }
        var glyphs: [ShapedGlyph] = []
        glyphs.reserveCapacity(Int(count))
        for index in 0..<Int(count) {
            let info = infos[index]
            let position = positions[index]
            glyphs.append(
                ShapedGlyph(
                    id: info.codepoint, cluster: Int(info.cluster), advance: Int(position.x_advance),
                    xOffset: Int(position.x_offset), yOffset: Int(position.y_offset)))
        }
        return glyphs
    }

    /// The script HarfBuzz's Unicode functions give `scalar` (Common, Inherited and Unknown for
    /// characters that take their neighbours' script).
    static func script(of scalar: UInt32) -> hb_script_t {
        hb_unicode_script(hb_unicode_funcs_get_default(), scalar)
    }
}

/// One glyph as HarfBuzz placed it, in font units (y up, as HarfBuzz gives offsets).
struct ShapedGlyph: Equatable, Sendable {
    /// Glyph index in the face.
    var id: UInt32
    /// Index of the first Unicode scalar of the glyph's cluster in the shaped text.
    var cluster: Int
    /// Horizontal advance.
    var advance: Int
    /// Offset from the pen position (marks, kerning by placement).
    var xOffset: Int
    var yOffset: Int
}
