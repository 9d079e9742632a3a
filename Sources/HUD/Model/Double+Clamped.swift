extension Double {
    /// The value clamped to `range`, or `fallback` when it is not finite.
    func clamped(to range: ClosedRange<Double>, else fallback: Double) -> Double {
        guard isFinite else { return fallback }
        return Swift.min(Swift.max(self, range.lowerBound), range.upperBound)
    }
}
