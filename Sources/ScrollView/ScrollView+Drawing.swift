public import Geometry
public import Shapes
public import Timing

extension ScrollView {
    /// A plain UITableView's look, and the scroll indicators'.
    public enum Look {
        /// The row title's left inset (a UITableViewCell's layout margin).
        public static let titleInset = 16.0
        public static let titleSize = 17.0
        public static let titleColor = Color.black
        /// UITableView's separator grey (#c8c7cc), 1 px tall, inset like the title.
        public static let separatorColor = Color(red: 200.0 / 255, green: 199.0 / 255, blue: 204.0 / 255)
        public static let separatorHeight = 1.0
        /// iOS scroll indicator: 2.5 pt wide, fully rounded, black at 35 % opacity, 3 pt from the edges.
        public static let indicatorThickness = 2.5
        public static let indicatorInset = 3.0
        public static let indicatorColor = Color(white: 0, alpha: 0.35)
        /// The shortest indicator while the content is in bounds; past an edge it shrinks by the
        /// overshoot down to a dot of ``indicatorThickness``.
        public static let indicatorMinimumLength = 36.0
        /// Chosen approximation of UIKit: the indicators stay 0.25 s after scrolling ends, then
        /// fade out linearly over 0.3 s.
        public static let indicatorFadeDelay = 0.25
        public static let indicatorFadeDuration = 0.3
    }

    /// Appends the whole view at `time`: background, the content group (rows, clipped to the
    /// frame as UIScrollView's clipsToBounds) and indicators (inside the frame).
    public func draw(at time: Double, timeline: Timeline, into shapes: inout [Shape]) {
        let offset = offset(at: time, timeline: timeline)
        appendBackground(into: &shapes)
        var items: [Shape] = []
        items.reserveCapacity(rowShapeEstimate)
        appendRows(offset: offset, into: &items)
        shapes.append(.group(GroupShape(id: ids.content, clip: frame, items: items)))
        appendIndicators(offset: offset, at: time, into: &shapes)
    }

    /// The background rectangle.
    public func appendBackground(into shapes: inout [Shape]) {
        shapes.append(.rect(RectShape(id: ids.background, frame: frame, fill: background)))
    }

    /// About how many shapes ``appendRows(offset:into:)`` appends (one per row that fits the
    /// frame, plus the partly shown ones, and the separators' path), to reserve room once per
    /// frame instead of growing.
    public var rowShapeEstimate: Int {
        guard rows.count > 0, rows.height > 0, frame.height.isFinite, frame.height > 0 else { return 0 }
        return Int(min(frame.height / rows.height, Double(rows.count))) + 3
    }

    /// The id of the content group (`target.content`).
    public var contentGroupID: String { ids.content }

    /// Where content point (x, y) is on the canvas for presentation offset `offset`.
    public func canvasPoint(contentX x: Double, y: Double, offset: Point) -> Point {
        Point(x: frame.minX + x - offset.x, y: frame.minY + y - offset.y)
    }

    /// Appends the rows that intersect the frame at `offset`: each title, then every separator
    /// as one path (a subpath per row; the id marks it) in a group translated to the first drawn
    /// row, whose path is kept rather than formatted each frame (``separatorPathData(count:)``). Rows carry no id:
    /// the frame is encoded every frame while the list moves, and one shape for the hairlines
    /// instead of one per row keeps it small (docs/benchmarks.md, the scroll scene).
    public func appendRows(offset: Point, into items: inout [Shape]) {
        let count = min(rows.count, rowTitles.count)
        guard count > 0, offset.x.isFinite, offset.y.isFinite, rows.height > 0, frame.height > 0, frame.width > 0 else {
            return
        }
        let h = rows.height
        let top = min(max(offset.y / h, 0), Double(count))
        let bottom = min(max((offset.y + frame.height) / h, 0), Double(count))
        let first = Int(top.rounded(.down))
        let last = min(count - 1, Int(bottom.rounded(.down)))
        guard first <= last else { return }
        let left = frame.minX - offset.x
        for index in first...last {
            let rowTop = frame.minY + Double(index) * h - offset.y
            items.append(
                .text(
                    TextShape(
                        position: Point(x: left + Look.titleInset, y: rowTop + h / 2), text: rowTitles[index],
                        size: Look.titleSize, fill: Look.titleColor, baseline: .middle,
                        isRightToLeft: rowTitlesAreRightToLeft)))
        }
        let drawn = last - first + 1
        let data = separatorPathData(count: drawn)
        let separators = Shape.path(
            PathShape(id: ids.separator, data: data, stroke: Look.separatorColor, lineWidth: Look.separatorHeight))
        items.append(
            .group(
                GroupShape(
                    matrix: [1, 0, 0, 1, left, frame.minY + Double(first) * h - offset.y], items: [separators])))
    }

    /// The separators' path data for `count` rows: kept for the counts a frame usually shows
    /// (``separatorPaths``). Fewer rows (a table pulled down or refreshing under its header, or
    /// at its end) take the longest kept path's first `count` subpaths, the same text (a row's
    /// subpath depends on its index alone); only counts past the longest are formatted.
    func separatorPathData(count: Int) -> String {
        if let kept = separatorPaths.first(where: { $0.count == count }) { return kept.data }
        if count > 0, let longest = separatorPaths.last, count < longest.count {
            return longest.prefix(rows: count)
        }
        return ScrollView.separatorPath(count: count, rowHeight: rows.height, width: frame.width)
    }

