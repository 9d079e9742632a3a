import Geometry
import ScrollView
import Timing

extension ScrollStack {
    /// What `inspect` reports.
    public enum Inspection: Equatable, Sendable {
        case scroll(ScrollInspection)
        case refresh(RefreshInspection)
    }

    public func inspect(_ target: String, at time: Double, timeline: Timeline) -> Inspection? {
        if let scroll = scrollView(target) {
            let offset = scroll.offset(at: time, timeline: timeline)
            let model = scroll.modelOffset(timeline: timeline)
            let inset = scroll.presentationInset(at: time, timeline: timeline)
            return .scroll(ScrollInspection(
                target: target, frame: scroll.frame, offset: offset, modelOffset: model == offset ? nil : model,
                inset: scroll.contentInset, presentationInset: inset == scroll.contentInset ? nil : inset,
                contentSize: scroll.contentSize, dragging: scroll.isDragging, decelerating: scroll.isDecelerating,
                phase: scroll.phase, velocity: scroll.velocity(at: time, timeline: timeline), paused: timeline.isPaused(scroll.layer)))
        }
        guard let index = components.firstIndex(where: { $0.target == target }), let s = scrollIndex(of: index) else { return nil }
        let component = components[index]
        let scroll = scrollViews[s]
        return .refresh(RefreshInspection(
            target: target, scroll: scroll.target, kind: component.kind, style: component.options.style, state: component.state,
            pullingPercent: pullingPercent(index, scroll: scroll, at: time, timeline: timeline),
            alpha: alpha(index, scroll: scroll, at: time, timeline: timeline), frame: component.frame(in: scroll),
            stateTitle: component.options.stateHidden ? "" : component.texts.state,
            lastUpdatedText: component.kind == .header && !component.options.lastUpdatedTimeHidden ? component.texts.time : "",
            remainingTriggers: component.remainingTriggers,
            gifFrame: component.options.style == .gif ? gifFrame(index, scroll: scroll, at: time, timeline: timeline) : nil,
            arrowRotation: timeline.presentationScalar(RefreshComponent.arrowKey, of: component.layer, at: time) ?? 0,
            spinnerAlpha: timeline.presentationScalar(RefreshComponent.spinnerKey, of: component.layer, at: time) ?? 0))
    }
}
