/// One glyph, positioned in points relative to the line's origin (left end of the line, on the baseline; y grows down).
public struct PositionedGlyph: Sendable, Equatable {
    /// The glyph index in the run's face.
    public var id: UInt32
    /// Horizontal offset from the line's left end, in points.
    public var x: Double
    /// Vertical offset from the baseline, in points (down is positive).
    public var y: Double

    /// Creates a value with these fields (see the type's documentation for their meaning).
    public init(id: UInt32, x: Double, y: Double) {
        self.id = id
        self.x = x
        self.y = y
    }
}

/// A run of glyphs from one face, in visual (left-to-right drawing) order.
public struct GlyphRun: Sendable, Equatable {
    /// The face the glyph indices belong to; `FontFace.path` is the font file a renderer loads.
    public var face: FontFace
    /// Font size in points.
    public var size: Double
    /// The glyphs, in drawing order.
    public var glyphs: [PositionedGlyph]
    /// Whether the run's characters are right-to-left (its glyphs are still in visual order).
    public var isRightToLeft: Bool

    /// Creates a value with these fields (see the type's documentation for their meaning).
    public init(face: FontFace, size: Double, glyphs: [PositionedGlyph], isRightToLeft: Bool) {
        self.face = face
        self.size = size
        self.glyphs = glyphs
        self.isRightToLeft = isRightToLeft
    }

    /// Equal runs draw the same glyphs from the same font file (faces compare by path).
    public static func == (lhs: GlyphRun, rhs: GlyphRun) -> Bool {
        lhs.face.path == rhs.face.path && lhs.size == rhs.size && lhs.glyphs == rhs.glyphs
            && lhs.isRightToLeft == rhs.isRightToLeft
    }
}

extension Font {
    /// The glyphs of one line of text (no line breaks inside) as the server measures it, in visual order:
    /// drawing every run's glyphs at (lineOrigin.x + glyph.x, baseline + glyph.y) reproduces the measured width.
    ///
    /// Glyphs follow ``width(of:)`` scalar by scalar: the primary face's glyph (kerned against the
    /// previous primary glyph), else the fallback face's, else the primary face's `.notdef`;
    /// characters measured as zero-width draw nothing and characters measured as a space draw
    /// the space glyph. A run ends where the face changes. Positions are the running sums of
    /// integer font units per face, scaled like ``width(of:)``, so the pen after the last glyph
    /// is exactly the measured width.
    public func glyphRuns(_ text: some StringProtocol) -> [GlyphRun] {
        var runs: [GlyphRun] = []
        var units = AdvanceUnits()
        var previous: UInt16?
        for scalar in text.unicodeScalars {
            let measured = measure(scalar, after: &previous)
            units.primary += measured.kerning
            if let (face, glyph) = drawnGlyph(for: scalar) {
                let positioned = PositionedGlyph(id: UInt32(glyph), x: points(units), y: 0)
                if let last = runs.indices.last, runs[last].face.path == face.path {
                    runs[last].glyphs.append(positioned)
                } else {
                    runs.append(GlyphRun(face: face, size: size, glyphs: [positioned], isRightToLeft: false))
                }
            }
            units.add(measured.advance)
        }
        return runs
    }

    /// The face and glyph that draw `scalar` as ``measure(_:after:)`` measured it, or nil for
    /// characters it measures as zero-width (the same classes, listed again here because the
    /// measuring returns only advances).
    private func drawnGlyph(for scalar: Unicode.Scalar) -> (FontFace, UInt16)? {
        let effective: Unicode.Scalar
        switch scalar.value {
        case 0x09, 0x0A, 0x0C, 0x0D:
            effective = " "
        case 0..<0x20, 0x7F..<0xA0, 0xAD, 0x34F, 0x180B...0x180F, 0x200B...0x200F, 0x202A...0x202E,
            0x2060...0x206F, 0xFE00...0xFE0F, 0xFEFF, 0xE0000...0xE0FFF:
            return nil
        default:
            effective = scalar
        }
        if let glyph = primary.glyph(for: effective) { return (primary, glyph) }
        if let fallback, let glyph = fallback.glyph(for: effective) { return (fallback, glyph) }
        return (primary, 0)
    }
}
