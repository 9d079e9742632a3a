/// A primary face at a size, with a fallback face for characters the primary lacks: what the
/// page's canvas gets from `font: <weight> <size>px "ProgressCast Sans", "ProgressCast CJK"`.
///
/// Text is measured as it is drawn: shaped with HarfBuzz (ligatures, kerning and mark positioning
/// from the font's GSUB and GPOS tables, Arabic joining), in bidi runs resolved by FriBidi, with
/// font fallback per cluster in the CSS family order. See ``ShapedLine`` for the steps. Chromium's
/// synthetic bold does not change advances, so the fallback face measures at its own advances.
///
/// Shaped lines are cached per primary face (``ShapingCache``); equal inputs give bit-identical
/// widths.
public struct Font: Sendable {
    /// The face tried first.
    public let primary: FontFace
    /// Droid Sans Fallback, for characters DejaVu lacks (CJK).
    public let fallback: FontFace?
    /// Size in points (CSS px on the page).
    public let size: Double

    /// Creates a value with these fields (see the type's documentation for their meaning).
    public init(primary: FontFace, fallback: FontFace?, size: Double) {
        self.primary = primary
        self.fallback = fallback
        self.size = size
    }

    /// The primary face's ascender in points (positive).
    public var ascender: Double { Double(primary.ascender) * scale(of: primary) }
    /// The primary face's descender in points (negative).
    public var descender: Double { Double(primary.descender) * scale(of: primary) }
    /// The primary face's line gap in points.
    public var lineGap: Double { Double(primary.lineGap) * scale(of: primary) }

    /// The distance between baselines: ascender - descender + line gap of the primary face, in
    /// points, unrounded (like UIFont.lineHeight). Multi-line heights are rounded up once, see
    /// ``WrappedText/height``. DejaVu Sans at 16 points: (1901 + 483 + 0) / 2048 * 16 = 18.625.
    public var lineHeight: Double { ascender - descender + lineGap }

    /// The faces in fallback order: the primary, then the fallback.
    public var faces: [FontFace] { fallback.map { [primary, $0] } ?? [primary] }

    /// The advance width of `text` (one line) in points, as shaped.
    public func width(of text: some StringProtocol) -> Double {
        width(of: shaped(text, rightToLeft: nil))
    }

    /// The advance width of `text` laid out in a paragraph of the given direction.
    public func width(of text: some StringProtocol, rightToLeft: Bool) -> Double {
        width(of: shaped(text, rightToLeft: rightToLeft))
    }

    /// Whether a line of `text` is right-to-left: its first strong character (outside isolates)
    /// is right-to-left (Unicode bidi rules P2, P3), as a UILabel's natural direction is. The
    /// page draws such a line with `ctx.direction = "rtl"`.
    public static func isRightToLeft(_ text: some StringProtocol) -> Bool {
        BidiParagraph.isRightToLeft(text)
    }

    /// `text` shaped as one line (cached).
    func shaped(_ text: some StringProtocol, rightToLeft: Bool?) -> ShapedLine {
        let key = ShapingCache.Key(text: String(text), fallbackPath: fallback?.path, rightToLeft: rightToLeft)
        return primary.shapedLines.line(for: key) { ShapedLine(key.text, faces: faces, rightToLeft: rightToLeft) }
    }

    /// Points for a shaped line: each face's units scaled once.
    func width(of line: ShapedLine) -> Double {
        let faces = faces
        var width = 0.0
        for (index, units) in line.advances.enumerated() where index < faces.count {
            width += Double(units) * scale(of: faces[index])
        }
        return width
    }

    /// Points per font unit of `face` at this size.
    func scale(of face: FontFace) -> Double { size / Double(face.unitsPerEm) }
}
