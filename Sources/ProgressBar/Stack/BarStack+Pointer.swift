public import ComponentSupport
public import Timing

extension BarStack {
    /// Offers a pointer event to the bars. A down is hit-tested front to back and claimed by
    /// the first draggable bar whose enlarged dot contains it (and that no other pointer is
    /// dragging); moves, ups and cancels go to the bar their pointer is dragging. Returns
    /// whether a bar consumed the event (the Scene then records the claim in its
    /// ``PointerOwnership`` and stops offering the event to components behind).
    ///
    /// Reports `bar.drag` {`state`, `value`}; a drag that ends seeks the bar's player to the
    /// dragged position (`player.seeked`); a cancelled drag restores the value from before and
    /// puts the bar back in step with its player.
    public mutating func pointer(
        _ event: PointerEvent, timeline: inout Timeline,
        events: inout [TimedEvent<BarEvent>]
    ) -> PointerResponse? {
        let dragged = bars.firstIndex { $0.dragPointer == event.pointer }
        guard event.phase == .down else {
            guard let index = dragged else { return nil }
            let target = bars[index].target
            continueDrag(barAt: index, with: event, timeline: &timeline, events: &events)
            return PointerResponse(target: target)
        }
        if let stale = dragged {
            // A second down of a pointer that is still dragging (its up was lost): cancel that drag first.
            let cancel = PointerEvent(
                phase: .cancel, location: event.location, pointer: event.pointer, time: event.time)
            continueDrag(barAt: stale, with: cancel, timeline: &timeline, events: &events)
        }
        for index in bars.indices.reversed() {
            guard let update = bars[index].beginDrag(event, timeline: &timeline) else { continue }
            events.append(dragEvent(bars[index].target, update, at: event.time))
            return PointerResponse(target: bars[index].target)
        }
        return nil
    }

    /// Cancels the drag of the bar at `index`, if any, as its pointer's cancel would (the value
    /// from before comes back, the player resyncs): UIKit cancels a gesture whose recogniser is
    /// disabled mid-gesture, as `bar.update {"draggable": false}` does here.
    mutating func cancelDrag(
        barAt index: Int, at time: Double, timeline: inout Timeline, events: inout [TimedEvent<BarEvent>]
    ) {
        guard let pointer = bars[index].dragPointer, let location = bars[index].drag?.pan.location else { return }
        let cancel = PointerEvent(phase: .cancel, location: location, pointer: pointer, time: time)
        continueDrag(barAt: index, with: cancel, timeline: &timeline, events: &events)
    }

    private mutating func continueDrag(
        barAt index: Int, with event: PointerEvent, timeline: inout Timeline, events: inout [TimedEvent<BarEvent>]
    ) {
        guard let update = bars[index].continueDrag(event, timeline: &timeline) else { return }
        events.append(dragEvent(bars[index].target, update, at: event.time))
        guard let p = playerIndex(forBarAt: index) else { return }
        switch update.state {
        case .ended:
            let to = update.value * players[p].options.duration
            players[p].seek(to: to, at: event.time, bar: &bars[index], timeline: &timeline, events: &events)
        case .cancelled:
            players[p].resync(at: event.time, bar: &bars[index], timeline: &timeline, events: &events)
        case .began, .changed:
            break
        }
    }

    private func dragEvent(
        _ target: String, _ update: (state: BarDragState, value: Double), at time: Double
    ) -> TimedEvent<BarEvent> {
        TimedEvent(time: time, target: target, .drag(state: update.state, value: update.value))
    }
}
