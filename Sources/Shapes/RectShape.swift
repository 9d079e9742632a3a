public import Geometry

/// A rectangle, optionally with rounded corners, filled and/or stroked (`"kind":"rect"`).
///
/// Wire fields, in order: `x`, `y`, `w`, `h`, `r`, `fill`, `stroke`, `lw`. Without `fill` the
/// inside is not painted; without `stroke` there is no outline. The page clamps `r` to half the
/// shorter side.
public struct RectShape: FilledAndStroked, Equatable, Sendable {
    /// Optional debugging id (`id`), kept in frames and SVG (`data-id`).
    public var id: String?
    /// Position and size (`x`, `y`, `w`, `h`).
    public var frame: Rect
    /// Corner radius; nil for square corners.
    public var cornerRadius: Double?
    /// Fill colour, as the encodings carry it (see ``ColorBytes``).
    public var fillBytes: ColorBytes?
    /// Stroke colour, as the encodings carry it (see ``ColorBytes``).
    public var strokeBytes: ColorBytes?
    /// Stroke width (`lw`); nil for the page's default of 1.
    public var lineWidth: Double?

    /// Creates a value with these fields (see the type's documentation for their meaning).
    public init(
        id: String? = nil, frame: Rect, cornerRadius: Double? = nil, fill: Color? = nil,
        stroke: Color? = nil, lineWidth: Double? = nil
    ) {
        self.id = id
        self.frame = frame
        self.cornerRadius = cornerRadius
        fillBytes = fill.map(ColorBytes.init)
        strokeBytes = stroke.map(ColorBytes.init)
        self.lineWidth = lineWidth
    }
}
