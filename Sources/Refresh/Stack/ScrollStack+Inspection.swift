import Geometry
import ScrollView
public import Timing

extension ScrollStack {
    /// What `inspect` reports.
    public enum Inspection: Equatable, Sendable {
        case scroll(ScrollInspection)
        case refresh(RefreshInspection)
    }

    /// The content inset as MJRefresh leaves it: a refreshing header keeps the top inset within
    /// [original top, original top + h] following -offsetY (MJRefreshHeader resetInset, step 1
    /// of its offset rules). The scroll view itself rests against original top + h, which gives
    /// the same motion: inside that band the inset follows the offset, so nothing bounces there.
    func reportedInset(_ scroll: ScrollView, at time: Double, timeline: Timeline) -> ScrollInsets {
        var inset = scroll.contentInset
        for component in components
        where component.scroll == scroll.target && component.kind == .header && component.state == .refreshing {
            let original = component.originalInset.top
            let following = -scroll.observedOffset(at: time, timeline: timeline).y
            inset.top = min(max(following, original), original + component.extent)
        }
        return inset
    }

    /// The state of the scroll view or refresh component `target` at `time` (nil when not
    /// this stack's). Never changes anything.
    public func inspect(_ target: String, at time: Double, timeline: Timeline) -> Inspection? {
        if let scroll = scrollView(target) {
            let offset = scroll.offset(at: time, timeline: timeline)
            let model = scroll.modelOffset(timeline: timeline)
            let inset = scroll.presentationInset(at: time, timeline: timeline)
            return .scroll(
                ScrollInspection(
                    target: target, frame: scroll.frame, offset: offset, modelOffset: model == offset ? nil : model,
                    inset: reportedInset(scroll, at: time, timeline: timeline),
                    presentationInset: inset == scroll.contentInset ? nil : inset,
                    contentSize: scroll.contentSize, dragging: scroll.isDragging, decelerating: scroll.isDecelerating,
                    phase: scroll.phase, velocity: scroll.velocity(at: time, timeline: timeline),
                    paused: timeline.isPaused(scroll.layer)))
        }
        guard let index = components.firstIndex(where: { $0.target == target }), let s = scrollIndex(of: index) else {
            return nil
        }
        let component = components[index]
        let scroll = scrollViews[s]
        return .refresh(
            RefreshInspection(
                target: target, scroll: scroll.target, kind: component.kind, style: component.options.style,
                state: component.state,
                pullingPercent: pullingPercent(index, scroll: scroll, at: time, timeline: timeline),
                alpha: alpha(index, scroll: scroll, at: time, timeline: timeline), frame: component.frame(in: scroll),
                stateTitle: component.options.stateHidden ? "" : component.texts.state,
                lastUpdatedText: component.kind == .header && !component.options.lastUpdatedTimeHidden
                    ? component.texts.time : "",
                remainingTriggers: component.remainingTriggers,
                gifFrame: component.options.style == .gif
                    ? gifFrame(index, scroll: scroll, at: time, timeline: timeline) : nil,
                arrowRotation: timeline.presentationScalar(RefreshComponent.arrowKey, of: component.layer, at: time)
                    ?? 0,
                spinnerAlpha: timeline.presentationScalar(RefreshComponent.spinnerKey, of: component.layer, at: time)
                    ?? 0))
    }
}
