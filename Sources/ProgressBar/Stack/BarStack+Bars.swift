public import ComponentSupport
public import Timing

extension BarStack {
    /// `bar.create`: a bar with `style`, value 0, on a new root layer owned by `target`.
    public mutating func createBar(_ target: String, style: BarStyle, timeline: inout Timeline) throws(CommandError) {
        try requireNew(target)
        guard bars.count < BarStack.maximumComponents else {
            throw CommandError(.limit, "at most \(BarStack.maximumComponents) bars")
        }
        bars.append(ProgressBar(target: target, style: style, timeline: &timeline))
    }

    /// `bar.update`: replaces the bar's style (decode with ``BarStyle/updated(with:)``).
    public mutating func updateBar(_ target: String, style: BarStyle) throws(CommandError) {
        let index = try barIndex(target)
        bars[index].style = style
    }

    /// `bar.set`: animates to `value` (0...1) over `duration` seconds (0: at once) from the
    /// current presentation value, with `curve` or the bar's own. Returns false when ignored
    /// because the bar is being dragged.
    @discardableResult
    public mutating func setBar(
        _ target: String, value: Double, duration: Double = 0, curve: BarCurve? = nil,
        at time: Double, timeline: inout Timeline
    ) throws(CommandError) -> Bool {
        let index = try barIndex(target)
        guard value.isFinite, (0...1).contains(value) else { throw .badField("value", "must be a number in 0...1") }
        guard duration.isFinite, BarStack.setDurationRange.contains(duration) else {
            throw .badField("duration", "must be a number in 0...\(Int(BarStack.setDurationRange.upperBound))")
        }
        return bars[index].set(value, duration: duration, curve: curve, at: time, timeline: &timeline)
    }

    /// `bar.pause`: freezes the bar's layer timeline.
    public mutating func pauseBar(_ target: String, at time: Double, timeline: inout Timeline) throws(CommandError) {
        let index = try barIndex(target)
        bars[index].pause(at: time, timeline: &timeline)
    }

    /// `bar.resume`: continues the bar's layer timeline from where it paused.
    public mutating func resumeBar(_ target: String, at time: Double, timeline: inout Timeline) throws(CommandError) {
        let index = try barIndex(target)
        bars[index].resume(at: time, timeline: &timeline)
    }

    /// `bar.stop`: keeps the presentation value as the model value and removes the animation.
    public mutating func stopBar(_ target: String, at time: Double, timeline: inout Timeline) throws(CommandError) {
        let index = try barIndex(target)
        bars[index].stop(at: time, timeline: &timeline)
    }

    /// `bar.reset`: value 0, no animation, not paused. Returns false, changing nothing, while
    /// the bar is dragged (as `bar.set`).
    @discardableResult
    public mutating func resetBar(
        _ target: String, at time: Double, timeline: inout Timeline
    ) throws(CommandError) -> Bool {
        let index = try barIndex(target)
        return bars[index].reset(at: time, timeline: &timeline)
    }

    /// `bar.buffer`: the buffered range's end, 0...1.
    public mutating func setBuffer(_ target: String, value: Double) throws(CommandError) {
        let index = try barIndex(target)
        guard value.isFinite, (0...1).contains(value) else { throw .badField("value", "must be a number in 0...1") }
        bars[index].setBuffer(value)
    }

    /// Accepted `bar.set` durations, in seconds.
    public static let setDurationRange: ClosedRange<Double> = 0...3600
}
