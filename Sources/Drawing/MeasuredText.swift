/// A string split into grapheme clusters (Characters) with their advances, so that the width
/// of any run of whole characters is one subtraction, exactly equal (bit for bit) to
/// `Font.width(of:)` of that run as a string.
struct MeasuredText {
    let characters: [Character]
    /// `prefix[k]`: units of characters `0..<k`, kerning between them included.
    private let prefix: [AdvanceUnits]
    /// Kerning (primary units) between character `k - 1` and character `k`; 0 for `k == 0`.
    private let kerningBefore: [Int]

    init(_ text: String, font: Font) {
        characters = Array(text)
        var prefix = [AdvanceUnits()]
        var kerningBefore: [Int] = []
        prefix.reserveCapacity(characters.count + 1)
        kerningBefore.reserveCapacity(characters.count)
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
                    first = false
                }
            }
            kerningBefore.append(leadingKerning)
            prefix.append(running)
        }
        self.prefix = prefix
        self.kerningBefore = kerningBefore
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

    /// Characters `start..<end` as a string.
    func text(from start: Int, to end: Int) -> String {
        start < end ? String(characters[start..<end]) : ""
    }
}
