public import Geometry

/// One line of text (`"kind":"text"`), drawn with the ProgressCast font at `size` points. The
/// server breaks and truncates lines (see ``TextLayout``); the page never wraps.
///
/// Wire fields, in order: `x`, `y`, `text`, `size`, `weight`, `fill`, `align`, `baseline`, `dir`.
public struct TextShape: Equatable, Sendable {
    /// Optional debugging id (`id`), kept in frames and SVG (`data-id`).
    public var id: String?
    /// The anchor point (`x`, `y`): see `align` and `baseline`.
    public var position: Point
    /// One line of text (the server breaks and truncates lines).
    public var text: String
    /// Font size in points (CSS px on the page).
    public var size: Double
    /// 400 or 700.
    public var weight: FontWeight
    /// Fill colour, as the encodings carry it (see ``ColorBytes``).
    public var fillBytes: ColorBytes
    /// nil for the page's default, left.
    public var align: TextAlign?
    /// nil for the page's default, alphabetic.
    public var baseline: TextBaseline?
    /// Whether the line is right-to-left (`"dir":"rtl"`; absent for left-to-right): the page sets
    /// `ctx.direction = "rtl"` so canvas lays the bidi runs out in the paragraph direction the
    /// server measured with. `align` stays absolute (left is left).
    public var isRightToLeft: Bool

    /// Creates a value with these fields (see the type's documentation for their meaning).
    public init(
        id: String? = nil, position: Point, text: String, size: Double, weight: FontWeight = .regular,
        fill: Color, align: TextAlign? = nil, baseline: TextBaseline? = nil, isRightToLeft: Bool = false
    ) {
        self.init(
            id: id, position: position, text: text, size: size, weight: weight, fillBytes: ColorBytes(fill),
            align: align, baseline: baseline, isRightToLeft: isRightToLeft)
    }

    /// Creates a value with its fill given as bytes: for a constant colour drawn many times a
    /// frame (a table's rows), rounded to bytes once instead of per shape.
    public init(
        id: String? = nil, position: Point, text: String, size: Double, weight: FontWeight = .regular,
        fillBytes: ColorBytes, align: TextAlign? = nil, baseline: TextBaseline? = nil, isRightToLeft: Bool = false
    ) {
        self.id = id
        self.position = position
        self.text = text
        self.size = size
        self.weight = weight
        self.fillBytes = fillBytes
        self.align = align
        self.baseline = baseline
        self.isRightToLeft = isRightToLeft
    }
}

extension TextShape {
    /// Fill colour. Reads the bytes as a ``Color``; setting it rounds to bytes.
    public var fill: Color {
        get { fillBytes.color }
        set { fillBytes = ColorBytes(newValue) }
    }
}
