import ScrollView
import Shapes
import Typesetting

/// A screen in a stack with its measured bar texts and row titles, laid out when the stack
/// changes (never while drawing: drawing only copies these strings).
struct ScreenEntry: Sendable {
    var screen: NavScreen
    /// The title, truncated to fit the bar.
    var title = ""
    /// Whether the title, the back title and the row titles are right-to-left (a text shape's `dir`).
    /// The laid-out title's width (points).
    var titleWidth = 0.0
    var titleIsRightToLeft = false
    var backTitleIsRightToLeft = false
    var rowTitlesAreRightToLeft = false
    /// The back button's title: the previous screen's title, "Back" when that does not fit,
    /// empty for the chevron alone; nil on the root (no back button).
    var backTitle: String?
    /// The back title's width in points.
    var backTitleWidth = 0.0
    /// Titles of the rows that can show (at most a screenful).
    var rowTitles: [String] = []
    /// The rows ``rowTitles`` were formatted from.
    private var rowTitlesSource: TableRows?
    /// Where the content starts below the frame's top: under the bar, or under the status bar
    /// when the screen hides the bar.
    var contentTop = NavMetrics.statusBarHeight + NavMetrics.navigationBarHeight
    /// The text of each laid-out row's separator y, formatted at layout (see ``SeparatorYs``).
    private(set) var separatorYs = SeparatorYs()

    init(_ screen: NavScreen) {
        self.screen = screen
    }

    /// Measures the texts for a stack `width` x `height` points whose frame's top is at `top`,
    /// with `previous` the title of the screen below (nil for the root). UIKit shows the previous
    /// title, or "Back" when it is too long, or the chevron alone.
    mutating func layOut(
        previous: String?, width: Double, height: Double, top: Double, barHidden: Bool, text: TextLayout
    ) {
        let titleFont = text.font(size: NavMetrics.titleFontSize, weight: .bold)
        let titleLine = titleFont.truncate(screen.title, maxWidth: max(0, width - 2 * NavMetrics.titleSideRoom))
        title = titleLine.text
        titleWidth = titleLine.width
        titleIsRightToLeft = titleLine.isRightToLeft
        if let previous {
            let backFont = text.font(size: NavMetrics.backFontSize, weight: .regular)
            let room = (width - titleLine.width) / 2 - ScreenEntry.backTitleOffset - NavMetrics.chevronInset
            let previousWidth = backFont.width(of: previous)
            let backWidth = backFont.width(of: "Back")
            if previousWidth <= room {
                backTitle = previous
                backTitleWidth = previousWidth
            } else if backWidth <= room {
                backTitle = "Back"
                backTitleWidth = backWidth
            } else {
                backTitle = ""
                backTitleWidth = 0
            }
        } else {
            backTitle = nil
            backTitleWidth = 0
        }
        backTitleIsRightToLeft = backTitle.map { Font.isRightToLeft($0) } ?? false
        contentTop = NavMetrics.statusBarHeight + (barHidden ? 0 : NavMetrics.navigationBarHeight)
        var count = 0
        if let rows = screen.rows, rows.count > 0, rows.height > 0 {
            let fit = ((height - contentTop) / rows.height).rounded(.up)
            count = min(rows.count, NavMetrics.maximumLaidOutRows, max(0, Int(min(fit, 1e6))))
        }
        if let rows = screen.rows {
            separatorYs.format(rows: count, from: top + contentTop, rowHeight: rows.height)
        } else {
            separatorYs = SeparatorYs()
        }
        // A push lays out every screen of the stack again; titles already formatted from the
        // same rows stay (formatting them again was most of a push's cost, docs/benchmarks.md).
        guard rowTitlesSource != screen.rows || rowTitles.count != count else { return }
        rowTitlesSource = screen.rows
        rowTitles = []
        if let rows = screen.rows, count > 0 {
            rowTitles.reserveCapacity(count)
            for index in 0..<count { rowTitles.append(rows.title(at: index)) }
        }
        // Row titles differ only in their numbers, which are never strong characters.
        rowTitlesAreRightToLeft = rowTitles.first.map { Font.isRightToLeft($0) } ?? false
    }

    /// From the leading edge to the back title's start.
    static let backTitleOffset = NavMetrics.chevronInset + NavMetrics.chevronWidth + NavMetrics.backTitleGap
}

/// The separators' y values of a screen's laid-out rows, formatted as path data. Row `i`'s
/// hairline is 0.25 pt above its bottom: `y + rowHeight - 0.25` with `y` the content's top plus
/// the rows above, summed row by row exactly as ``NavController`` sums them while drawing, so
/// each text is the one the drawing would format. A sliding screen's separators keep their y
/// from frame to frame (only their ends move), and formatting them every frame was about 4% of
/// a navigation frame's instructions while a screen slides (docs/benchmarks.md).
struct SeparatorYs: Sendable {
    /// The formatted values, row by row.
    private(set) var numbers = PathNumbers()
    /// The content's top and the row height the values were formatted for.
    private var top = Double.nan
    private var rowHeight = Double.nan

    /// Formats the first `rows` rows' separator y for content starting at `top` with rows
    /// `rowHeight` high, unless the values are for those already.
    mutating func format(rows: Int, from top: Double, rowHeight: Double) {
        guard rows != numbers.count || top != self.top || rowHeight != self.rowHeight else { return }
        self.top = top
        self.rowHeight = rowHeight
        var ys: [Double] = []
        ys.reserveCapacity(rows)
        var y = top
        for _ in 0..<max(rows, 0) {
            ys.append(y + rowHeight - 0.25)
            y += rowHeight
        }
        numbers = PathNumbers(ys)
    }

    /// Whether the values were formatted for content at `top` with rows `rowHeight` high (then
    /// row `i`'s is ``numbers``' number `i`, for the rows laid out).
    func fit(top: Double, rowHeight: Double) -> Bool {
        top == self.top && rowHeight == self.rowHeight
    }
}
