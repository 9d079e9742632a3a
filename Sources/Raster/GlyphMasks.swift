import CCairo
import CFreeType

/// Glyph coverage masks rendered the way Chromium's Skia renders canvas text on Linux, so the
/// raster matches the page: FreeType's light (vertical-only) hinting and its grey rasteriser,
/// pen positions quantised to a quarter pixel horizontally (Skia's subpixel positioning) and to
/// whole pixels vertically (`floor(x + 1/8)` with the fraction in quarters, `floor(y + 1/2)`:
/// SkGlyph's subpixel rounding), and coverage corrected as Skia corrects it (``MaskGamma``). Cairo 1.16 puts glyphs on whole pixels only, hence the masks
/// are made here and painted with `cairo_mask_surface`.
///
/// Masks are cached by face, pixel size, glyph and quarter-pixel phase. Not thread-safe.
final class GlyphMasks {
    /// One rendered glyph: an A8 surface and its offset from the pen position in pixels.
    struct Mask {
        let surface: OpaquePointer?
        let left: Int
        let top: Int
    }

    private struct Key: Hashable {
        let path: String
        let pixelSize: Int  // 26.6 fixed point
        let glyph: UInt32
        let phase: Int
        let level: Int
    }

    private let faces: CairoFontFaces
    private var masks: [Key: Mask] = [:]
    private static let capacity = 8192
    /// The largest glyphs drawn from masks, in pixels (Skia's `kSkSideTooBigForAtlas`).
    static let largestSize = 256.0

    /// Masks of the fonts `faces` opens.
    init(faces: CairoFontFaces) {
        self.faces = faces
    }

    deinit {
        clear()
    }

    private func clear() {
        for mask in masks.values where mask.surface != nil { cairo_surface_destroy(mask.surface) }
        masks = [:]
    }

    /// Paints `glyph` of the font at `path`, `pixelSize` device pixels tall, with the pen at
    /// device point (x, y), in the context's current source; `level` is the text colour's
    /// ``MaskGamma`` luminance level.
    func paint(
        _ glyph: UInt32, path: String, pixelSize: Double, x: Double, y: Double, level: Int, on cr: OpaquePointer
    ) throws(RasterError) {
        let penX = (x + 0.125).rounded(.down)
        let phase = Int(((x + 0.125 - penX) * 4).rounded(.down)) & 3
        let penY = (y + 0.5).rounded(.down)
        let key = Key(path: path, pixelSize: Int((pixelSize * 64).rounded()), glyph: glyph, phase: phase, level: level)
        let mask: Mask
        if let cached = masks[key] {
            mask = cached
        } else {
            if masks.count >= Self.capacity { clear() }
            mask = try render(key)
            masks[key] = mask
        }
        guard let surface = mask.surface else { return }
        cairo_mask_surface(cr, surface, penX + Double(mask.left), penY - Double(mask.top))
    }

    /// `FT_LOAD_TARGET_LIGHT | FT_LOAD_NO_BITMAP` (macros Swift does not import:
    /// `FT_LOAD_TARGET_(mode)` is `(mode & 15) << 16`, `FT_LOAD_NO_BITMAP` is bit 3): light,
    /// vertical-only hinting as Skia's "slight", and outlines rather than embedded bitmaps.
    private static let loadFlags = Int32((FT_RENDER_MODE_LIGHT.rawValue & 15) << 16) | (1 << 3)

    private func render(_ key: Key) throws(RasterError) -> Mask {
        let face = try faces.maskFace(path: key.path)
        let empty = Mask(surface: nil, left: 0, top: 0)
        // The quarter-pixel phase moves the outline after hinting (FT_Set_Transform's delta).
        var delta = FT_Vector(x: FT_Pos(key.phase * 16), y: 0)
        FT_Set_Transform(face, nil, &delta)
        guard key.pixelSize > 0, FT_Set_Char_Size(face, 0, FT_F26Dot6(key.pixelSize), 72, 72) == 0,
            FT_Load_Glyph(face, FT_UInt(key.glyph), Self.loadFlags) == 0,
            let slot = face.pointee.glyph, slot.pointee.format == FT_GLYPH_FORMAT_OUTLINE,
            FT_Render_Glyph(slot, FT_RENDER_MODE_NORMAL) == 0
        else { return empty }
        let bitmap = slot.pointee.bitmap
        let width = Int(bitmap.width), rows = Int(bitmap.rows)
        guard width > 0, rows > 0, let source = bitmap.buffer,
            let surface = cairo_image_surface_create(CAIRO_FORMAT_A8, Int32(width), Int32(rows))
        else { return empty }
        cairo_surface_flush(surface)
        let stride = Int(cairo_image_surface_get_stride(surface))
        let pitch = Int(bitmap.pitch)
        let table = MaskGamma.tables[key.level & 7]
        if let target = cairo_image_surface_get_data(surface) {
            for row in 0..<rows {
                let from = pitch >= 0 ? source + row * pitch : source + (rows - 1 - row) * -pitch
                for column in 0..<width { (target + row * stride)[column] = table[Int(from[column])] }
            }
        }
        cairo_surface_mark_dirty(surface)
        return Mask(surface: surface, left: Int(slot.pointee.bitmap_left), top: Int(slot.pointee.bitmap_top))
    }
}
