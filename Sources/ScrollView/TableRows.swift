public import ComponentSupport

/// The rows a scroll view draws as a plain table view: `count` rows of `height` points, each
/// titled by `title` with `%d` replaced by the row's index (indexPath.row, from 0).
public struct TableRows: Equatable, Hashable, Sendable {
    /// How many rows (0...``maximumCount``).
    public var count: Int
    /// Each row's height in points.
    public var height: Double
    /// A template; every `%d` becomes the row index.
    public var title: String

    /// `count` rows of `height` points titled by `title`.
    public init(count: Int, height: Double = 44, title: String = "Row %d") {
        self.count = count
        self.height = height
        self.title = title
    }

    /// No rows.
    public static let none = TableRows(count: 0)

    /// The most rows a scroll view holds (their titles are formatted once and cached).
    public static let maximumCount = 10_000

    /// The most UTF-8 bytes a title template may take: 200 characters of up to four bytes. A
    /// character may hold any number of combining marks, so the character count alone bounds
    /// nothing.
    public static let maximumTitleBytes = 800

    /// The most bytes a scroll view's titles may take together, formatted (they are formatted
    /// once and kept, so 10,000 rows of 200-character titles held 3.4 MB per scroll view).
    public static let maximumFormattedBytes = 262_144

    /// Throws unless the title template is at most 200 characters and ``maximumTitleBytes``
    /// bytes (`field` names it in the error: `rows.title`, `screen.rows.title`).
    public func validateTitle(field: String) throws(CommandError) {
        guard title.count <= 200, title.utf8.count <= TableRows.maximumTitleBytes else {
            throw .badField(field, "must be at most 200 characters and \(TableRows.maximumTitleBytes) bytes")
        }
    }

    /// The UTF-8 bytes of every row's title, formatted: the count times the last row's title,
    /// the longest (its index has the most digits).
    public var formattedBytes: Int {
        count > 0 ? count * title(at: count - 1).utf8.count : 0
    }

    /// The content height the rows need (UITableView's contentSize after reloadData).
    public var contentHeight: Double { Double(count) * height }

    /// The title of row `index`.
    public func title(at index: Int) -> String {
        title.replacingOccurrences(of: "%d", with: String(index))
    }
}

extension String {
    /// Replaces every occurrence of `target` (non-empty) with `replacement`, without Foundation.
    func replacingOccurrences(of target: String, with replacement: String) -> String {
        guard !target.isEmpty else { return self }
        if let replaced = asciiReplacingOccurrences(of: target, with: replacement) { return replaced }
        guard contains(target) else { return self }
        var result = ""
        var rest = self[...]
        while let range = rest.firstRange(of: target) {
            result += rest[..<range.lowerBound]
            result += replacement
            rest = rest[range.upperBound...]
        }
        result += rest
        return result
    }

    /// ``replacingOccurrences(of:with:)`` byte by byte, for text that is ASCII without a carriage
    /// return (nil otherwise). There every byte is a character of its own (CR LF is the only
    /// ASCII pair that forms one grapheme cluster), so byte matches are exactly the character
    /// matches the general path finds, at a fraction of its cost: row titles ("Row %d", up to
    /// 10,000 for a scroll view, a screenful for each navigation screen) through the general
    /// search were 2.7% of a loaded server's CPU (docs/benchmarks.md).
    fileprivate func asciiReplacingOccurrences(of target: String, with replacement: String) -> String? {
        var text = self
        return text.withUTF8 { bytes -> String? in
            guard !bytes.contains(where: { $0 >= 0x80 || $0 == 0x0D }) else { return nil }
            var pattern = target
            return pattern.withUTF8 { pattern -> String? in
                guard let first = pattern.first, bytes.count >= pattern.count else { return self }
                var result: [UInt8] = []
                var copied = 0
                var index = 0
                while index + pattern.count <= bytes.count {
                    if bytes[index] == first
                        && UnsafeBufferPointer(rebasing: bytes[index..<(index + pattern.count)]).elementsEqual(pattern)
                    {
                        if result.isEmpty { result.reserveCapacity(bytes.count + 8) }
                        result.append(contentsOf: bytes[copied..<index])
                        result.append(contentsOf: replacement.utf8)
                        index += pattern.count
                        copied = index
                    } else {
                        index += 1
                    }
                }
                guard copied > 0 else { return self }
                result.append(contentsOf: bytes[copied...])
                return String(decoding: result, as: UTF8.self)
            }
        }
    }
}
