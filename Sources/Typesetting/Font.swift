/// A primary face at a size, with a fallback face for characters the primary lacks: what the
/// page's canvas gets from `font: <weight> <size>px "ProgressCast Sans", ...`.
///
/// Measurement (see ``width(of:)``), per Unicode scalar:
/// - the primary face's glyph if it has one, else the fallback face's, else the primary face's
///   `.notdef` advance (emoji, for instance, unless a face has them);
/// - tab, line feed, form feed and carriage return measure as a space (canvas draws them as
///   spaces); other control characters and default-ignorable characters (zero-width space and
///   joiners, variation selectors, soft hyphen, BOM) measure zero;
/// - kerning from the primary face's `kern` table applies between adjacent primary glyphs
///   (Chromium's canvas kerns DejaVu by default). The fallback face is used at its own
///   (regular) advances: Chromium's synthetic bold does not change advances.
///
/// Widths are summed in integer font units per face and scaled once, so the width of a string
/// does not depend on how it is split, and equal inputs give bit-identical results.
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
    public var ascender: Double { Double(primary.ascender) * primaryScale }
    /// The primary face's descender in points (negative).
    public var descender: Double { Double(primary.descender) * primaryScale }
    /// The primary face's line gap in points.
    public var lineGap: Double { Double(primary.lineGap) * primaryScale }

    /// The distance between baselines: ascender - descender + line gap of the primary face, in
    /// points, unrounded (like UIFont.lineHeight). Multi-line heights are rounded up once, see
    /// ``WrappedText/height``. DejaVu Sans at 16 points: (1901 + 483 + 0) / 2048 * 16 = 18.625.
    public var lineHeight: Double { ascender - descender + lineGap }

    /// The advance width of `text` in points.
    public func width(of text: some StringProtocol) -> Double {
        var units = AdvanceUnits()
        var previous: UInt16?
        for scalar in text.unicodeScalars {
            let measured = measure(scalar, after: &previous)
            units.add(measured.advance)
            units.primary += measured.kerning
        }
        return points(units)
    }

    /// Points for a sum of font units.
    func points(_ units: AdvanceUnits) -> Double {
        let fallbackWidth = fallback.map { Double(units.fallback) * size / Double($0.unitsPerEm) } ?? 0
        return Double(units.primary) * primaryScale + fallbackWidth
    }

    /// The advance `scalar` adds and its kerning (primary units) against the previous primary
    /// glyph, which it updates (nil after anything but a primary glyph).
    func measure(_ scalar: Unicode.Scalar, after previous: inout UInt16?) -> (advance: AdvanceUnits, kerning: Int) {
        let value = scalar.value
        let effective: Unicode.Scalar
        switch value {
        case 0x09, 0x0A, 0x0C, 0x0D:
            effective = " "
        case 0..<0x20, 0x7F..<0xA0, 0xAD, 0x34F, 0x180B...0x180F, 0x200B...0x200F, 0x202A...0x202E,
            0x2060...0x206F, 0xFE00...0xFE0F, 0xFEFF, 0xE0000...0xE0FFF:
            previous = nil
            return (AdvanceUnits(), 0)
        default:
            effective = scalar
        }
        if let glyph = primary.glyph(for: effective) {
            let kerning = previous.map { primary.kerning(between: $0, and: glyph) } ?? 0
            previous = glyph
            return (AdvanceUnits(primary: primary.advance(ofGlyph: glyph)), kerning)
        }
        previous = nil
        if let fallback, let glyph = fallback.glyph(for: effective) {
            return (AdvanceUnits(fallback: fallback.advance(ofGlyph: glyph)), 0)
        }
        return (AdvanceUnits(primary: primary.missingGlyphAdvance), 0)
    }

    private var primaryScale: Double { size / Double(primary.unitsPerEm) }
}

/// A width in integer font units of the primary and the fallback face.
struct AdvanceUnits: Equatable {
    var primary = 0
    var fallback = 0

    mutating func add(_ other: AdvanceUnits) {
        primary += other.primary
        fallback += other.fallback
    }

    mutating func subtract(_ other: AdvanceUnits) {
        primary -= other.primary
        fallback -= other.fallback
    }
}
