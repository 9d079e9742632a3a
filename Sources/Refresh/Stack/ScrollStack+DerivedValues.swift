import ScrollView
import Timing

extension ScrollStack {
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
            let value = timeline.presentationScalar(RefreshComponent.alphaKey, of: component.layer, at: time)
        {
            return min(max(value, 0), 1)
        }
        if component.state.isRefreshing { return 1 }
        return min(max(pullingPercent(index, scroll: scroll, at: time, timeline: timeline), 0), 1)
    }

    /// A media time before which ``alpha(_:scroll:at:timeline:)`` stays the one at `time` while
    /// the model state and the scroll view's offset do (the offset promises for itself): infinity
    /// without automaticallyChangeAlpha, else until the next start of an alpha animation (`time`
    /// while one runs).
    func alphaSteadyUntil(_ index: Int, at time: Double, timeline: Timeline) -> Double {
        let component = components[index]
        guard component.options.automaticallyChangeAlpha else { return .infinity }
        return timeline.presentationSteadyUntil(RefreshComponent.alphaKey, of: component.layer, at: time)
    }

    /// A media time before which ``gifFrame(_:scroll:at:timeline:)`` stays the one at `time`
    /// while the model state and the scroll view's offset do: infinity while the frame follows
    /// the pull (Idle, NoMoreData), else a microsecond before the next 0.1 s frame (`time` when it
    /// cannot tell).
    func gifFrameSteadyUntil(_ index: Int, at time: Double) -> Double {
        let component = components[index]
        switch component.state {
        case .idle, .noMoreData:
            return .infinity
        case .pulling, .refreshing, .willRefresh:
            // As `gifFrame`: the frame is floor(elapsed / duration + 1e-9), which reaches one
            // more when elapsed reaches (step + 1 - 1e-9) frame durations.
            let elapsed = max(0, time - component.stateSince) / GifFrames.frameDuration + 1e-9
            guard elapsed.isFinite, elapsed < 1e12 else { return time }
            let next = component.stateSince + (elapsed.rounded(.down) + 1 - 1e-9) * GifFrames.frameDuration
            return max(time, next - Timeline.steadyMargin)
        }
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
            guard raw.isFinite else { return 0 }
            return Int(min(max(raw, 0), Double(frames.idle - 1)))
        case .pulling, .refreshing, .willRefresh:
            let count = component.state == .pulling ? frames.pulling : frames.refreshing
            // A nanosecond of slack so that exact multiples of 0.1 s land on their frame.
            let elapsed = max(0, time - component.stateSince) / GifFrames.frameDuration + 1e-9
            guard elapsed.isFinite else { return 0 }
            let step = min(elapsed, 1e12).rounded(.down)
            return Int(step.truncatingRemainder(dividingBy: Double(count)))
        }
    }
}
