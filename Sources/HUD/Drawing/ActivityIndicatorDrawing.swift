import Foundation
import Geometry
import Shapes
import Timing

/// The legacy whiteLarge UIActivityIndicatorView that MBProgressHUD's indeterminate mode shows:
/// 37x37, 12 spokes; the highlight steps clockwise one spoke per 1/12 s (one turn a second) and
/// the spokes behind it fade. The per-spoke profile is undocumented; ProgressCast uses
/// alpha = max(0.25, 1 - 0.15 k) for the spoke k steps behind the highlight, times the content
/// colour's alpha. Spokes are round-capped lines 3.5 pt wide from radius 9.25 to 16.75 (so the
/// caps stay inside the 37 pt box).
enum ActivityIndicatorDrawing {
    static let innerRadius = 9.25
    static let outerRadius = 16.75
    static let lineWidth = 3.5

    /// The highlighted spoke (0 = 12 o'clock, clockwise) for the spinner's rotation in radians.
    static func highlightedSpoke(rotation: Double) -> Int {
        let spokes = HUDMetrics.spinnerSpokes
        let steps = Int(steps(rotation: rotation))
        return ((steps % spokes) + spokes) % spokes
    }

    /// Whole steps of one spoke in `rotation` (a hair early, against rounding: 1e-6 of a step).
    private static func steps(rotation: Double) -> Double {
        (rotation / (2 * Double.pi) * Double(HUDMetrics.spinnerSpokes) + stepSlack).rounded(.down)
    }

    private static let stepSlack = 1e-6

    /// A media time before which ``highlightedSpoke(rotation:)`` stays the one of `rotation` at
    /// `time`, for a rotation turning at `rate` radians per second: a microsecond before the
    /// next step (against rounding), infinity when it does not turn, `time` when it turns back.
    static func nextStep(after time: Double, rotation: Double, rate: Double) -> Double {
        if rate == 0 { return .infinity }
        guard rate > 0, rotation.isFinite else { return time }
        // The rotation at which the step count reaches one more.
        let next = (steps(rotation: rotation) + 1 - stepSlack) / Double(HUDMetrics.spinnerSpokes) * 2 * Double.pi
        return max(time, time + (next - rotation) / rate - Timeline.steadyMargin)
    }

    /// The alpha factor of spoke `index` when `highlight` is the highlighted one.
    static func spokeAlpha(index: Int, highlight: Int) -> Double {
        let spokes = HUDMetrics.spinnerSpokes
        let behind = ((highlight - index) % spokes + spokes) % spokes
        return max(0.25, 1 - 0.15 * Double(behind))
    }

    /// The spokes' end points for an indicator frame, clockwise from 12 o'clock (computed once
    /// per layout: only their alphas change over time).
    static func spokes(in frame: Rect) -> [(start: Point, end: Point)] {
        let scale = frame.width / HUDMetrics.roundSide
        let center = frame.center
        return (0..<HUDMetrics.spinnerSpokes).map { index in
            let angle = -Double.pi / 2 + Double(index) * 2 * Double.pi / Double(HUDMetrics.spinnerSpokes)
            let dx = cos(angle), dy = sin(angle)
            return (
                Point(x: center.x + dx * innerRadius * scale, y: center.y + dy * innerRadius * scale),
                Point(x: center.x + dx * outerRadius * scale, y: center.y + dy * outerRadius * scale)
            )
        }
    }

    static func draw(_ spokes: HUDSpokes, color: Color, rotation: Double, into shapes: inout [Shape]) {
        let highlight = highlightedSpoke(rotation: rotation)
        for (index, spoke) in spokes.ends.enumerated() {
            let alpha = color.alpha * spokeAlpha(index: index, highlight: highlight)
            shapes.append(
                .line(
                    LineShape(
                        start: spoke.start, end: spoke.end, lineWidth: spokes.lineWidth,
                        stroke: color.withAlpha(alpha), cap: .round)))
        }
    }
}
