extension Font {
    /// The ellipsis appended to truncated text (U+2026).
    public static let ellipsis = "\u{2026}"

    /// How much a candidate line may measure wider or narrower than its estimate once shaped on its
    /// own (one em; see ``CandidateSearch``).
    private var shapingSlack: Double { size }

    /// `text` on one line within `maxWidth` points: unchanged if it fits, else the longest prefix
    /// of whole grapheme clusters (trailing spaces dropped) followed by "…" that fits when shaped,
    /// as UILabel's tail truncation does; empty if not even "…" fits. The result never exceeds
    /// `maxWidth`. The line's direction is the text's (``isRightToLeft(_:)``). Cuts are found from
    /// estimates and confirmed by shaping, a bounded number of them (``CandidateSearch``).
    public func truncate(_ text: String, maxWidth: Double) -> TextLine {
        let rightToLeft = Font.isRightToLeft(text)
        let fullWidth = width(of: text, rightToLeft: rightToLeft)
        if fullWidth <= maxWidth { return TextLine(text: text, width: fullWidth, isRightToLeft: rightToLeft) }
        let measured = MeasuredText(text, font: self, rightToLeft: rightToLeft)
        let scalars = measured.leadingScalars
        let ellipsisWidth = width(of: Font.ellipsis, rightToLeft: rightToLeft)
        // Longest cut first; each cut's estimate is O(1), and only cuts that could fit are shaped.
        var search = CandidateSearch(room: maxWidth, slack: shapingSlack)
        var lastTried: Int?
        var count = measured.count - 1
        while count >= 0 {
            var end = count
            count -= 1
            while end > 0, LineBreakRules.isSpace(scalars[end - 1]) || LineBreakRules.isNewline(scalars[end - 1]) {
                end -= 1
            }
            guard end != lastTried, search.shouldShape(estimate: measured.estimate(from: 0, to: end) + ellipsisWidth)
            else { continue }
            lastTried = end
            let candidate = measured.text(from: 0, to: end) + Font.ellipsis
            let candidateWidth = width(of: candidate, rightToLeft: rightToLeft)
            if candidateWidth <= maxWidth {
                return TextLine(text: candidate, width: candidateWidth, isTruncated: true, isRightToLeft: rightToLeft)
            }
        }
        return TextLine(text: "", width: 0, isTruncated: true, isRightToLeft: rightToLeft)
    }

    /// `text` broken into lines no wider than `maxWidth` points when shaped: at newlines, at the
    /// break opportunities of ``LineBreakRules`` (UAX #14), and inside a word only when the word alone is too
    /// wide. Each line takes as many words as fit (greedy, as UILabel's word wrapping); spaces at a
    /// soft break are dropped. A single grapheme cluster wider than `maxWidth` gets a line of its own
    /// (the only way a line can exceed it). Every line of a paragraph (text between newlines) has
    /// the paragraph's direction. A trailing newline adds no line; the empty string has no lines.
    public func wrap(_ text: String, maxWidth: Double) -> WrappedText {
        var lines: [TextLine] = []
        var paragraphs = text.split(omittingEmptySubsequences: false) { character in
            character.unicodeScalars.first.map { LineBreakRules.isNewline($0.value) } ?? false
        }
        if paragraphs.last?.isEmpty == true { paragraphs.removeLast() }
        for paragraph in paragraphs {
            wrap(paragraph: String(paragraph), maxWidth: maxWidth, into: &lines)
        }
        return WrappedText(lines: lines, lineHeight: lineHeight)
    }

    private func wrap(paragraph: String, maxWidth: Double, into lines: inout [TextLine]) {
        let rightToLeft = Font.isRightToLeft(paragraph)
        let measured = MeasuredText(paragraph, font: self, rightToLeft: rightToLeft)
        let scalars = measured.leadingScalars
        func trimmed(_ start: Int, _ end: Int) -> Int {
            var last = end
            while last > start, LineBreakRules.isSpace(scalars[last - 1]) { last -= 1 }
            return last
        }
        /// The line `start..<end` (trailing spaces dropped) if it fits when shaped.
        func fitting(_ start: Int, _ end: Int) -> TextLine? {
            let text = measured.text(from: start, to: trimmed(start, end))
            let width = width(of: text, rightToLeft: rightToLeft)
            return width <= maxWidth ? TextLine(text: text, width: width, isRightToLeft: rightToLeft) : nil
        }
        /// The longest of `candidates` (ascending ends) whose line fits, shaping only those whose
        /// estimate is within the slack.
        func longestFitting(_ start: Int, _ candidates: [Int]) -> (TextLine, Int)? {
            let plausible = candidates.prefix {
                measured.estimate(from: start, to: trimmed(start, $0)) <= maxWidth + shapingSlack
            }
            var search = CandidateSearch(room: maxWidth, slack: shapingSlack)
            for end in plausible.reversed()
            where search.shouldShape(estimate: measured.estimate(from: start, to: trimmed(start, end))) {
                if let line = fitting(start, end) { return (line, end) }
            }
            return nil
        }
        if measured.count == 0 {
            lines.append(TextLine(text: "", width: 0, isRightToLeft: rightToLeft))
            return
        }
        let breaks = LineBreakRules.lineStarts(in: paragraph, characters: measured.characters)
        var lineStart = 0
        var nextBreak = 0
        while lineStart < measured.count {
            while breaks[nextBreak] <= lineStart { nextBreak += 1 }
            let candidates = Array(breaks[nextBreak...])
            var end: Int
            if let (line, found) = longestFitting(lineStart, candidates) {
                lines.append(line)
                end = found
            } else {
                // The first word alone is too wide: as many of its characters as fit, at least one.
                let word = trimmed(lineStart, candidates[0])
                let ends = Array((lineStart + 1)...max(word, lineStart + 1))
                if let (line, found) = longestFitting(lineStart, ends) {
                    lines.append(line)
                    end = found
                } else {
                    let text = measured.text(from: lineStart, to: lineStart + 1)
                    lines.append(
                        TextLine(
                            text: text, width: width(of: text, rightToLeft: rightToLeft), isRightToLeft: rightToLeft))
                    end = lineStart + 1
                }
            }
            while end < measured.count, LineBreakRules.isSpace(scalars[end]) { end += 1 }
            lineStart = end
        }
    }
}

/// Which candidate lines layout shapes, in order of preference, until one fits. A candidate is
/// shaped when its estimate is at most one slack above the room (shaped on its own, a line can be
/// narrower than the sum of its clusters: a ligature or kerning pair, an Arabic final form). After
/// ``maxShaped`` candidates have been shaped without one fitting, only those estimated a slack
/// below the room are, so text with thousands of break opportunities or clusters of the same
/// estimate at the cut (zero-width spaces, marks) costs a bounded number of shapings instead of
/// one per candidate; the line found may then be a little shorter than the longest that fits.
private struct CandidateSearch {
    static let maxShaped = 32

    let room: Double
    let slack: Double
    private var shaped = 0

    init(room: Double, slack: Double) {
        self.room = room
        self.slack = slack
    }

    /// Whether to shape a candidate estimated at `estimate` (counts it when so).
    mutating func shouldShape(estimate: Double) -> Bool {
        let limit = shaped < CandidateSearch.maxShaped ? room + slack : room - slack
        guard estimate <= limit else { return false }
        shaped += 1
        return true
    }
}
