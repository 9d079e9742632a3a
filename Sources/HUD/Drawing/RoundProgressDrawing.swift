import Geometry
import Shapes

/// MBRoundProgressView (iOS 7+ drawing), 37x37, in the content colour.
/// - Determinate: the outline circle inset 1 (radius 17.5), 2 pt, and the progress as a 4 pt
///   butt-capped arc at radius 37/2 - 2 = 16.5 from -π/2 clockwise to -π/2 + 2πp.
///   MBProgressHUD strokes the progress with kCGBlendModeCopy so the two strokes never double
///   up where they overlap; ProgressCast gets the same pixels by stroking the outline only
///   where the progress is not.
/// - Annular: a full 2 pt ring at radius (37 - 2)/2 = 17.5 in the background tint (the content
///   colour with alpha 0.1), and the progress as a 2 pt square-capped arc on it.
/// Zero progress draws no progress arc (a zero-length arc).
enum RoundProgressDrawing {
    static func draw(in frame: Rect, annular: Bool, progress: Double, color: Color, into shapes: inout [Shape]) {
        let scale = frame.width / HUDMetrics.roundSide
        let center = frame.center
        let start = -Double.pi / 2
        let p = min(max(progress, 0), 1)
        let end = start + 2 * Double.pi * p
        if annular {
            let radius = (HUDMetrics.roundSide - 2) / 2 * scale
            shapes.append(
                .arc(
                    ArcShape(
                        center: center, radius: radius, startAngle: start, endAngle: start + 2 * Double.pi,
                        lineWidth: 2 * scale, stroke: color.withAlpha(0.1))))
            if p > 0 {
                shapes.append(
                    .arc(
                        ArcShape(
                            center: center, radius: radius, startAngle: start, endAngle: end,
                            lineWidth: 2 * scale, stroke: color, cap: .square)))
            }
        } else {
            let outlineRadius = (HUDMetrics.roundSide / 2 - 1) * scale
            if p < 1 {
                shapes.append(
                    .arc(
                        ArcShape(
                            center: center, radius: outlineRadius, startAngle: end, endAngle: start + 2 * Double.pi,
                            lineWidth: 2 * scale, stroke: color)))
            }
            if p > 0 {
                shapes.append(
                    .arc(
                        ArcShape(
                            center: center, radius: (HUDMetrics.roundSide / 2 - 2) * scale, startAngle: start,
                            endAngle: end, lineWidth: 4 * scale, stroke: color)))
            }
        }
    }
}
