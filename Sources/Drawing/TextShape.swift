import Geometry

/// One line of text (`"kind":"text"`), drawn with the ProgressCast font at `size` points. The
/// server breaks and truncates lines (see ``TextLayout``); the page never wraps.
///
/// Wire fields, in order: `x`, `y`, `text`, `size`, `weight`, `fill`, `align`, `baseline`.
public struct TextShape: Equatable, Sendable {
    public var id: String?
    public var position: Point
    public var text: String
    public var size: Double
    public var weight: FontWeight
    public var fill: Color
    /// nil for the page's default, left.
    public var align: TextAlign?
    /// nil for the page's default, alphabetic.
    public var baseline: TextBaseline?

    public init(id: String? = nil, position: Point, text: String, size: Double, weight: FontWeight = .regular,
                fill: Color, align: TextAlign? = nil, baseline: TextBaseline? = nil) {
        self.id = id
        self.position = position
        self.text = text
        self.size = size
        self.weight = weight
        self.fill = fill
        self.align = align
        self.baseline = baseline
    }
}
