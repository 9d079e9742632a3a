public import Geometry

/// An SVG path (`"kind":"path"`), filled and/or stroked. Build `d` with ``PathBuilder`` to get
/// canonical numbers.
///
/// Wire fields, in order: `d`, `fill`, `stroke`, `lw`, `cap`, `join`.
public struct PathShape: FilledAndStroked, Equatable, Sendable {
    /// Optional debugging id (`id`), kept in frames and SVG (`data-id`).
    public var id: String?
    /// SVG path data (as accepted by canvas `Path2D`).
    public var data: String
    /// Fill colour, as the encodings carry it (see ``ColorBytes``).
    public var fillBytes: ColorBytes?
    /// Stroke colour, as the encodings carry it (see ``ColorBytes``).
    public var strokeBytes: ColorBytes?
    /// nil for the page's default of 1.
    public var lineWidth: Double?
    /// Line cap; nil for the page's default, butt.
    public var cap: LineCap?
    /// Line join; nil for the page's default, miter.
    public var join: LineJoin?

    /// Creates a value with these fields (see the type's documentation for their meaning).
    public init(
        id: String? = nil, data: String, fill: Color? = nil, stroke: Color? = nil, lineWidth: Double? = nil,
        cap: LineCap? = nil, join: LineJoin? = nil
    ) {
        self.id = id
        self.data = data
        fillBytes = fill.map(ColorBytes.init)
        strokeBytes = stroke.map(ColorBytes.init)
        self.lineWidth = lineWidth
        self.cap = cap
        self.join = join
    }
}
