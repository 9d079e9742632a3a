public import ComponentSupport
import Geometry
import ScrollView
public import Timing

extension ScrollStack {
    /// The regions that accept a pointer down at `time`, frontmost first: for each scroll view
    /// (newest first) its Idle auto footer's label (part `"label"`, tap to load) and its frame
    /// (part `"scroll"`).
    public func hitRegions(at time: Double, timeline: Timeline) -> [HitRegion] {
        var regions: [HitRegion] = []
        for scroll in scrollViews.reversed() {
            let offset = scroll.offset(at: time, timeline: timeline)
            for c in components.indices where components[c].scroll == scroll.target && isTappable(c) {
                let frame = canvasFrame(c, scroll: scroll, offset: offset)
                if let visible = ScrollStack.intersection(frame, scroll.frame) {
                    regions.append(HitRegion(target: components[c].target, part: "label", frame: visible))
                }
            }
            regions.append(HitRegion(target: scroll.target, part: "scroll", frame: scroll.frame))
        }
        return regions
    }

    /// MJRefreshAutoStateFooter: tapping the (visible) label while Idle loads.
    private func isTappable(_ c: Int) -> Bool {
        components[c].kind == .autoFooter && components[c].state == .idle && !components[c].options.stateHidden
    }

    /// Offers a pointer event. A down inside a scroll view's frame (frontmost first) claims the
    /// pointer and catches the view; that pointer's moves drag it and its up releases it. An up
    /// that never dragged is a tap: on an Idle auto footer's label it starts loading.
    public mutating func pointer(
        _ event: PointerEvent, timeline: inout Timeline,
        events: inout [TimedEvent<Event>]
    ) -> PointerResponse? {
        let tracking = scrollViews.firstIndex { $0.trackedPointer == event.pointer }
        guard event.phase == .down else {
            guard let s = tracking else { return nil }
            route(event, to: s, timeline: &timeline, events: &events)
            return PointerResponse(target: scrollViews[s].target)
        }
        if let stale = tracking {
            // A second down of a pointer still dragging (its up was lost): cancel that drag first.
            let cancel = PointerEvent(
                phase: .cancel, location: event.location, pointer: event.pointer, time: event.time)
            route(cancel, to: stale, timeline: &timeline, events: &events)
        }
        guard
            let s = scrollViews.indices.reversed().first(where: {
                scrollViews[$0].frame.contains(event.location) && scrollViews[$0].trackedPointer == nil
            })
        else { return nil }
        route(event, to: s, timeline: &timeline, events: &events)
        return PointerResponse(target: scrollViews[s].target)
    }

    private mutating func route(
        _ event: PointerEvent, to index: Int, timeline: inout Timeline, events: inout [TimedEvent<Event>]
    ) {
        let update = scrollViews[index].handle(event, timeline: &timeline)
        if scrollViews[index].phase == .dragging {
            // A drag that begins is reported before what the components make of it: MJRefresh
            // goes to Pulling from the contentOffset observer, once isDragging is already YES.
            // (A release is the other way round: its state change is observed on the pan's
            // state, before UIScrollView begins decelerating.)
            reportPhase(index, at: event.time, events: &events)
        }
        observe(update, scroll: index, at: event.time, timeline: &timeline, events: &events)
        if let tap = update.tap {
            let offset = scrollViews[index].offset(at: event.time, timeline: timeline)
            for c in attached(to: scrollViews[index].target)
            where isTappable(c) && canvasFrame(c, scroll: scrollViews[index], offset: offset).contains(tap) {
                beginRefreshing(c, at: event.time, timeline: &timeline, events: &events)
            }
        }
        reportPhase(index, at: event.time, events: &events)
        refreshWatches(at: event.time, timeline: &timeline)
    }
}

extension ScrollStack {
    /// The overlap of two rectangles, or nil when they do not overlap.
    static func intersection(_ a: Rect, _ b: Rect) -> Rect? {
        let minX = max(a.minX, b.minX), maxX = min(a.maxX, b.maxX)
        let minY = max(a.minY, b.minY), maxY = min(a.maxY, b.maxY)
        guard maxX > minX, maxY > minY else { return nil }
        return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }
}
