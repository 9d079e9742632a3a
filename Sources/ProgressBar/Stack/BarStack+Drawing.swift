public import ComponentSupport
public import Shapes
public import Timing
import Typesetting

extension BarStack {
    /// Appends every bar's shapes at `time`, back to front (creation order). The tooltip of a
    /// dragged bar shows its player's position at the dragged value as "m:ss", or the value as
    /// a percentage when no player drives it. Call after draining the timeline's events up to
    /// `time`; never changes state.
    public func draw(at time: Double, timeline: Timeline, into shapes: inout [Shape]) {
        for bar in bars {
            var tooltip = ""
            if bar.isDragging {
                let value = bar.presentationValue(at: time, in: timeline)
                if let player = players.first(where: { $0.options.bar == bar.target }) {
                    tooltip = TimeFormatting.minutesSeconds(value * player.options.duration)
                } else {
                    tooltip = TimeFormatting.percent(value)
                }
            }
            bar.draw(at: time, in: timeline, tooltip: tooltip, fonts: fonts, into: &shapes)
        }
    }

    /// The regions where a pointer down starts a drag at `time`, frontmost first: each
    /// draggable bar's dot enlarged by its `hitInset` (part `"dot"`).
    public func hitRegions(at time: Double, timeline: Timeline) -> [HitRegion] {
        bars.reversed().compactMap { $0.hitRegion(at: time, in: timeline) }
    }
}
