/// One laid-out line of text.
public struct TextLine: Equatable, Sendable {
    /// The characters of the line (without the spaces it broke after).
    public var text: String
    /// Its advance width in points, exactly `Font.width(of: text, rightToLeft: isRightToLeft)`.
    public var width: Double
    /// Whether characters were cut and replaced with an ellipsis.
    public var isTruncated: Bool
    /// Whether the line's paragraph is right-to-left: the page draws it with
    /// `ctx.direction = "rtl"` (a text shape's `dir`), and `width` was measured that way.
    public var isRightToLeft: Bool

    /// Creates a value with these fields (see the type's documentation for their meaning).
    public init(text: String, width: Double, isTruncated: Bool = false, isRightToLeft: Bool = false) {
        self.text = text
        self.width = width
        self.isTruncated = isTruncated
        self.isRightToLeft = isRightToLeft
    }
}

/// Text wrapped into lines.
public struct WrappedText: Equatable, Sendable {
    /// The lines, top to bottom.
    public var lines: [TextLine]
    /// The distance between baselines (``Font/lineHeight``, unrounded).
    public var lineHeight: Double
    /// The widest line's width.
    public var width: Double {
        lines.reduce(0) { max($0, $1.width) }
    }
    /// The block's height: line count times line height, rounded up to a whole point as UILabel
    /// sizes itself (0 for no lines).
    public var height: Double {
        (Double(lines.count) * lineHeight).rounded(.up)
    }

    /// Creates a value with these fields (see the type's documentation for their meaning).
    public init(lines: [TextLine], lineHeight: Double) {
        self.lines = lines
        self.lineHeight = lineHeight
    }
}