    /// The separators of `count` rows of `rowHeight` in a view `width` wide, with the first
    /// row's top-left at the origin: a 1 pt hairline per row, stroked along y = row bottom - 0.5
    /// (the rect it stands for: bottom - 1 to bottom), from the title's inset to the right edge.
    static func separatorPath(count: Int, rowHeight h: Double, width: Double) -> String {
        var path = PathBuilder(commands: 2 * count)
        let lineY = h - Look.separatorHeight / 2
        for index in 0..<max(count, 0) {
            let y = Double(index) * h + lineY
            path.horizontalLine(from: Look.titleInset, to: width, y: y)
        }
        return path.data
    }

    /// The separator paths for the two row counts a frame of this height shows (the rows that
    /// fit, plus one when the offset is not a multiple of the row height, and one more), so a
    /// frame formats no numbers for them.
    static func separatorPaths(rows: TableRows, frame: Rect) -> [SeparatorPath] {
        guard rows.count > 0, rows.height > 0, rows.height.isFinite, frame.height > 0, frame.height.isFinite,
            frame.width.isFinite
        else { return [] }
        let fits = Int(min(frame.height / rows.height, Double(rows.count)).rounded(.down))
        return Set([fits, fits + 1, fits + 2].map { min($0, rows.count) }).sorted().map {
            SeparatorPath(count: $0, data: separatorPath(count: $0, rowHeight: rows.height, width: frame.width))
        }
    }

    /// The indicators' opacity at `time`: 1 while dragging or decelerating, then held for
    /// ``Look/indicatorFadeDelay`` and faded over ``Look/indicatorFadeDuration``.
    public func indicatorAlpha(at time: Double) -> Double {
        if phase != .idle { return 1 }
        let since = time - scrollEndedAt
        guard since.isFinite, since >= 0 else { return 0 }
        if since <= Look.indicatorFadeDelay { return 1 }
        return max(0, 1 - (since - Look.indicatorFadeDelay) / Look.indicatorFadeDuration)
    }

    /// A media time before which ``indicatorAlpha(at:)`` stays the one it has at `time` while the
    /// view's model state does: infinity while it moves (1) and once faded out (0), the end of
    /// the delay while it waits to fade, `time` while it fades. A microsecond early against
    /// rounding.
    public func indicatorAlphaSteadyUntil(at time: Double) -> Double {
        let slack = Timeline.steadyMargin
        if phase != .idle { return .infinity }
        let since = time - scrollEndedAt
        guard since.isFinite else { return .infinity }
        // Not ended yet (a time before the scroll's end): 0 until then.
        if since < 0 { return max(time, scrollEndedAt - slack) }
        if since <= Look.indicatorFadeDelay { return max(time, scrollEndedAt + Look.indicatorFadeDelay - slack) }
        // Fading, or faded for good (the alpha only falls as `since` grows).
        return indicatorAlpha(at: time) == 0 ? .infinity : time
    }

    /// Appends the visible scroll indicators at `offset` and `time`.
    public func appendIndicators(offset: Point, at time: Double, into shapes: inout [Shape]) {
        let alpha = indicatorAlpha(at: time)
        guard alpha > 0 else { return }
        let color = Look.indicatorColor.withAlpha(Look.indicatorColor.alpha * alpha)
        if let bar = indicator(.vertical, offset: offset) {
            shapes.append(
                .rect(
                    RectShape(
                        id: ids.verticalIndicator, frame: bar, cornerRadius: Look.indicatorThickness / 2, fill: color)))
        }
        if let bar = indicator(.horizontal, offset: offset) {
            shapes.append(
                .rect(
                    RectShape(
                        id: ids.horizontalIndicator, frame: bar, cornerRadius: Look.indicatorThickness / 2, fill: color)
                ))
        }
    }

    /// The indicator's frame on `axis`, or nil when the content fits the view on that axis.
    func indicator(_ axis: ScrollAxis, offset: Point) -> Rect? {
        let view = axis.of(frame.size)
        let extent = axis.of(contentSize) + contentInset.leading(axis) + contentInset.trailing(axis)
        guard extent > view, view > 2 * Look.indicatorInset else { return nil }
        let track = view - 2 * Look.indicatorInset
        let lo = minOffset(axis), hi = maxOffset(axis)
        let value = axis.of(offset)
        let overshoot = value < lo ? lo - value : (value > hi ? value - hi : 0)
        var length = max(Look.indicatorMinimumLength, track * view / extent)
        length = min(track, max(Look.indicatorThickness, length - overshoot))
        let progress = hi > lo ? min(max((value - lo) / (hi - lo), 0), 1) : 0
        let start = Look.indicatorInset + progress * (track - length)
        if axis == .vertical {
            return Rect(
                x: frame.maxX - Look.indicatorInset - Look.indicatorThickness, y: frame.minY + start,
                width: Look.indicatorThickness, height: length)
        }
        return Rect(
            x: frame.minX + start, y: frame.maxY - Look.indicatorInset - Look.indicatorThickness,
            width: length, height: Look.indicatorThickness)
    }
}
