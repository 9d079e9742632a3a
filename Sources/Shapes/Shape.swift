/// One drawing instruction of the display list (docs/protocol.md section 5). Shapes are drawn in
/// order; a ``GroupShape`` draws its items with its own transform and alpha.
public enum Shape: Equatable, Sendable {
    case rect(RectShape)
    case arc(ArcShape)
    case pie(PieShape)
    case line(LineShape)
    case path(PathShape)
    case text(TextShape)
    case radial(RadialShape)
    case group(GroupShape)

    /// The wire name of the shape's kind (the `"kind"` field).
    public var kind: String {
        switch self {
        case .rect: "rect"
        case .arc: "arc"
        case .pie: "pie"
        case .line: "line"
        case .path: "path"
        case .text: "text"
        case .radial: "radial"
        case .group: "group"
        }
    }

    /// The shape's optional debugging id.
    public var id: String? {
        switch self {
        case .rect(let shape): shape.id
        case .arc(let shape): shape.id
        case .pie(let shape): shape.id
        case .line(let shape): shape.id
        case .path(let shape): shape.id
        case .text(let shape): shape.id
        case .radial(let shape): shape.id
        case .group(let shape): shape.id
        }
    }
}
