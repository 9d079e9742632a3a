import Foundation
import Geometry
import Shapes

/// MBBarProgressView (iOS 7+: 120x10), in the content colour (line and progress colour; the
/// remaining colour is clear):
/// - outline: the capsule inset 2 (radius h/2 - 2), stroked 2 pt;
/// - fill: the capsule inset 4 (radius h/2 - 4), from the left up to `progress * width` (the
///   whole view's width, as MBProgressHUD measures it), never less than its left cap, clipped to
///   the capsule's right cap.
enum BarProgressDrawing {
    static func draw(in frame: Rect, progress: Double, color: Color, into shapes: inout [Shape]) {
        let outerRadius = frame.height / 2 - 2
        shapes.append(
            .rect(RectShape(frame: frame.inset(by: 2), cornerRadius: outerRadius, stroke: color, lineWidth: 2)))
        let amount = min(max(progress, 0), 1) * frame.width
        guard amount > 0 else { return }
        let r = max(outerRadius - 2, 0)
        let inner = frame.inset(by: 4)
        guard inner.width > 0, r > 0 else { return }
        let cy = frame.midY
        let leftCenter = Point(x: inner.minX + r, y: cy)
        let rightCenter = Point(x: inner.maxX - r, y: cy)
        let end = min(max(frame.minX + amount, leftCenter.x), inner.maxX)
        var path = PathBuilder()
        path.arc(center: leftCenter, radius: r, from: Double.pi / 2, to: 3 * Double.pi / 2, lead: .move)
        if end <= rightCenter.x {
            path.line(to: Point(x: end, y: cy - r))
            path.line(to: Point(x: end, y: cy + r))
        } else {
            let dx = end - rightCenter.x
            let dy = max(r * r - dx * dx, 0).squareRoot()
            let angle = atan2(dy, dx)
            path.arc(center: rightCenter, radius: r, from: -Double.pi / 2, to: -angle, lead: .line)
            path.line(to: Point(x: end, y: cy + dy))
            path.arc(center: rightCenter, radius: r, from: angle, to: Double.pi / 2, lead: .continuing)
        }
        path.close()
        shapes.append(.path(PathShape(data: path.data, fill: color)))
    }
}
