public import ComponentSupport
public import Geometry

/// Everything `scroll.create` sets: a UIScrollView (a plain UITableView when `rows` has rows).
public struct ScrollConfiguration: Equatable, Sendable {
    /// Where the view is, in canvas points.
    public var frame: Rect
    /// The scrollable content's size; when nil, `rows` decides the height (UITableView) and the
    /// width is the frame's.
    public var contentSize: Size?
    /// UIScrollView.contentInset.
    public var contentInset: ScrollInsets
    /// The rows drawn (none: a bare scroll view).
    public var rows: TableRows
    /// UIScrollView.bounces.
    public var bounces: Bool
    /// UIScrollView.alwaysBounceVertical.
    public var alwaysBounceVertical: Bool
    /// UIScrollView.alwaysBounceHorizontal.
    public var alwaysBounceHorizontal: Bool
    /// UIScrollView.decelerationRate.
    public var decelerationRate: DecelerationRate
    /// The view's background (a table view's white by default).
    public var background: Color

    /// A configuration; the defaults are UIScrollView's.
    public init(
        frame: Rect, contentSize: Size? = nil, contentInset: ScrollInsets = .zero, rows: TableRows = .none,
        bounces: Bool = true, alwaysBounceVertical: Bool = false, alwaysBounceHorizontal: Bool = false,
        decelerationRate: DecelerationRate = .normal, background: Color = .white
    ) {
        self.frame = frame
        self.contentSize = contentSize
        self.contentInset = contentInset
        self.rows = rows
        self.bounces = bounces
        self.alwaysBounceVertical = alwaysBounceVertical
        self.alwaysBounceHorizontal = alwaysBounceHorizontal
        self.decelerationRate = decelerationRate
        self.background = background
    }

    /// The content size in effect: `contentSize`, or the rows' height by the frame's width.
    public var resolvedContentSize: Size {
        contentSize ?? Size(width: frame.width, height: rows.contentHeight)
    }

    /// Throws `bad_request` naming the first field that is negative or not finite.
    public func validate() throws(CommandError) {
        try ScrollConfiguration.validate(frame: frame)
        if let contentSize { try ScrollConfiguration.validate(contentSize: contentSize) }
        try ScrollConfiguration.validate(inset: contentInset)
        try ScrollConfiguration.validate(rows: rows)
    }

    /// Throws unless the frame is finite with a non-negative size.
    public static func validate(frame: Rect) throws(CommandError) {
        guard frame.x.isFinite, frame.y.isFinite else { throw .badField("frame", "must have finite x and y") }
        guard frame.width.isFinite, frame.width >= 0 else {
            throw .badField("frame.width", "must be a finite number >= 0")
        }
        guard frame.height.isFinite, frame.height >= 0 else {
            throw .badField("frame.height", "must be a finite number >= 0")
        }
    }

    /// Throws unless both extents are finite and non-negative.
    public static func validate(contentSize: Size) throws(CommandError) {
        guard contentSize.width.isFinite, contentSize.width >= 0 else {
            throw .badField("contentSize.width", "must be a finite number >= 0")
        }
        guard contentSize.height.isFinite, contentSize.height >= 0 else {
            throw .badField("contentSize.height", "must be a finite number >= 0")
        }
    }

    /// Throws unless every inset is finite (UIKit allows negative insets).
    public static func validate(inset: ScrollInsets) throws(CommandError) {
        if let field = inset.firstNonFiniteField { throw .badField("inset." + field, "must be a finite number") }
    }

    /// Throws unless the row count is within 0...``TableRows/maximumCount``, the height finite
    /// and > 0, the title at most 200 characters and ``TableRows/maximumTitleBytes`` bytes, and
    /// the formatted titles together at most ``TableRows/maximumFormattedBytes``.
    public static func validate(rows: TableRows) throws(CommandError) {
        guard (0...TableRows.maximumCount).contains(rows.count) else {
            throw .badField("rows.count", "must be an integer in 0...\(TableRows.maximumCount), got \(rows.count)")
        }
        guard rows.height.isFinite, rows.height > 0 else {
            throw .badField("rows.height", "must be a finite number > 0")
        }
        try rows.validateTitle(field: "rows.title")
        // The titles are formatted once and kept: their bytes together are bounded.
        let bytes = rows.formattedBytes
        guard bytes <= TableRows.maximumFormattedBytes else {
            throw .badField(
                "rows",
                "count x title must be at most \(TableRows.maximumFormattedBytes) bytes of formatted titles, got \(bytes)"
            )
        }
    }
}
