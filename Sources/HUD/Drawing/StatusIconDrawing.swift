import Geometry
import Shapes

/// The custom-view icons as vector paths in a 37x37 box, in the content colour: a checkmark
/// (success), a cross (error) and an "i" in a circle (info), stroked 3 pt with round caps and
/// joins (the circle 2 pt at radius 17.5, like the round progress outline).
enum StatusIconDrawing {
    static func draw(_ icon: HUDCustomView, in frame: Rect, color: Color, into shapes: inout [Shape]) {
        let s = frame.width / HUDMetrics.roundSide
        func p(_ x: Double, _ y: Double) -> Point { Point(x: frame.minX + x * s, y: frame.minY + y * s) }
        var path = PathBuilder()
        switch icon {
        case .checkmark:
            path.move(to: p(8, 19.5))
            path.line(to: p(15, 26.5))
            path.line(to: p(29.5, 11))
        case .cross:
            path.move(to: p(10.5, 10.5))
            path.line(to: p(26.5, 26.5))
            path.move(to: p(26.5, 10.5))
            path.line(to: p(10.5, 26.5))
        case .info:
            shapes.append(
                .arc(
                    ArcShape(
                        center: p(18.5, 18.5), radius: 17.5 * s, startAngle: 0, endAngle: 2 * Double.pi,
                        lineWidth: 2 * s, stroke: color)))
            var dot = PathBuilder()
            dot.arc(center: p(18.5, 10.5), radius: 2 * s, from: 0, to: 2 * Double.pi, lead: .move)
            dot.close()
            shapes.append(.path(PathShape(data: dot.data, fill: color)))
            path.move(to: p(18.5, 16))
            path.line(to: p(18.5, 28))
        }
        shapes.append(.path(PathShape(data: path.data, stroke: color, lineWidth: 3 * s, cap: .round, join: .round)))
    }
}
