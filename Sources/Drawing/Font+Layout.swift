extension Font {
    /// The ellipsis appended to truncated text (U+2026).
    public static let ellipsis = "\u{2026}"

    /// `text` on one line within `maxWidth` points: unchanged if it fits, else the longest prefix
    /// of whole grapheme clusters (trailing spaces dropped) followed by "…" that fits, as UILabel's
    /// tail truncation does; empty if not even "…" fits. The result never exceeds `maxWidth`.
    public func truncate(_ text: String, maxWidth: Double) -> TextLine {
        let fullWidth = width(of: text)
        if fullWidth <= maxWidth { return TextLine(text: text, width: fullWidth) }
        let measured = MeasuredText(text, font: self)
        func candidate(_ count: Int) -> TextLine {
            var end = count
            while end > 0, LineBreakRules.isSpace(measured.characters[end - 1]) || measured.characters[end - 1].isNewline {
                end -= 1
            }
            let line = measured.text(from: 0, to: end) + Font.ellipsis
            return TextLine(text: line, width: width(of: line), isTruncated: true)
        }
        // Binary search for the longest fitting prefix (widths grow with the prefix), then make
        // sure of it in case a kerning pair broke monotonicity.
        var low = 0, high = measured.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if candidate(middle).width <= maxWidth { low = middle } else { high = middle - 1 }
        }
        var count = low
        while count >= 0 {
            let line = candidate(count)
            if line.width <= maxWidth { return line }
            count -= 1
        }
        return TextLine(text: "", width: 0, isTruncated: true)
    }

    /// `text` broken into lines no wider than `maxWidth` points: at newlines, after spaces, between
    /// CJK characters (see ``LineBreakRules``), and inside a word only when the word alone is too
    /// wide. Spaces at a soft break are dropped. A single grapheme cluster wider than `maxWidth` gets
    /// a line of its own (the only way a line can exceed it). A trailing newline adds no line; the
    /// empty string has no lines.
    public func wrap(_ text: String, maxWidth: Double) -> WrappedText {
        let measured = MeasuredText(text, font: self)
        let characters = measured.characters
        var lines: [TextLine] = []
        func emit(_ start: Int, _ end: Int) {
            var last = end
            while last > start, LineBreakRules.isSpace(characters[last - 1]) { last -= 1 }
            lines.append(TextLine(text: measured.text(from: start, to: last), width: points(measured.units(from: start, to: last))))
        }
        var lineStart = 0
        var lastBreak: Int?
        var index = 0
        while index < characters.count {
            let character = characters[index]
            if character.isNewline {
                emit(lineStart, index)
                index += 1
                lineStart = index
                lastBreak = nil
                continue
            }
            if !LineBreakRules.isSpace(character), index > lineStart,
               !(points(measured.units(from: lineStart, to: index + 1)) <= maxWidth) {
                if let breakIndex = lastBreak, breakIndex > lineStart {
                    emit(lineStart, breakIndex)
                    lineStart = breakIndex
                } else {
                    emit(lineStart, index)
                    lineStart = index
                }
                while lineStart < characters.count, LineBreakRules.isSpace(characters[lineStart]) { lineStart += 1 }
                lastBreak = nil
                index = lineStart
                continue
            }
            if index + 1 < characters.count, LineBreakRules.canBreak(between: character, and: characters[index + 1]) {
                lastBreak = index + 1
            }
            index += 1
        }
        if lineStart < characters.count { emit(lineStart, characters.count) }
        return WrappedText(lines: lines, lineHeight: lineHeight)
    }
}
