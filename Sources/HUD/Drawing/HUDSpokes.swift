import Geometry

/// The activity indicator's spokes laid out in its frame: fixed end points, so drawing a frame
/// only picks their alphas.
struct HUDSpokes: Equatable, Sendable {
    struct Spoke: Equatable, Sendable {
        var start: Point
        var end: Point
    }

    var ends: [Spoke] = []
    var lineWidth = 0.0

    init() {}

    init(frame: Rect) {
        ends = ActivityIndicatorDrawing.spokes(in: frame).map { Spoke(start: $0.start, end: $0.end) }
        lineWidth = ActivityIndicatorDrawing.lineWidth * frame.width / HUDMetrics.roundSide
    }
}
