public import ComponentSupport
import Geometry
public import Timing

extension ProgressBar {
    /// Changes of the fill's width below this many points are neither applied nor reported
    /// (BN skips updates under 0.1/3 pt: no visible difference).
    public static let minimumReportedChange = 0.1 / 3

    /// The dot's frame (undragged size) centred on the fill's end for `value`.
    func dotFrame(value: Double) -> Rect {
        let frame = style.frame
        let size = style.dotSize
        return Rect(x: frame.minX + value * frame.width - size / 2, y: frame.midY - size / 2, width: size, height: size)
    }

    /// Where a pointer down starts a drag at `time`: the dot's frame at the presentation value,
    /// enlarged by `hitInset` on every side (BN adds 20 pt). Nil when the bar is not draggable.
    public func hitRegion(at time: Double, in timeline: Timeline) -> HitRegion? {
        guard style.draggable else { return nil }
        let frame = dotFrame(value: presentationValue(at: time, in: timeline))
        return HitRegion(target: target, part: "dot", frame: frame, outset: style.hitInset)
    }

    /// A pointer down: starts a drag when the bar is draggable, not already dragged and the
    /// point is in ``hitRegion(at:in:)``. The drag removes the animation in flight and resets
    /// the layer clock to speed 1 (BN's resetAnimation), and the value jumps to the pointer's
    /// x (BN centres the dot under the finger). Returns the `began` update, or nil.
    mutating func beginDrag(_ event: PointerEvent, timeline: inout Timeline) -> (state: BarDragState, value: Double)? {
        guard event.phase == .down, !isDragging,
            let region = hitRegion(at: event.time, in: timeline), region.contains(event.location)
        else { return nil }
        var pan = PanGestureRecognizer()
        guard pan.handle(event) == .began else { return nil }
        let before = presentationValue(at: event.time, in: timeline)
        removeAnimations(at: event.time, timeline: &timeline)
        resetClock(timeline: &timeline)
        let value = value(forPointerX: event.location.x)
        timeline.setModel(.scalar(value), for: ProgressBar.valueKey, of: layer)
        drag = BarDrag(pan: pan, valueBefore: before, reportedX: value * style.frame.width)
        return (.began, value)
    }

    /// A move, up or cancel of the dragging pointer. Every event resets the layer clock (as BN
    /// does), so a pause during a drag does not outlive it. Moves under
    /// ``minimumReportedChange`` return nil (the event is still consumed).
    mutating func continueDrag(_ event: PointerEvent, timeline: inout Timeline) -> (state: BarDragState, value: Double)?
    {
        guard var current = drag, current.pan.pointer == event.pointer else { return nil }
        let recognized = current.pan.handle(event)
        resetClock(timeline: &timeline)
        switch recognized {
        case .changed?, .ended?:
            let value = value(forPointerX: event.location.x)
            let x = value * style.frame.width
            let moved = abs(x - current.reportedX) >= ProgressBar.minimumReportedChange
            if moved {
                timeline.setModel(.scalar(value), for: ProgressBar.valueKey, of: layer)
                current.reportedX = x
            }
            if recognized == .ended {
                drag = nil
                return (.ended, modelValue(in: timeline))
            }
            drag = current
            return moved ? (.changed, value) : nil
        case .cancelled?:
            drag = nil
            timeline.setModel(.scalar(current.valueBefore), for: ProgressBar.valueKey, of: layer)
            return (.cancelled, current.valueBefore)
        default:
            drag = current
            return nil
        }
    }
}
