/// Where a line may break, a simplified UAX #14 for the strings a HUD shows, decided on each
/// grapheme cluster's first Unicode scalar:
/// - after a run of spaces (the spaces hang at the end of the line and are not measured);
/// - before and after CJK ideographs, kana, hangul and fullwidth forms, except before closing
///   punctuation (`，。、）」…` and ASCII `.,:;!?)]}%`) and after opening punctuation (`（「“([{`);
/// - after a hyphen-minus;
/// - always after a newline (mandatory).
enum LineBreakRules {
    /// Whether a line may end between characters whose first scalars are `before` and `after`.
    static func canBreak(between before: UInt32, and after: UInt32) -> Bool {
        if isSpace(after) { return false }
        if isSpace(before) { return true }
        if cannotStartLine(after) || cannotEndLine(before) { return false }
        if isIdeographic(before) || isIdeographic(after) { return true }
        return before == 0x2D  // "-"
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

    /// CJK characters that allow a break on either side.
    static func isIdeographic(_ scalar: UInt32) -> Bool {
        switch scalar {
        case 0x2E80...0x2FFF, 0x3000...0x303F, 0x3040...0x30FF, 0x3100...0x31FF, 0x3200...0x33FF,
            0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF, 0xAC00...0xD7AF, 0xF900...0xFAFF,
            0xFE30...0xFE4F, 0xFF00...0xFFEF, 0x20000...0x3FFFF:
            true
        default:
            false
        }
    }

    /// Closing punctuation and small kana, which must not start a line.
    private static func cannotStartLine(_ scalar: UInt32) -> Bool {
        switch scalar {
        case 0x21, 0x25, 0x29, 0x2C, 0x2E, 0x3A, 0x3B, 0x3F, 0x5D, 0x7D,  // ! % ) , . : ; ? ] }
            0x2019, 0x201D, 0x2026, 0x30FB, 0x30FC,  // ’ ” … ・ ー
            0x3001, 0x3002, 0x3009, 0x300B, 0x300D, 0x300F, 0x3011, 0x3015,  // 、。〉》」』】〕
            0x3041, 0x3043, 0x3045, 0x3047, 0x3049, 0x3063, 0x3083, 0x3085, 0x3087,  // small hiragana
            0x30A1, 0x30A3, 0x30A5, 0x30A7, 0x30A9, 0x30C3, 0x30E3, 0x30E5, 0x30E7,  // small katakana
            0xFF01, 0xFF05, 0xFF09, 0xFF0C, 0xFF0E, 0xFF1A, 0xFF1B, 0xFF1F:  // ！％），．：；？
            true
        default:
            false
        }
    }

    /// Opening punctuation, which must not end a line.
    private static func cannotEndLine(_ scalar: UInt32) -> Bool {
        switch scalar {
        case 0x28, 0x5B, 0x7B, 0x2018, 0x201C, 0x3008, 0x300A, 0x300C, 0x300E, 0x3010, 0x3014, 0xFF08:
            true
        default:
            false
        }
    }
}
