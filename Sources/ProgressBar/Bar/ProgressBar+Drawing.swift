import Geometry
import Shapes
import Timing
import Typesetting

extension ProgressBar {
    /// Appends the bar's shapes at `time`, back to front: the label, the track, the buffered
    /// range (``drawBase(into:)``), then the fill, the dot and the tooltip
    /// (``drawProgress(at:in:tooltip:fonts:into:)``). Never changes state.
    func draw(at time: Double, in timeline: Timeline, tooltip: String, fonts: FontCatalog, into shapes: inout [Shape]) {
        drawBase(into: &shapes)
        drawProgress(at: time, in: timeline, tooltip: tooltip, fonts: fonts, into: &shapes)
    }

    /// The track's geometry: while dragging the bar is twice as tall. Always inlined: a call to
    /// it from the per-frame drawing copied the whole bar (392 bytes, seven cache lines, cold
    /// under load) to pass it as `self` (docs/benchmarks.md).
    @inline(__always) private var track: (top: Double, height: Double, corner: Double?) {
        let scale = isDragging ? BarAppearance.dragHeightScale : 1
        let height = style.barHeight * scale
        let radius = min((style.cornerRadius ?? style.barHeight / 2) * scale, height / 2)
        return (style.frame.midY - height / 2, height, radius > 0 ? radius : nil)
    }

    /// Appends the shapes that depend on the bar's model state alone (its style, buffer and
    /// whether it is dragged), back to front: the label, the track and the buffered range. Shape
    /// ids are `target.part`.
    func drawBase(into shapes: inout [Shape]) {
        let frame = style.frame
        let (top, height, corner) = track
        if !style.label.isEmpty {
            shapes.append(
                .text(
                    TextShape(
                        id: target + ".label", position: Point(x: frame.minX, y: frame.minY - 4), text: style.label,
                        size: BarAppearance.labelFontSize, fill: BarStyle.labelColor)))
        }
        shapes.append(
            .rect(
                RectShape(
                    id: target + ".track", frame: Rect(x: frame.minX, y: top, width: frame.width, height: height),
                    cornerRadius: corner, fill: style.trackColor)))
        if buffer > 0 {
            shapes.append(
                .rect(
                    RectShape(
                        id: target + ".buffer",
                        frame: Rect(x: frame.minX, y: top, width: buffer * frame.width, height: height),
                        cornerRadius: corner, fill: style.bufferColor)))
        }
    }

    /// Appends the shapes that follow the presentation value at `time`, back to front: the fill
    /// (width = presentation value * width), the dot, and while dragging a tooltip with
    /// `tooltip` over the dot. While dragging the fill (and dot) use dragColor and the dot is
    /// 1.5 times larger. Shape ids are `target.part`.
    func drawProgress(
        at time: Double, in timeline: Timeline, tooltip: String, fonts: FontCatalog, into shapes: inout [Shape]
    ) {
        let frame = style.frame
        let value = presentationValue(at: time, in: timeline)
        let dragging = isDragging
        let (top, height, corner) = track
        let ink = dragging ? style.dragColor : style.fillColor
        if value > 0 {
            shapes.append(
                .rect(
                    RectShape(
                        id: fillID,
                        frame: Rect(x: frame.minX, y: top, width: value * frame.width, height: height),
                        cornerRadius: corner, fill: ink)))
        }
        let centerX = frame.minX + value * frame.width
        let dot = style.dotSize * (dragging ? BarAppearance.dragDotScale : 1)
        if style.showDot && dot > 0 {
            shapes.append(
                .rect(
                    RectShape(
                        id: dotID,
                        frame: Rect(x: centerX - dot / 2, y: frame.midY - dot / 2, width: dot, height: dot),
                        cornerRadius: dot / 2, fill: ink)))
        }
        guard dragging else { return }
        let font = fonts.font(size: BarAppearance.tooltipFontSize, weight: .bold)
        let width = font.width(of: tooltip) + 2 * BarAppearance.tooltipPadding
        let dotTop = frame.midY - max(dot, height) / 2
        let bubble = Rect(
            x: centerX - width / 2, y: dotTop - BarAppearance.tooltipGap - BarAppearance.tooltipHeight,
            width: width, height: BarAppearance.tooltipHeight)
        shapes.append(
            .rect(
                RectShape(
                    id: target + ".tooltip", frame: bubble, cornerRadius: BarAppearance.tooltipCornerRadius,
                    fill: Color(white: 0, alpha: 0.75))))
        shapes.append(
            .text(
                TextShape(
                    id: target + ".tooltipText", position: bubble.center, text: tooltip,
                    size: BarAppearance.tooltipFontSize, weight: .bold, fill: .white, align: .center, baseline: .middle,
                    isRightToLeft: Font.isRightToLeft(tooltip))
            ))
    }
}
