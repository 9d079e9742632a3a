/// One glyph, positioned in points relative to the line's origin (left end of the line, on the baseline; y grows down).
public struct PositionedGlyph: Sendable, Equatable {
    /// Glyph index in the run's face.
    public var id: UInt32
    /// Horizontal position of the glyph's origin, in points from the line's left end.
    public var x: Double
    /// Vertical position of the glyph's origin, in points below the baseline (negative above).
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
    /// The face the glyph ids belong to; `FontFace.path` is the font file the renderer loads.
    public var face: FontFace
    /// Font size in points.
    public var size: Double
    /// The glyphs, left to right.
    public var glyphs: [PositionedGlyph]
    /// Whether the run was shaped right to left (its glyphs are still in visual order).
    public var isRightToLeft: Bool

    /// Creates a value with these fields (see the type's documentation for their meaning).
    public init(face: FontFace, size: Double, glyphs: [PositionedGlyph], isRightToLeft: Bool) {
        self.face = face
        self.size = size
        self.glyphs = glyphs
        self.isRightToLeft = isRightToLeft
    }
}

extension Font {
    /// The glyphs of one line of text (no line breaks inside) as the server measures it, in visual order:
    /// drawing every run's glyphs at (lineOrigin.x + glyph.x, baseline + glyph.y) reproduces the measured width.
    ///
    /// The paragraph direction is the text's own (``isRightToLeft(_:)``), as the page draws it.
    public func glyphRuns(_ text: some StringProtocol) -> [GlyphRun] {
        glyphRuns(of: shaped(text, rightToLeft: nil))
    }

    /// The glyphs of one line laid out in a paragraph of the given direction: for a text shape,
    /// pass its `isRightToLeft` (a line of a wrapped right-to-left paragraph can start with a
    /// left-to-right word, and is measured and drawn right to left all the same).
    public func glyphRuns(_ text: some StringProtocol, rightToLeft: Bool) -> [GlyphRun] {
        glyphRuns(of: shaped(text, rightToLeft: rightToLeft))
    }

    private func glyphRuns(of line: ShapedLine) -> [GlyphRun] {
        let faces = faces
        var pen = 0.0
        return line.runs.map { run in
            let face = faces[run.face]
            let scale = scale(of: face)
            var glyphs: [PositionedGlyph] = []
            glyphs.reserveCapacity(run.glyphs.count)
            for glyph in run.glyphs {
                // HarfBuzz offsets grow up; the line's y grows down.
                glyphs.append(
                    PositionedGlyph(
                        id: glyph.id, x: pen + Double(glyph.xOffset) * scale, y: -Double(glyph.yOffset) * scale))
                pen += Double(glyph.advance) * scale
            }
            return GlyphRun(face: face, size: size, glyphs: glyphs, isRightToLeft: run.isRightToLeft)
        }
    }
}
