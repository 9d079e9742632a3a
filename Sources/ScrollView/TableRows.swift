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
        guard !target.isEmpty, contains(target) else { return self }
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
}
