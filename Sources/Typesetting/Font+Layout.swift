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
        let scalars = measured.leadingScalars
        // Scan every cut (each is O(1) with the prefix sums), so no monotonicity is assumed; the
        // longest prefix that fits wins.
        var best: (end: Int, width: Double)?
        var count = measured.count - 1
        while count >= 0, best == nil {
            var end = count
            while end > 0, LineBreakRules.isSpace(scalars[end - 1]) || LineBreakRules.isNewline(scalars[end - 1]) {
                end -= 1
            }
            let candidate = points(measured.units(upTo: end, followedBy: Font.ellipsis, font: self))
            if candidate <= maxWidth { best = (end, candidate) }
            count -= 1
        }
        guard let best else { return TextLine(text: "", width: 0, isTruncated: true) }
        return TextLine(
            text: measured.text(from: 0, to: best.end) + Font.ellipsis, width: best.width, isTruncated: true)
    }

    /// `text` broken into lines no wider than `maxWidth` points: at newlines, after spaces, between
    /// CJK characters (see ``LineBreakRules``), and inside a word only when the word alone is too
    /// wide. Spaces at a soft break are dropped. A single grapheme cluster wider than `maxWidth` gets
    /// a line of its own (the only way a line can exceed it). A trailing newline adds no line; the
    /// empty string has no lines.
    public func wrap(_ text: String, maxWidth: Double) -> WrappedText {
        let measured = MeasuredText(text, font: self)
        let scalars = measured.leadingScalars
        var lines: [TextLine] = []
        func emit(_ start: Int, _ end: Int) {
            var last = end
            while last > start, LineBreakRules.isSpace(scalars[last - 1]) { last -= 1 }
            lines.append(
                TextLine(
                    text: measured.text(from: start, to: last), width: points(measured.units(from: start, to: last))))
        }
        var lineStart = 0
        var lastBreak: Int?
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if LineBreakRules.isNewline(scalar) {
                emit(lineStart, index)
                index += 1
                lineStart = index
                lastBreak = nil
                continue
            }
            if !LineBreakRules.isSpace(scalar), index > lineStart,
                !(points(measured.units(from: lineStart, to: index + 1)) <= maxWidth)
            {
                if let breakIndex = lastBreak, breakIndex > lineStart {
                    emit(lineStart, breakIndex)
                    lineStart = breakIndex
                } else {
                    emit(lineStart, index)
                    lineStart = index
                }
                while lineStart < scalars.count, LineBreakRules.isSpace(scalars[lineStart]) { lineStart += 1 }
                lastBreak = nil
                index = lineStart
                continue
            }
            if index + 1 < scalars.count, LineBreakRules.canBreak(between: scalar, and: scalars[index + 1]) {
                lastBreak = index + 1
            }
            index += 1
        }
        if lineStart < scalars.count { emit(lineStart, scalars.count) }
        return WrappedText(lines: lines, lineHeight: lineHeight)
    }
}
