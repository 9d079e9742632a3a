import CICULineBreak

/// Where a line may break: ICU's line break iterator, which implements the Unicode line breaking
/// algorithm (UAX #14: classes such as BA after hyphens and dashes, ID around ideographs, CL and
/// NS that must not start a line, OP that must not end one, GL for no-break spaces) as Chromium
/// and CoreText break lines. Opportunities inside a grapheme cluster are dropped; spaces before
/// an opportunity hang at the end of the line (not measured).
enum LineBreakRules {
    /// The locale of the page (`<html lang="en">`), whose tailoring ICU applies.
    private static let locale = "en"

    /// The indices of the characters of `characters` (the grapheme clusters of `text`) that may
    /// start a line, in increasing order, excluding 0 and including `characters.count` (the end).
    static func lineStarts(in text: String, characters: [Character]) -> [Int] {
        guard !characters.isEmpty else { return [] }
        let units = Array(text.utf16)
        // The UTF-16 offset where each character starts -> its index.
        var characterAt: [Int: Int] = [:]
        var offset = 0
        for (index, character) in characters.enumerated() {
            characterAt[offset] = index
            offset += character.utf16.count
        }
        var capacity = units.count + 2
        while true {
            var offsets = [Int32](repeating: 0, count: capacity)
            let count = units.withUnsafeBufferPointer { text in
                offsets.withUnsafeMutableBufferPointer { out in
                    pc_line_break_offsets(
                        text.baseAddress, Int32(clamping: text.count), locale, out.baseAddress,
                        Int32(clamping: capacity))
                }
            }
            if count < 0 { return afterSpaces(characters) }  // ICU failed: break after spaces only
            if Int(count) > capacity {
                capacity = Int(count)
                continue
            }
            var starts = offsets[0..<Int(count)].compactMap { characterAt[Int($0)] }.filter { $0 > 0 }
            starts.append(characters.count)
            return starts
        }
    }

    /// Lines may start after a run of spaces: what is left when ICU cannot be used.
    private static func afterSpaces(_ characters: [Character]) -> [Int] {
        var starts: [Int] = []
        for index in 1..<characters.count {
            let before = characters[index - 1].unicodeScalars.first?.value ?? 0
            let after = characters[index].unicodeScalars.first?.value ?? 0
            if isSpace(before), !isSpace(after) { starts.append(index) }
        }
        starts.append(characters.count)
        return starts
    }

    /// Spaces that may hang at a line end (space, tab, ideographic space; not newlines).
    static func isSpace(_ scalar: UInt32) -> Bool {
        scalar == 0x20 || scalar == 0x09 || scalar == 0x3000
    }

    /// Mandatory breaks: LF, VT, FF, CR (and CR LF), NEL, LS, PS.
    static func isNewline(_ scalar: UInt32) -> Bool {
        switch scalar {
        case 0x0A...0x0D, 0x85, 0x2028, 0x2029: true
        default: false
        }
    }
}
