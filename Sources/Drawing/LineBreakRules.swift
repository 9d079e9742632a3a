/// Where a line may break, a simplified UAX #14 for the strings a HUD shows:
/// - after a run of spaces (the spaces hang at the end of the line and are not measured);
/// - before and after CJK ideographs, kana, hangul and fullwidth forms, except before closing
///   punctuation (`，。、）」…` and ASCII `.,:;!?)]}%`) and after opening punctuation (`（「“([{`);
/// - after a hyphen that follows a letter;
/// - always after a newline (mandatory).
enum LineBreakRules {
    /// Whether a line may end between `before` and `after`.
    static func canBreak(between before: Character, and after: Character) -> Bool {
        if isSpace(after) { return false }
        if isSpace(before) { return true }
        if cannotStartLine(after) || cannotEndLine(before) { return false }
        if isIdeographic(before) || isIdeographic(after) { return true }
        if before == "-", !isSpace(after) { return true }
        return false
    }

    /// Spaces that may hang at a line end (not newlines).
    static func isSpace(_ character: Character) -> Bool {
        character == " " || character == "\t" || character == "\u{3000}"
    }

    /// CJK characters that allow a break on either side.
    static func isIdeographic(_ character: Character) -> Bool {
        guard let value = character.unicodeScalars.first?.value else { return false }
        switch value {
        case 0x2E80...0x2FFF, 0x3000...0x303F, 0x3040...0x30FF, 0x3100...0x31FF, 0x3200...0x33FF,
             0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF, 0xAC00...0xD7AF, 0xF900...0xFAFF,
             0xFE30...0xFE4F, 0xFF00...0xFFEF, 0x20000...0x3FFFF:
            return true
        default:
            return false
        }
    }

    private static let noStart: Set<Character> = [
        "，", "。", "、", "：", "；", "？", "！", "）", "」", "』", "】", "〕", "〉", "》", "”", "’", "…", "・", "ー",
        "ぁ", "ぃ", "ぅ", "ぇ", "ぉ", "っ", "ゃ", "ゅ", "ょ", "ァ", "ィ", "ゥ", "ェ", "ォ", "ッ", "ャ", "ュ", "ョ",
        ".", ",", ":", ";", "!", "?", ")", "]", "}", "%", "\u{FF05}",
    ]

    private static let noEnd: Set<Character> = ["（", "「", "『", "【", "〔", "〈", "《", "“", "‘", "(", "[", "{"]

    private static func cannotStartLine(_ character: Character) -> Bool { noStart.contains(character) }

    private static func cannotEndLine(_ character: Character) -> Bool { noEnd.contains(character) }
}
