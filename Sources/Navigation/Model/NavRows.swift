/// A screen's table-view rows: `count` rows of `height` points titled by `titleTemplate`, whose
/// first "%d" is replaced with the row's index (0-based, as `indexPath.row`).
public struct NavRows: Equatable, Sendable {
    /// Number of rows.
    public var count: Int
    /// Row height in points (UITableView's default is 44).
    public var height: Double
    /// The row title; its first "%d" becomes the row index.
    public var titleTemplate: String

    /// Rows as UITableView draws them by default: 44 pt, "Row %d".
    public init(count: Int, height: Double = 44, titleTemplate: String = "Row %d") {
        self.count = count
        self.height = height
        self.titleTemplate = titleTemplate
    }

    /// The title of row `index`.
    public func title(at index: Int) -> String {
        let t = titleTemplate
        var i = t.startIndex
        while i < t.endIndex {
            let next = t.index(after: i)
            if t[i] == "%", next < t.endIndex, t[next] == "d" {
                return String(t[..<i]) + String(index) + String(t[t.index(after: next)...])
            }
            i = next
        }
        return t
    }
}
