/// A string split into grapheme clusters (Characters) with their advances, so that the width
/// of any run of whole characters is one subtraction, exactly equal (bit for bit) to
/// `Font.width(of:)` of that run as a string.
struct MeasuredText {
    let characters: [Character]
    /// The first Unicode scalar of each character, for the line-breaking rules.
    let leadingScalars: [UInt32]
    /// `prefix[k]`: units of characters `0..<k`, kerning between them included.
    private let prefix: [AdvanceUnits]
    /// Kerning (primary units) between character `k - 1` and character `k`; 0 for `k == 0`.
    private let kerningBefore: [Int]
    /// The primary glyph that kerns with whatever follows character `k` (nil if none).
    private let trailingGlyphs: [UInt16?]

    init(_ text: String, font: Font) {
        characters = Array(text)
        var prefix = [AdvanceUnits()]
        var kerningBefore: [Int] = []
        var leadingScalars: [UInt32] = []
        var trailingGlyphs: [UInt16?] = []
        prefix.reserveCapacity(characters.count + 1)
        kerningBefore.reserveCapacity(characters.count)
        leadingScalars.reserveCapacity(characters.count)
        trailingGlyphs.reserveCapacity(characters.count)
        var running = AdvanceUnits()
        var previous: UInt16?
        for character in characters {
            var first = true
            var leadingKerning = 0
            for scalar in character.unicodeScalars {
                let measured = font.measure(scalar, after: &previous)
                running.add(measured.advance)
                running.primary += measured.kerning
                if first {
                    leadingKerning = measured.kerning
                    leadingScalars.append(scalar.value)
                    first = false
                }
            }
            if first { leadingScalars.append(0) }
            kerningBefore.append(leadingKerning)
            trailingGlyphs.append(previous)
            prefix.append(running)
        }
        self.prefix = prefix
        self.kerningBefore = kerningBefore
        self.leadingScalars = leadingScalars
        self.trailingGlyphs = trailingGlyphs
    }

    var count: Int { characters.count }

    /// The units of characters `start..<end` measured on their own (no kerning into the first).
    func units(from start: Int, to end: Int) -> AdvanceUnits {
        guard start < end else { return AdvanceUnits() }
        var result = prefix[end]
        result.subtract(prefix[start])
        result.primary -= kerningBefore[start]
        return result
    }

    /// The units of characters `0..<end` followed by `suffix` (measured as one string would be).
    func units(upTo end: Int, followedBy suffix: String, font: Font) -> AdvanceUnits {
        var result = units(from: 0, to: end)
        var previous = end > 0 ? trailingGlyphs[end - 1] : nil
        for scalar in suffix.unicodeScalars {
            let measured = font.measure(scalar, after: &previous)
            result.add(measured.advance)
            result.primary += measured.kerning
        }
        return result
    }

    /// Characters `start..<end` as a string.
    func text(from start: Int, to end: Int) -> String {
        start < end ? String(characters[start..<end]) : ""
    }
}
