public import Geometry

/// Shapes drawn with a common transform and opacity (`"kind":"group"`).
///
/// The transform applies on top of the enclosing group's (as canvas `transform`, not
/// `setTransform`, in nested groups), and the alpha composites the group as one layer, like a
/// CALayer's opacity with group opacity (the SVG exporter uses `opacity` on `<g>`).
///
/// The optional clip is a rectangle in the group's own coordinates (after its transform):
/// nothing of the items is drawn outside it, like a CALayer's `masksToBounds` (scroll views and
/// navigation transitions use it). Clips of nested groups intersect.
///
/// Wire fields, in order: `alpha`, `m` (`[a,b,c,d,e,f]`), `clip` (`[x,y,w,h]`), `items`.
public struct GroupShape: Equatable, Sendable {
    /// Optional debugging id (`id`), kept in frames and SVG (`data-id`).
    public var id: String?
    /// 0...1; nil for 1.
    public var alpha: Double?
    /// The affine matrix `[a, b, c, d, e, f]` (see `Transform.matrix(about:)`); nil for identity.
    /// An array of any other length is written as the identity.
    public var matrix: [Double]?
    /// The clip rectangle in the group's coordinates (after `matrix`); nil for no clip.
    public var clip: Rect?
    /// The shapes drawn inside the group, in order.
    public var items: [Shape]

    /// Creates a value with these fields (see the type's documentation for their meaning).
    public init(id: String? = nil, alpha: Double? = nil, matrix: [Double]? = nil, clip: Rect? = nil, items: [Shape]) {
        self.id = id
        self.alpha = alpha
        self.matrix = matrix
        self.clip = clip
        self.items = items
    }
}
