public import ComponentSupport
import Geometry
public import Timing

extension ScrollView {
    /// The pointer this view is tracking, if any.
    public var trackedPointer: Int? { pan.pointer }

    /// Feeds one pointer event of the finger on this view (a down must be inside the frame; the
    /// stack checks). A down catches a moving view where it is; moves drag the content 1:1
    /// (rubber-banded past an edge); an up releases it with the recogniser's velocity.
    public mutating func handle(_ event: PointerEvent, timeline: inout Timeline) -> ScrollUpdate {
        switch event.phase {
        case .down: return touchDown(event, timeline: &timeline)
        case .move: return touchMove(event, timeline: &timeline)
        case .up, .cancel: return touchUp(event, timeline: &timeline)
        }
    }

    private mutating func touchDown(_ event: PointerEvent, timeline: inout Timeline) -> ScrollUpdate {
        var update = ScrollUpdate()
        guard drag == nil else { return update }
        // UIKit: a touch stops deceleration (and a bounce) where it is.
        stopMotion(at: event.time, timeline: &timeline)
        if phase == .decelerating { enter(.idle, at: event.time, update: &update) }
        pan.reset()
        _ = pan.handle(event)
        let model = modelOffset(timeline: timeline)
        drag = Drag(anchor: Point(x: unbanded(model.x, .horizontal), y: unbanded(model.y, .vertical)), moved: false)
        return update
    }

    private mutating func touchMove(_ event: PointerEvent, timeline: inout Timeline) -> ScrollUpdate {
        var update = ScrollUpdate()
        guard let current = drag, event.pointer == pan.pointer else { return update }
        _ = pan.handle(event)
        let translation = pan.translation
        guard current.moved || translation != .zero else { return update }
        if !current.moved && !scrolls(.horizontal) && !scrolls(.vertical) {
            // Nothing to scroll (content within the view, no alwaysBounce): the pan never begins.
            drag?.strayed = true
            return update
        }
        if !current.moved {
            drag?.moved = true
            update.panBegan = true
            enter(.dragging, at: event.time, update: &update)
        }
        let old = modelOffset(timeline: timeline)
        let raw = current.anchor - translation
        let new = Point(
            x: scrolls(.horizontal) ? banded(raw.x, .horizontal) : old.x,
            y: scrolls(.vertical) ? banded(raw.y, .vertical) : old.y)
        for axis in ScrollAxis.allCases {
            removeAxisAnimations(axis, at: event.time, timeline: &timeline)
            timeline.setModel(.scalar(axis.of(new)), for: axis.offsetKey, of: layer)
        }
        if new != old { update.offsetChange = (old, new) }
        return update
    }

    private mutating func touchUp(_ event: PointerEvent, timeline: inout Timeline) -> ScrollUpdate {
        var update = ScrollUpdate()
        guard let current = drag, event.pointer == pan.pointer else { return update }
        _ = pan.handle(event)
        drag = nil
        // The content moves against the finger, at its own speed: past an edge, the rubber band's.
        let raw = current.anchor - pan.translation
        let velocity =
            current.moved && event.phase == .up
            ? Point(
                x: -pan.velocity.x * bandSlope(raw.x, .horizontal), y: -pan.velocity.y * bandSlope(raw.y, .vertical))
            : .zero
        if current.moved {
            update.released = true
            update.cancelled = event.phase == .cancel
        } else if event.phase == .up && !current.strayed {
            update.tap = event.location
        }
        let moving = startMotion(
            from: modelOffset(timeline: timeline), velocity: velocity, at: event.time, timeline: &timeline)
        enter(moving ? .decelerating : .idle, at: event.time, update: &update)
        return update
    }

    /// The offset shown for an unbanded (finger-following) offset `raw` on `axis`.
    func banded(_ raw: Double, _ axis: ScrollAxis) -> Double {
        let lo = minOffset(axis), hi = maxOffset(axis), d = axis.of(frame.size)
        if raw < lo { return bounces ? lo - ScrollPhysics.rubberBand(lo - raw, dimension: d) : lo }
        if raw > hi { return bounces ? hi + ScrollPhysics.rubberBand(raw - hi, dimension: d) : hi }
        return raw
    }

    /// Points the shown offset moves per point of the unbanded offset at `raw` on `axis`: 1 within
    /// the content, the rubber band's slope past an edge. UIScrollView: a drag released past an
    /// edge goes on at the content's own (banded) speed, not the finger's, so the content never
    /// speeds up away from the edge as the finger lifts.
    func bandSlope(_ raw: Double, _ axis: ScrollAxis) -> Double {
        guard bounces else { return 1 }
        let lo = minOffset(axis), hi = maxOffset(axis), d = axis.of(frame.size)
        if raw < lo { return ScrollPhysics.rubberBandSlope(lo - raw, dimension: d) }
        if raw > hi { return ScrollPhysics.rubberBandSlope(raw - hi, dimension: d) }
        return 1
    }

    /// The unbanded offset that shows `shown` on `axis` (inverse of ``banded(_:_:)``).
    func unbanded(_ shown: Double, _ axis: ScrollAxis) -> Double {
        let lo = minOffset(axis), hi = maxOffset(axis), d = axis.of(frame.size)
        if shown < lo { return lo - ScrollPhysics.inverseRubberBand(lo - shown, dimension: d) }
        if shown > hi { return hi + ScrollPhysics.inverseRubberBand(shown - hi, dimension: d) }
        return shown
    }
}
