import CHarfBuzz

/// HarfBuzz called directly, the way its own `hb-shape` tool does: a fresh font from the file,
/// default features, direction, script and language guessed from the text. The reference the
/// shaping tests compare Typesetting's glyphs and advances with.
struct HarfBuzzReference {
    struct Glyph: Equatable {
        var id: UInt32
        var advance: Int
        var xOffset: Int
    }

    /// The glyphs of `text` shaped with the font at `path`, in visual order, advances in font units.
    static func shape(_ text: String, path: String) -> [Glyph] {
        guard let blob = hb_blob_create_from_file_or_fail(path) else { return [] }
        defer { hb_blob_destroy(blob) }
        let face = hb_face_create(blob, 0)
        defer { hb_face_destroy(face) }
        let font = hb_font_create(face)
        defer { hb_font_destroy(font) }
        let buffer = hb_buffer_create()
        defer { hb_buffer_destroy(buffer) }
        let scalars = text.unicodeScalars.map(\.value)
        hb_buffer_add_codepoints(buffer, scalars, Int32(scalars.count), 0, Int32(scalars.count))
        hb_buffer_guess_segment_properties(buffer)
        hb_shape(font, buffer, nil, 0)
        var count: UInt32 = 0
        guard let infos = hb_buffer_get_glyph_infos(buffer, &count),
            let positions = hb_buffer_get_glyph_positions(buffer, nil)
        else { return [] }
        return (0..<Int(count)).map {
            Glyph(id: infos[$0].codepoint, advance: Int(positions[$0].x_advance), xOffset: Int(positions[$0].x_offset))
        }
    }

    /// Units per em of the font at `path`.
    static func unitsPerEm(_ path: String) -> Int {
        guard let blob = hb_blob_create_from_file_or_fail(path) else { return 0 }
        defer { hb_blob_destroy(blob) }
        let face = hb_face_create(blob, 0)
        defer { hb_face_destroy(face) }
        return Int(hb_face_get_upem(face))
    }
}
