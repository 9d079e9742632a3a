public import ComponentSupport
import InPlace
public import Shapes
public import Timing
import Typesetting

extension BarStack {
    /// Appends every bar's shapes at `time`, back to front (creation order). The tooltip of a
    /// dragged bar shows its player's position at the dragged value as "m:ss", or the value as
    /// a percentage when no player drives it. Call after draining the timeline's events up to
    /// `time`; never changes state.
    public func draw(at time: Double, timeline: Timeline, into shapes: inout [Shape]) {
        for index in bars.indices { drawBar(index, at: time, timeline: timeline, into: &shapes) }
    }

    /// Like ``draw(at:timeline:into:)``, two segments per bar in `list`: the shapes that depend
    /// on the bar's model state alone (label, track, buffered range), kept while the stack's
    /// `revision` stays the same, then the ones that follow its value (fill, dot, tooltip),
    /// drawn every frame (they have no key: a playing bar moves on every frame anyway).
    public func draw(at time: Double, timeline: Timeline, revision: UInt64, into list: inout IncrementalDisplayList) {
        for index in bars.indices {
            list.segment(revision: revision, position: index) { shapes in
                bars.withElementInPlace(at: index) { $0.drawBase(into: &shapes) }
            }
            list.segment(key: nil) { drawProgress(index, at: time, timeline: timeline, into: &$0) }
        }
    }

    private func drawBar(_ index: Int, at time: Double, timeline: Timeline, into shapes: inout [Shape]) {
        bars.withElementInPlace(at: index) { $0.drawBase(into: &shapes) }
        drawProgress(index, at: time, timeline: timeline, into: &shapes)
    }

    /// The bar's fill, dot and tooltip (see ``ProgressBar/drawProgress(at:in:tooltip:fonts:into:)``).
    private func drawProgress(_ index: Int, at time: Double, timeline: Timeline, into shapes: inout [Shape]) {
        // In place: `let bar = bars[index]` (or a call on it) copies the bar, retaining all it
        // holds, per frame.
        bars.withElementInPlace(at: index) { bar in
            var tooltip = ""
            if bar.isDragging {
                let value = bar.presentationValue(at: time, in: timeline)
                if let player = players.first(where: { $0.options.bar == bar.target }) {
                    tooltip = TimeFormatting.minutesSeconds(value * player.options.duration)
                } else {
                    tooltip = TimeFormatting.percent(value)
                }
            }
            bar.drawProgress(at: time, in: timeline, tooltip: tooltip, fonts: fonts, into: &shapes)
        }
    }

    /// The regions where a pointer down starts a drag at `time`, frontmost first: each
    /// draggable bar's dot enlarged by its `hitInset` (part `"dot"`).
    public func hitRegions(at time: Double, timeline: Timeline) -> [HitRegion] {
        bars.reversed().compactMap { $0.hitRegion(at: time, in: timeline) }
    }
}
