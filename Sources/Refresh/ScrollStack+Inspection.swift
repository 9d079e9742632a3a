import Geometry
import ScrollView
import Timing

extension ScrollStack {
    /// What `inspect` reports.
    public enum Inspection: Equatable, Sendable {
        case scroll(ScrollInspection)
        case refresh(RefreshInspection)
    }

    /// A scroll view at one instant.
    public struct ScrollInspection: Equatable, Sendable {
        public var target: String
        public var frame: Rect
        /// The presentation offset.
        public var offset: Point
        /// The model offset, when it differs from the presentation (an animation runs).
        public var modelOffset: Point?
        /// The content inset in effect (model).
        public var inset: ScrollInsets
        /// The presentation inset, when it differs from the model.
        public var presentationInset: ScrollInsets?
        public var contentSize: Size
        public var dragging: Bool
        public var decelerating: Bool
        public var phase: ScrollPhase
        /// The physics velocity (points per second).
        public var velocity: Point
        public var paused: Bool
    }

    /// A refresh component at one instant.
    public struct RefreshInspection: Equatable, Sendable {
        public var target: String
        public var scroll: String
        public var kind: RefreshKind
        public var style: RefreshStyle
        public var state: RefreshState
        public var pullingPercent: Double
        public var alpha: Double
        /// In the scroll view's content coordinates.
        public var frame: Rect
        /// The state label's text ("" when hidden).
        public var stateTitle: String
        /// The last-updated label's text (headers; "" when hidden).
        public var lastUpdatedText: String
        /// Auto footer: drag triggers left in this pan (-1: unlimited).
        public var remainingTriggers: Int
        /// GIF style: the frame shown.
        public var gifFrame: Int?
        /// Normal style: the arrow's rotation (radians) and the spinner's opacity.
        public var arrowRotation: Double
        public var spinnerAlpha: Double
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

    /// MJRefresh's pullingPercent at `time`: 1 while refreshing; 0 while ending; the auto
    /// footer's stored value; else how far the component is pulled into view for the observed
    /// offset (never negative; capped at 1 when not dragging, where MJRefresh only updates
    /// values under 1).
    func pullingPercent(_ index: Int, scroll: ScrollView, at time: Double, timeline: Timeline) -> Double {
        let component = components[index]
        if component.state.isRefreshing { return 1 }
        if component.ending { return 0 }
        if component.kind == .autoFooter { return component.storedPercent }
        let raw = component.rawPercent(offset: scroll.observedOffset(at: time, timeline: timeline), scroll: scroll)
        let percent = max(0, raw)
        return scroll.isDragging ? percent : min(percent, 1)
    }

    /// The component's alpha at `time`: 1, or with automaticallyChangeAlpha the pulling percent
    /// (1 while refreshing), with MJRefresh's alpha animations (to 1 over 0.25 s on begin, to 0
    /// over 0.4 s on end) taking precedence while they run.
    func alpha(_ index: Int, scroll: ScrollView, at time: Double, timeline: Timeline) -> Double {
        let component = components[index]
        guard component.options.automaticallyChangeAlpha else { return 1 }
        if timeline.hasAnimation(forKey: RefreshComponent.alphaKey.name, on: component.layer),
           let value = timeline.presentationScalar(RefreshComponent.alphaKey, of: component.layer, at: time) {
            return min(max(value, 0), 1)
        }
        if component.state.isRefreshing { return 1 }
        return min(max(pullingPercent(index, scroll: scroll, at: time, timeline: timeline), 0), 1)
    }

    /// The GIF frame at `time`: Idle (and NoMoreData) show floor(count * pullingPercent) clamped
    /// to the last idle frame; Pulling and Refreshing loop their frames every 0.1 s from the
    /// state's start.
    func gifFrame(_ index: Int, scroll: ScrollView, at time: Double, timeline: Timeline) -> Int {
        let component = components[index]
        let frames = component.options.gifFrames
        switch component.state {
        case .idle, .noMoreData:
            let percent = pullingPercent(index, scroll: scroll, at: time, timeline: timeline)
            let raw = (Double(frames.idle) * percent).rounded(.down)
            return Int(min(max(raw, 0), Double(frames.idle - 1)))
        case .pulling, .refreshing, .willRefresh:
            let count = component.state == .pulling ? frames.pulling : frames.refreshing
            // A nanosecond of slack so that exact multiples of 0.1 s land on their frame.
            let elapsed = max(0, time - component.stateSince) / GifFrames.frameDuration + 1e-9
            let step = min(elapsed, 1e12).rounded(.down)
            return Int(step.truncatingRemainder(dividingBy: Double(count)))
        }
    }
}
